"""The seats of a board: who sits where at a table of 1 to 4, and how each seat finished.

Seats are the only record of who plays at a board (seat 0 moves first). A board's *sides* are
its entries in seat order, each once: a partnership team sits twice, partners opposite. A
two-player board is the table of two (its result code, ``Board.result``, is written with the
seats' placings by the one result service); a bye or an absence has one seat. Only
:mod:`tournament.rounds.seating` writes seats.
"""

from typing import Any

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Prefetch, QuerySet
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournament.models.events import Board, Entry, Player, Result

MAX_SEATS = 4

#: what to prefetch to read boards' seats and who sits in them without a query per board
SEATED = ("seats__entry__player", "seats__entry__partner")


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
    #: the seat's colour levels at the game's end, lowest first, as many as are known (all six
    #: from a recorded game; the lowest alone from a quick result): 0-18, or 0-36 on the double
    #: track (the result order, RULINGS.md). Partners share their team's.
    levels = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["board", "number"]
        verbose_name = _("seat")
        constraints = [
            models.UniqueConstraint(fields=["board", "number"], name="unique_seat_number"),
        ]

    def __str__(self) -> str:
        return f"{self.board} seat {self.number}"

    @property
    def lowest(self) -> int | None:
        return self.levels[0] if self.levels else None

    @property
    def next_lowest(self) -> int | None:
        return self.levels[1] if len(self.levels) > 1 else None

    @property
    def player(self) -> Player:
        """Who sits here: the entry's player, or a partnership team's partner at its second
        seat (prefetch ``seats__entry__player`` and ``seats__entry__partner``)."""
        if self.number >= 2 and self.entry.partner is not None:
            return self.entry.partner
        return self.entry.player


def _with_players() -> QuerySet[Seat]:
    # In seat order by the board's id: the default order (by the board) joins its round and
    # event, whose own orders are of no use among one board's seats.
    return Seat.objects.select_related("entry__player", "entry__partner").order_by(
        "board_id", "number"
    )


def seats_with_players(through: str = "") -> Prefetch[Any]:
    """Boards' seats with who sits there, in seat order: ``SEATED`` in one query. ``through``:
    the path to the boards (``"board__"`` from a game)."""
    return Prefetch(f"{through}seats", _with_players())


def read_seats(board: Board) -> None:
    """Read the board's seats with who sits there (one query) and keep them with the board, as
    a prefetch of ``SEATED`` would (:func:`seats_of`, ``board.seats.all()``)."""
    keep_seats(board, _with_players().filter(board_id=board.pk))


def keep_seats(board: Board, seats: QuerySet[Seat]) -> None:
    """Read ``seats`` (the board's) and keep them with the board as a prefetch would, each
    knowing its board: for one board, without the prefetch's machinery (a write's lock and a
    mail's task read one board's seats on every result)."""
    rows = list(seats)
    for seat in rows:
        Seat.board.field.set_cached_value(seat, board)
    forget_seats(board)
    kept = board.seats.get_queryset()  # the board's seats, as a query not yet run
    kept._result_cache = rows
    board.__dict__.setdefault("_prefetched_objects_cache", {})["seats"] = kept


def forget_seats(board: Board) -> None:
    """The board's seats kept with it are out of date (written by other rows): read them anew
    when next asked."""
    getattr(board, "_prefetched_objects_cache", {}).pop("seats", None)


def seats_of(board: Board) -> list[Seat]:
    """The board's seats in seat order, with who sits there: those read with the board (prefetch
    ``SEATED``), else read now. A write that updates them updates the board's own too."""
    read = getattr(board, "_prefetched_objects_cache", {}).get("seats")
    if read is not None:
        return list(read)
    return list(_with_players().filter(board=board))


def result_words(board: Board) -> str:
    """A board's result as pages and e-mails say it: a duplicate solitaire entrant's by its
    levels ("lowest level 2, then 3, 5, 7, 9, 9; placing 2 in the round": the round compares
    every level in order), never "placings at the table"; a table's by its placings, best
    first ("1. Bea, 2. Ada, 2. Cy": tied sides share one); else the result code's label."""
    if board.result == Result.TABLE and not board.plays_alone:
        placed = sorted(
            ((seat.placing, seat.entry.name) for seat in board.side_seats() if seat.placing),
            key=lambda placing_name: placing_name[0],
        )
        if placed:
            return ", ".join(
                gettext("%(placing)s. %(name)s") % {"placing": placing, "name": name}
                for placing, name in placed
            )
    seat = next(iter(board.seats.all()), None) if board.plays_alone else None
    if seat is None or not seat.levels:
        return str(board.get_result_display()) if board.result else ""
    lowest, *rest = seat.levels
    if rest:
        text = gettext("lowest level %(lowest)s, then %(rest)s") % {
            "lowest": lowest,
            "rest": ", ".join(str(level) for level in rest),
        }
    else:
        text = gettext("lowest level %(lowest)s") % {"lowest": lowest}
    if seat.placing:
        text += "; " + gettext("placing %(placing)s in the round") % {"placing": seat.placing}
    return text
