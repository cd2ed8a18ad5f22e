"""The append-only logs of an event: result corrections, pairing changes, the event log, and
the pairs kept apart."""

from django.conf import settings
from django.db import models

from tournament.models.events import Entry, Event
from tournament.text import NoControlCharacters


class ForbiddenPair(models.Model):
    """Two entries the pairing keeps apart (a director's restriction); it gives way only when
    no pairing exists otherwise, and the draft then says so."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="forbidden_pairs")
    first = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=200, validators=[NoControlCharacters("reason")])
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "first", "second"], name="unique_forbidden_pair"
            )
        ]

    def __str__(self) -> str:
        return f"{self.first} and {self.second} kept apart"
