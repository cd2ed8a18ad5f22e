"""Forms of players' accounts: sign-up, claiming a registry player, adding oneself, settings
and a decision on a claim. They parse; the services in tournament/accounts/services.py judge
(and Django's password validators, through them)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.claims.services import MESSAGE_MAX
from tournament.text import NoControlCharacters


class SearchForm(forms.Form):
    q = forms.CharField(label=_("Your name as the registry has it"), max_length=120, required=False)


class ClaimForm(forms.Form):
    message = forms.CharField(
        label=_("How to tell it is you"),
        max_length=MESSAGE_MAX,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("E.g. your club, the events you played, who knows you. Shown to directors."),
        validators=[NoControlCharacters("message", multiline=True)],
    )


class OwnPlayerForm(forms.Form):
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
