"""What players do for themselves: claims of registry players, online entries, check-in,
result confirmations and the notifications sent to them; the e-mail addresses they proved
theirs; and the registry's merges."""

from django.conf import settings
from django.db import models

from tournament.models.events import Player


class PlayerMerge(models.Model):
    """Append-only: a duplicate (``absorbed``) merged into ``survivor`` by a director; ``moved``
    lists the rows that changed hands, so the merge can be undone until the next merge."""

    survivor = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="merges_kept")
    absorbed = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="merges_lost")
    moved = models.JSONField(default=dict, blank=True)
    reason = models.CharField(max_length=300)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.absorbed} merged into {self.survivor}"
