"""What players do for themselves: claims of registry players, online entries, check-in,
result confirmations and the notifications sent to them; the e-mail addresses they proved
theirs; and the registry's merges."""

from django.conf import settings
from django.db import models

from tournament.models.events import Entry, Event


class CheckInWindow(models.Model):
    """When players may check in for one round of an event that requires check-in."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="check_in_windows")
    round_number = models.PositiveSmallIntegerField()
    opens_at = models.DateTimeField()
    closes_at = models.DateTimeField()

    class Meta:
        ordering = ["event", "round_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "round_number"], name="unique_check_in_window"
            ),
            models.CheckConstraint(
                condition=models.Q(closes_at__gt=models.F("opens_at")),
                name="check_in_closes_after_it_opens",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.round_number} check-in"


class CheckIn(models.Model):
    """An entry checked in for a round (the row's presence); checking out deletes it. Each
    change also goes in the event log with who did it."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="check_ins")
    round_number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    by_director = models.BooleanField(default=False)

    class Meta:
        ordering = ["round_number", "at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "round_number"], name="unique_check_in")
        ]

    def __str__(self) -> str:
        return f"{self.entry} checked in for round {self.round_number}"
