"""What players do for themselves: claims of registry players, online entries, check-in,
result confirmations and the notifications sent to them; the e-mail addresses they proved
theirs; and the registry's merges."""

from django.conf import settings
from django.db import models

from tournament.models.events import Board, Entry
from tournament.text import NoControlCharacters


class ResultConfirmation(models.Model):
    """Append-only: one side's word on a board's outcome, or the arbiter's settling of it.

    A side is an entry at the board (a player, or a partnership team whose word either partner
    gives); ``entry`` says which, ``seat`` where the one who spoke sits. Empty ``entry``: the
    arbiter settles the board (with ``reason``). The word is the whole outcome of the table's
    kind: a pair's ``result`` code (1-0, 0-1, 1/2-1/2) and, when the event's tie-breaks use
    them, each side's lowest level; a table's (or a solitaire entrant's) ``result`` "table",
    each side's levels and placing. The latest word of each side counts
    (tournament/confirmations/selectors.py)."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="confirmations")
    # The side speaking; empty when the arbiter settles.
    entry = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    #: the seat of the one who gave the word (a team's partner: the team's higher seat); empty
    #: for the arbiter
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    result = models.CharField(max_length=10)
    #: each side's colour levels, in side order, lowest first: [[12], [9]] for a pair's lowest
    #: levels, [[7, 9], [9, 10], [3, 12]] at a table; [] when the word gives none
    levels = models.JSONField(default=list, blank=True)
    #: each side's placing in side order (1 best, ties share); [] for a pair (its code says it)
    placings = models.JSONField(default=list, blank=True)
    #: why the arbiter settled the board so ("" for a side's word)
    reason = models.CharField(
        max_length=300, blank=True, validators=[NoControlCharacters("reason")]
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    #: the word that opened a dispute: when its e-mail to the event's directors and arbiters was
    #: claimed for sending (sent at most once)
    staff_told_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.board}: {self.result} by {self.entry or 'the arbiter'}"
