"""Forms of players' accounts: sign-up, claiming a registry player, adding oneself, settings
and a decision on a claim. They parse; the services in tournament/accounts/services.py judge
(and Django's password validators, through them)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.claims.services import MESSAGE_MAX
from tournament.registry.forms import PlayerDetailsForm
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


class OwnPlayerForm(PlayerDetailsForm):
    """A person adding themselves to the registry: their name, club and country."""
