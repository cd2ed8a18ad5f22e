"""The arbiter's control room of a round's online boards: what it keeps of its own.

A player's call of the arbiter (``ArbiterCall``), answered once by an arbiter; an arbiter's
message to a board's players (``BoardMessage``); and every look at the racks of a game in play
(``RackInspection``): who looked, when and why, since the racks are shown to nobody else.
Rows are only added (a call is also answered, once); none is ever changed otherwise or deleted.
The clock operations, take-backs and results the control room makes are logged where they are
made (the game's log, the board's result corrections)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournament.text import NoControlCharacters

#: The longest call, answer or message: a few sentences typed at a screen.
TEXT_MAX = 500


class ArbiterCall(models.Model):
    """A seated player's call of the arbiter from the game's page."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="arbiter_calls")
    #: the caller's seat (counted from 0, as the game's seats)
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField()
    text = models.CharField(
        max_length=TEXT_MAX, blank=True, validators=[NoControlCharacters("text")]
    )
    #: the call held the clocks (the event's option online_call_pauses_clock, a clock running)
    paused = models.BooleanField(default=False)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    answer = models.CharField(
        max_length=TEXT_MAX, blank=True, validators=[NoControlCharacters("answer")]
    )

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"Call from seat {self.seat} of game {self.game_id}"

    @property
    def open(self) -> bool:
        return self.answered_at is None


class BoardMessage(models.Model):
    """An arbiter's words to the players of one board, shown on their game page."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="board_messages")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField()
    text = models.CharField(max_length=TEXT_MAX, validators=[NoControlCharacters("text")])

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"Message to game {self.game_id}"


class RackInspection(models.Model):
    """An arbiter looked at every seat's rack of a game in play (never shown to anyone else)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField()
    reason = models.CharField(max_length=300, validators=[NoControlCharacters("reason")])
    #: the game's log length when looked at: which racks were seen
    log_length = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"Racks of game {self.game_id} inspected"
