"""Forms of players' accounts: sign-up, claiming a registry player, adding oneself, settings
and a decision on a claim. They parse; the services in tournament/accounts/services.py judge
(and Django's password validators, through them)."""

from typing import Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.password_validation import password_validators_help_texts
from django.utils.translation import gettext_lazy as _

from tournament.accounts.services import DISPLAY_NAME_MAX


class SignUpForm(forms.Form):
    email = forms.EmailField(
        label=_("E-mail"),
        max_length=150,  # it becomes the user name
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
        help_text=_("You log in with it; a forgotten password is reset through it."),
    )
    display_name = forms.CharField(
        label=_("Display name"),
        max_length=DISPLAY_NAME_MAX,
        widget=forms.TextInput(attrs={"autocomplete": "name"}),
        help_text=_(
            "What others see of you (your player's name once your claim is approved); "
            "your e-mail address stays private."
        ),
    )
    password = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password2 = forms.CharField(
        label=_("Password again"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Django's validators say what they want, in the request's language.
        self.fields["password"].help_text = " ".join(password_validators_help_texts())

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        first, second = data.get("password"), data.get("password2")
        if first and second and first != second:
            self.add_error("password2", _("The two passwords differ: type the same one twice."))
        return data


class LoginForm(AuthenticationForm):
    """Django's login form; a player's user name is their e-mail, kept in lower case."""

    def clean_username(self) -> str:
        username = str(self.cleaned_data.get("username") or "")
        return username.strip().lower() if "@" in username else username


class DisplayNameForm(forms.Form):
    display_name = forms.CharField(
        label=_("Display name"),
        max_length=DISPLAY_NAME_MAX,
        widget=forms.TextInput(attrs={"autocomplete": "name"}),
        help_text=_("Others see your player's name once one is linked to you; until then, this."),
    )


class NotifyForm(forms.Form):
    notify = forms.BooleanField(label=_("E-mail me my pairings and results"), required=False)
