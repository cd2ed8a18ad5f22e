"""The append-only logs of an event: result corrections, pairing changes, the event log, and
the pairs kept apart."""

from django.conf import settings
from django.db import models

from tournament.models.events import Round
from tournament.text import NoControlCharacters


class PairingChange(models.Model):
    """Append-only: a director's edit of a draft round, with who, when and why."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairing_changes")
    description = models.CharField(max_length=300)
    warnings = models.JSONField(default=list, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(auto_now_add=True)
    reason = models.CharField(max_length=300, validators=[NoControlCharacters("reason")])

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.round}: {self.description}"
