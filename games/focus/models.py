"""A player's page of an online game hidden or shown again: one row per change, appended, never
changed (a log: the arbiter reads what was sent, when the server received it)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class FocusChange(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="focus_changes")
    #: the seat the player sits at (0 moves first): what the think times are read by
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: True: the page was hidden (another tab, another application, the screen off); False:
    #: shown again
    hidden = models.BooleanField()
    #: when the server received it: the only clock the fair-play report trusts
    at = models.DateTimeField()
    #: when the player's browser says it happened (its own clock: shown, never relied on)
    client_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "at", "pk"]
        indexes = [models.Index(fields=["game", "seat", "at"], name="focus_game_seat_at")]

    def __str__(self) -> str:
        return f"{self.game_id} seat {self.seat} {'hidden' if self.hidden else 'shown'} {self.at}"
