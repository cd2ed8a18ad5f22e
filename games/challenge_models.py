"""Ingenious Challenge games recorded at a table (practice and online games, standing alone).

A table's history is its append-only log of ``ChallengeAction`` rows: the record's actions as
CHALLENGES-RECORD.md writes them, and take-backs. The position is never stored: it is derived by
replaying the actions still standing through ``games.challenges``. A table of an event of
challenges points at its ``Board`` (players in seat order); a practice table has none.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models import Board
from tournament.text import NoControlCharacters


class ChallengeTable(models.Model):
    class Challenge(models.TextChoices):
        CARD = "card", _("Card Challenge")
        DICE = "dice", _("Dice Challenge")
        TILE = "tile", _("Tile Challenge")

    class Mode(models.TextChoices):
        FULL = "full", _("Full: the site deals, rolls and draws")
        TABLE = "table", _("Table: the arbiter enters what the table shows")

    class Status(models.TextChoices):
        PLAYING = "playing", _("In play")
        FINISHED = "finished", _("Finished")

    challenge = models.CharField(max_length=4, choices=Challenge.choices)
    mode = models.CharField(max_length=5, choices=Mode.choices, default=Mode.FULL)
    players = models.JSONField(default=list, help_text="Names by seat (2 to 4)")
    options = models.JSONField(default=dict, blank=True, help_text="Record options (setup_roll)")
    #: Full mode: every roll, deal and draw comes from this seed and the action's index.
    seed = models.BigIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    #: Rows in the log (actions and take-backs): the expected index of the next write.
    log_length = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: An event's table: the board whose seats play it (set up when the round is published).
    board = models.OneToOneField(
        Board,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="challenge_table",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_challenge_display()} #{self.pk}: {', '.join(self.players)}"


class ChallengeAction(models.Model):
    """One entry of a table's log. Rows are never changed, except that a take-back marks them."""

    class Kind(models.TextChoices):
        ACTION = "action", _("Action")
        TAKEBACK = "takeback", _("Take-back")

    table = models.ForeignKey(ChallengeTable, on_delete=models.CASCADE, related_name="actions")
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
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="unique_challenge_action_index")
        ]

    def __str__(self) -> str:
        return f"{self.table_id}#{self.index} {self.payload.get('type', self.kind)}"
