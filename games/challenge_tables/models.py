"""The log of an Ingenious Challenge played at a table (a ``games.models.Game`` of the kind
``challenge``: its board and seats, status, clock state and times are those of every game).

A Challenge's history is its append-only log of ``ChallengeAction`` rows: the record's actions
as CHALLENGES-RECORD.md writes them, and take-backs. The position is never stored: it is
derived by replaying the actions still standing through ``games.challenges``, the Challenges'
own rules engine (an Ingenious game's log is ``GameAction``, replayed by ``games.engine``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.text import NoControlCharacters


class ChallengeAction(models.Model):
    """One entry of a Challenge's log. Rows are never changed, except that a take-back marks
    them."""

    class Kind(models.TextChoices):
        ACTION = "action", _("Action")
        TAKEBACK = "takeback", _("Take-back")

    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, related_name="challenge_actions"
    )
    index = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.ACTION)
    #: actions: the action as CHALLENGES-RECORD.md writes it; take-backs: the indices undone
    payload = models.JSONField(default=dict, blank=True)
    reason = models.CharField(
        max_length=300, blank=True, validators=[NoControlCharacters("reason")]
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField()
    taken_back_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="took_back"
    )

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="unique_challenge_action_index")
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.index} {self.payload.get('type', self.kind)}"
