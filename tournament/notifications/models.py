"""What players do for themselves: claims of registry players, online entries, check-in,
result confirmations and the notifications sent to them; the e-mail addresses they proved
theirs; and the registry's merges."""

from django.db import models

from tournament.models.events import Event, Player


class Notification(models.Model):
    """Append-only: a message sent (or skipped) to a player. ``key`` makes a task delivered
    twice send once (e.g. "round:12:published")."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="notifications")
    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.CASCADE, related_name="notifications"
    )
    key = models.CharField(max_length=100)
    subject = models.CharField(max_length=200)
    body = models.TextField()
    to = models.CharField(max_length=254, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    skipped = models.CharField(max_length=100, blank=True, help_text="Why it was not sent")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "key"], name="unique_notification_key")
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.subject}"
