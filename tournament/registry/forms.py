"""Forms of the registry: a player's details as the registry keeps them. They parse what was
typed; the services judge the rest (a country's letters, a duplicate: services.py)."""

import copy

from django import forms
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from tournament.text import NoControlCharacters


class PlayerDetailsForm(forms.Form):
    """A player's name, club and country: one set of fields and checks wherever a player's
    details are typed (a director entering or correcting a player, a person adding themselves
    to the registry)."""

    name = forms.CharField(
        label=_("Name"), max_length=120, validators=[NoControlCharacters("name")]
    )
    club = forms.CharField(
        label=_("Club"), max_length=120, required=False, validators=[NoControlCharacters("club")]
    )
    country = forms.CharField(
        label=_("Country"),
        max_length=3,
        required=False,
        help_text=_("A code of 2 or 3 letters, e.g. ENG."),
        validators=[NoControlCharacters("country")],
    )


def detail_field(
    form: type[forms.Form], name: str, label: StrOrPromise, *, required: bool | None = None
) -> forms.Field:
    """A copy of ``form``'s field ``name`` (its checks and messages) under another label: a
    partner's name beside the first player's."""
    field = copy.deepcopy(form.base_fields[name])
    field.label = label
    if required is not None:
        field.required = required
    return field
