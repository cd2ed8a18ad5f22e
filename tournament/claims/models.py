"""What players do for themselves: claims of registry players, online entries, check-in,
result confirmations and the notifications sent to them; the e-mail addresses they proved
theirs; and the registry's merges."""

from django.conf import settings
from django.db import models

from tournament.models.decisions import Decided
from tournament.models.events import Player
from tournament.text import NoControlCharacters


class PlayerClaim(Decided):
    """A person (an account) says "this registry player is me"; a director or a registrar
    decides. Approval sets ``Player.user``. Rows are kept as the claim's history."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_claims"
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="claims")
    message = models.CharField(
        max_length=300,
        blank=True,
        help_text="How to tell it is you",
        validators=[NoControlCharacters("message", multiline=True)],
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(status="pending"),
                name="one_pending_claim_per_user",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} claims {self.player} ({self.status})"
