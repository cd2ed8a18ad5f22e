"""Festival pages: the list, a festival's page (events, schedule, results), its Pentamind
placings export, and the directors' create and edit form."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from tournament.festivals import services as festival_services
from tournament.festivals.models import FestivalRole
from tournament.models.events import Festival
from tournament.text import NoControlCharacters
from tournament.widgets import DateInput


class FestivalForm(forms.Form):
    """What a director types; the service decides what is allowed."""

    name = forms.CharField(
        label=gettext_lazy("Name"), max_length=200, validators=[NoControlCharacters("name")]
    )
    venue = forms.CharField(
        label=gettext_lazy("Venue"),
        max_length=200,
        required=False,
        validators=[NoControlCharacters("venue")],
    )
    starts = forms.DateField(label=gettext_lazy("First day"), widget=DateInput())
    ends = forms.DateField(label=gettext_lazy("Last day"), widget=DateInput())
    time_zone = forms.CharField(
        label=gettext_lazy("Time zone"),
        max_length=64,
        initial="Europe/London",
        help_text=gettext_lazy("The venue's, e.g. Europe/London: the schedule is shown in it"),
        widget=forms.TextInput(attrs={"list": "time-zones", "autocomplete": "off"}),
    )

    @staticmethod
    def initial_of(festival: Festival) -> dict[str, Any]:
        return {name: getattr(festival, name) for name in festival_services.FESTIVAL_FIELDS}


class RoleForm(forms.Form):
    """Someone named to a role across the festival."""

    username = forms.CharField(label=gettext_lazy("Username"), max_length=150)
    role = forms.ChoiceField(
        label=gettext_lazy("Role"),
        choices=FestivalRole.Role.choices,
        initial=FestivalRole.Role.FESTIVAL,
        required=False,  # a form without it names a director of the festival, as it always did
        help_text=gettext_lazy(
            "A director or an arbiter of every event holds that role in each event of the "
            "festival, those that join later included; only a director of the festival edits it."
        ),
    )

    def clean_role(self) -> str:
        return str(self.cleaned_data.get("role") or FestivalRole.Role.FESTIVAL)

    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=300,
        required=False,
        help_text=gettext_lazy("Optional: why (it goes into the rights log)"),
    )
