"""Who holds power over what, beyond one event's roles: a festival's own directors, the events
asking to join a festival (its directors consent), and the log of every grant and removal of a
right that reaches past one event (permissions, groups, staff, superuser, festival roles)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.text import NoControlCharacters, say


class RightsChange(models.Model):
    """Append-only: one grant or removal of a right beyond one event's roles (a permission, a
    group, staff or superuser status; a festival's directors), with who, when and why. An
    event's roles are logged in the event's own log (``EventLogEntry``)."""

    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: whose rights changed: "user ann", "group Registrars", "festival MSO 2026"
    subject = models.CharField(max_length=300)
    change = models.TextField(help_text=_("What was granted or removed"))
    reason = models.CharField(
        max_length=300, blank=True, validators=[NoControlCharacters("reason")]
    )
    # ``subject``, ``change`` and ``reason`` hold the line in English, as written (the admin
    # searches them; rows from before hold nothing else). ``words`` keeps each as its words
    # (tournament.text.said, a reason typed as typed), said in the reader's language.
    words = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.subject}: {self.change}"

    def _said(self, part: str, english: str) -> str:
        words = self.words.get(part) if isinstance(self.words, dict) else None
        if isinstance(words, str):  # a reason typed
            return words or english
        return say(words, english)

    @property
    def subject_line(self) -> str:
        """Whose rights changed, in the reader's language."""
        return self._said("subject", self.subject)

    @property
    def change_line(self) -> str:
        """What changed, in the reader's language."""
        return self._said("change", self.change)

    @property
    def reason_line(self) -> str:
        """Why, in the reader's language when the site gave the reason."""
        return self._said("reason", self.reason)
