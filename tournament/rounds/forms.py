"""Forms of the director pages. They parse what was typed; the services decide what is allowed."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.fields import WholeNumberFormField, form_field
from tournament.models.events import Board
from tournament.models.where import RoundPlayed
from tournament.text import NoControlCharacters


def on_board(name: str, number: int) -> str:
    """A player offered in the swap forms, with their board ("Ada Byron (board 3)")."""
    return _("%(name)s (board %(number)s)") % {"name": name, "number": number}


class SwapPlayersForm(forms.Form):
    first = forms.TypedChoiceField(coerce=int, label=_("Player"))
    second = forms.TypedChoiceField(coerce=int, label=_("swaps seats with"))
    reason = forms.CharField(
        label=_("Reason"), max_length=300, validators=[NoControlCharacters("reason")]
    )

    def __init__(self, *args: Any, boards: list[Board], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices: list[tuple[str | int, str]] = [("", "—")]
        for b in boards:
            for entry in b.sides:
                if entry is not None:
                    choices.append((entry.pk, on_board(entry.name, b.number)))  # or a team
        form_field(self, "first", forms.ChoiceField).choices = choices
        form_field(self, "second", forms.ChoiceField).choices = choices


class PublishForm(forms.Form):
    """A hybrid event's round: where its boards are played, chosen as it is published."""

    played = forms.ChoiceField(
        label=_("Where this round's boards are played"),
        choices=RoundPlayed.choices,
        required=False,
    )


class SwapBoardsForm(forms.Form):
    board_a = WholeNumberFormField(min_value=1, label=_("Board"))
    board_b = WholeNumberFormField(min_value=1, label=_("swaps table with board"))
    reason = forms.CharField(
        label=_("Reason"), max_length=300, validators=[NoControlCharacters("reason")]
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Shown beside the swap-players form: ids of its own, so each label finds its field.
        kwargs.setdefault("auto_id", "id_swap_boards_%s")
        super().__init__(*args, **kwargs)
