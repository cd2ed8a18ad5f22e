"""A practice game: one user against the engine at a table of their own (issue 31, req. 7).

The game itself is a ``Game`` without a board (an Ingenious game played away from any event, two
seats, MSO, dealt by the site); ``PracticeGame`` says whose it is, how strong the engine plays
and which seat is the user's. No event, round or board reads it: it counts nowhere.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PracticeGame(models.Model):
    class Strength(models.TextChoices):
        EASY = "easy", _("Easy")
        MEDIUM = "medium", _("Medium")
        STRONG = "strong", _("Strong")

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="practice")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="practice_games"
    )
    strength = models.CharField(max_length=6, choices=Strength.choices)
    #: the user's seat (0 moves first); the engine plays the other
    human_seat = models.PositiveSmallIntegerField()
    #: the start form's one-time token: the same form sent twice starts one game
    start_token = models.UUIDField()
    #: the result once the game is over, seat 0 first: "1-0", "0-1" or "1/2-1/2"
    result = models.CharField(max_length=7, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "start_token"], name="practice_one_game_per_start_form"
            )
        ]

    def __str__(self) -> str:
        return f"Practice game {self.game_id} of user {self.user_id} ({self.strength})"

    @property
    def engine_seat(self) -> int:
        return 1 - self.human_seat
