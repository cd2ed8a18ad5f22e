"""What players do for themselves: claims of registry players, online entries, check-in,
result confirmations and the notifications sent to them; the e-mail addresses they proved
theirs; and the registry's merges."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class VerifiedAddress(models.Model):
    """An account's e-mail address, proved its owner's: they followed a link sent to it (at
    sign-up, or a password reset), or the account is older than verification (the migration
    vouched for it) or a demo account. It counts while the account still has this address, so
    an address changed later must be proved again. Claiming a player and entering events
    online need it (tournament/accounts/verification.py)."""

    class Source(models.TextChoices):
        LINK = "link", _("The verification link")
        PASSWORD_RESET = "password-reset", _("A password reset link")
        EXISTING = "existing", _("An account from before verification")
        DEMO = "demo", _("A demo account")

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="verified_address"
    )
    email = models.CharField(max_length=254, blank=True)
    source = models.CharField(max_length=20, choices=Source.choices)
    verified_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user} verified by {self.source}"


class LanguageUsed(models.Model):
    """The language an account last used on the site: the page's when its owner signed in, or
    the one they chose with the language switch since. E-mails to them are written in it
    (tournament/accounts/selectors.py, ``languages_of``)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="language_used",
    )
    language = models.CharField(max_length=10, choices=settings.LANGUAGES)
    at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user} reads {self.language}"
