"""The one writer of boards' seats (tournament.models.tables.Seat).

Every board a round gets, from the pairing, a late entry, a withdrawal, a check-in absence or a
TRF import, is seated here; a draft's swaps reseat through :func:`reseat`; a result's placings and
levels are written by :func:`settle_seats`, called only by the one result service
(``tournament.results.services``) within its write.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from tournament.models.events import Board, Result, Round
from tournament.models.tables import Seat, seats_of
from tournament.pairing.notes import Note, english, note


@dataclass(frozen=True)
class Table:
    """A board to seat: entry ids in seat order (seat 0 moves first), and why: ``reasons`` as
    notes said in each reader's language, or a ``reason`` as written (a person's words)."""

    entries: Sequence[int]
    result: str = ""
    reason: str = ""
    reasons: Sequence[Note] = ()


def _seatable(entries: Sequence[int]) -> bool:
    """1 to 4 different entries, or two partnership teams with partners opposite (A B A B)."""
    if len(entries) == 4 and len(set(entries)) == 2:
        return entries[0] == entries[2] and entries[1] == entries[3]
    return 1 <= len(entries) <= 4 and len(set(entries)) == len(entries)


def _board(round_: Round, number: int, table: Table) -> Board:
    if not _seatable(table.entries):
        raise ValueError(f"a table seats 1 to 4 different entries, not {table.entries!r}")
    return Board(
        round=round_,
        number=number,
        result=table.result,
        # The English too: the reason plain readers know (absences by their words, the admin).
        reason=(english(table.reasons) if table.reasons else table.reason)[:300],
        reasons=[n.as_json() for n in table.reasons],
    )


def seat_boards(round_: Round, tables: Sequence[Table], *, first_number: int) -> list[Board]:
    """Boards numbered from ``first_number``, one per table, with their seats (bulk writes)."""
    boards = Board.objects.bulk_create(
        [_board(round_, first_number + i, table) for i, table in enumerate(tables)]
    )
    Seat.objects.bulk_create(
        Seat(board=board, number=n, entry_id=entry)
        for board, table in zip(boards, tables, strict=True)
        for n, entry in enumerate(table.entries)
    )
    return boards


def seat_board(round_: Round, number: int, table: Table) -> Board:
    return seat_boards(round_, [table], first_number=number)[0]


def reseat(board: Board, entries: Sequence[int], *, reason: str) -> None:
    """A draft board's players in a new seat order (a director's swap, ``reason`` in their
    words), and the pairing's bye when one entry is left alone there. The caller holds the
    round's lock."""
    why = note("changed by the director: %(reason)s", reason=reason)
    seated = _board(board.round, board.number, Table(entries, reasons=[why]))  # or refused
    board.result = Result.BYE if len(entries) == 1 else ""
    board.reason, board.reasons = seated.reason, seated.reasons
    board.save(update_fields=["result", "reason", "reasons"])
    Seat.objects.filter(board=board).delete()
    Seat.objects.bulk_create(
        Seat(board=board, number=n, entry_id=entry) for n, entry in enumerate(entries)
    )


def settle_seats(board: Board, outcome: Sequence[tuple[int | None, Sequence[int]]]) -> None:
    """A board's seats after its result changed (only ``services.results`` calls this, within
    its one write): ``outcome`` holds per side, in seat order, (placing, levels lowest first);
    partners' seats carry their team's. A side left out is cleared."""
    seats = seats_of(board)  # the board's own, when read with it: they show the outcome too
    sides = list(dict.fromkeys(seat.entry_id for seat in seats))
    for seat in seats:
        index = sides.index(seat.entry_id)
        placing, levels = outcome[index] if index < len(outcome) else (None, ())
        if (seat.placing, seat.levels) == (placing, list(levels)):
            continue  # as read with the board, under its lock
        seat.placing = placing
        seat.levels = list(levels)
        # One UPDATE a seat (at most four): cheaper to build than bulk_update's CASE per field.
        Seat.objects.filter(pk=seat.pk).update(placing=seat.placing, levels=seat.levels)


def place(seats: Sequence[Seat], placings: Sequence[int]) -> None:
    """Seats placed anew (a duplicate solitaire round's entrants, placed over the round by
    ``services.results``)."""
    changed = [s for s, p in zip(seats, placings, strict=True) if s.placing != p]
    for seat, placing in zip(seats, placings, strict=True):
        seat.placing = placing
    Seat.objects.bulk_update(changed, ["placing"])
