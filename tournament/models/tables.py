"""The seats of a board: who sits where at a table of 1 to 4, and how each seat finished.

Every board has its seats in order (seat 0 moves first). A two-player board is the table of two:
its seats mirror ``Board.first``/``Board.second`` (the pair the Swiss pairing and the two-player
result codes speak of), and its placings follow ``Board.result``. A table of 3 or 4 is decided
by its seats' placings alone (``Board.result`` is ``Result.TABLE``). Only
:mod:`tournament.services.seating` writes seats, so the two views cannot drift apart.
"""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.events import Board, Entry, Player

MAX_SEATS = 4


class Seat(models.Model):
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(
        validators=[MaxValueValidator(MAX_SEATS - 1)], help_text="0 moves first"
    )
    #: a partnership team sits twice, partners opposite (seats 0 and 2, or 1 and 3): the
    #: entry's player at the lower seat, its partner at the higher
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="seats")
    #: 1 is the best at the table; tied players share a placing (RULINGS.md, result order)
    placing = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(MAX_SEATS)]
    )
    #: the lowest colour level at the game's end, and the next colour's (the result order)
    lowest = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MaxValueValidator(18)]
    )
    next_lowest = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MaxValueValidator(18)]
    )

    class Meta:
        ordering = ["board", "number"]
        verbose_name = _("seat")
        constraints = [
            models.UniqueConstraint(fields=["board", "number"], name="unique_seat_number"),
        ]

    def __str__(self) -> str:
        return f"{self.board} seat {self.number}"

    @property
    def player(self) -> Player:
        """Who sits here: the entry's player, or a partnership team's partner at its second
        seat (prefetch ``seats__entry__player`` and ``seats__entry__partner``)."""
        if self.entry.partner_id is not None and self.number >= 2:
            return self.entry.partner  # type: ignore[return-value]
        return self.entry.player
