"""What players do for themselves: claims of registry players, online entries, check-in,
result confirmations and the notifications sent to them; the e-mail addresses they proved
theirs; and the registry's merges."""

from django.conf import settings
from django.db import models

from tournament.models.decisions import Decided
from tournament.models.events import Event, Player


class EntryRequest(Decided):
    """A signed-in player's online entry to an event that wants a director's approval;
    approval creates the ``Entry``. Events without approval create the entry at once."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entry_requests")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="entry_requests")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "player"],
                condition=models.Q(status="pending"),
                name="one_pending_entry_request",
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} asks to enter {self.event} ({self.status})"
