"""The control room's forms: one per board action, each with its reason."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.control_room.models import TEXT_MAX
from games.recording.forms import parse_clock_time
from tournament.fields import WholeNumberFormField
from tournament.models.events import PAIR_RESULTS, Result

#: The operations of the control room's one form address, as its forms send them.
OPERATIONS = ("pause", "resume", "adjust", "takeback", "result", "message", "racks", "answer")


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=300)


class AdjustForm(ReasonForm):
    seat = WholeNumberFormField(label=_("Seat"), min_value=0, max_value=3)
    time = forms.CharField(label=_("Time left"), max_length=12, help_text=_("e.g. 4:30"))
    confirm_long = forms.BooleanField(label=_("Confirm a long adjustment"), required=False)

    def clean_time(self) -> int:
        try:
            return parse_clock_time(self.cleaned_data["time"])
        except ValueError as exc:
            raise forms.ValidationError(
                _("%(time)s is not a time such as 4:30.")
                % {"time": repr(self.cleaned_data["time"])}
            ) from exc


class TakeBackForm(ReasonForm):
    expected_index = WholeNumberFormField(min_value=0, widget=forms.HiddenInput)
    count = WholeNumberFormField(label=_("Actions"), min_value=1, max_value=200, initial=1)


class ResultForm(ReasonForm):
    result = forms.ChoiceField(
        label=_("Result"), choices=[(r.value, r.label) for r in Result if r in PAIR_RESULTS]
    )
    replaces = WholeNumberFormField(min_value=0, required=False, widget=forms.HiddenInput)
    first_lowest = WholeNumberFormField(
        label=_("First's lowest level"), min_value=0, max_value=36, required=False
    )
    second_lowest = WholeNumberFormField(
        label=_("Second's lowest level"), min_value=0, max_value=36, required=False
    )


class MessageForm(forms.Form):
    text = forms.CharField(label=_("Message to the board"), max_length=TEXT_MAX)


class AnswerForm(forms.Form):
    call = WholeNumberFormField(min_value=1, widget=forms.HiddenInput)
    answer = forms.CharField(label=_("Answer"), max_length=TEXT_MAX)


class CallForm(forms.Form):
    """A player's call (the game page posts JSON; read through this form)."""

    text = forms.CharField(max_length=TEXT_MAX, required=False)
