"""The one writer of boards' seats (tournament.models.tables.Seat).

Every board a round gets, from the pairing, a late entry, a withdrawal, a check-in absence or a
TRF import, is seated here; a draft's swaps reseat through :func:`reseat`; a two-player result's
placings and levels follow :func:`settle_pair_placings`. The seats are the only record of who
sits where.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from tournament.models import Board, Result, Round, Seat

# The placings of the two seats of a played two-player result (forfeits and byes place nobody).
_PAIR_PLACINGS: dict[str, tuple[int, int]] = {
    Result.FIRST_WINS: (1, 2),
    Result.SECOND_WINS: (2, 1),
    Result.DRAW: (1, 1),
}


@dataclass(frozen=True)
class Table:
    """A board to seat: entry ids in seat order (seat 0 moves first)."""

    entries: Sequence[int]
    result: str = ""
    reason: str = ""


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
        reason=table.reason[:300],
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


def reseat(board: Board, entries: Sequence[int]) -> None:
    """A draft board's players in a new seat order (a director's swap). The caller holds the
    round's lock."""
    _board(board.round, board.number, Table(entries))  # refuses what cannot be seated
    Seat.objects.filter(board=board).delete()
    Seat.objects.bulk_create(
        Seat(board=board, number=n, entry_id=entry) for n, entry in enumerate(entries)
    )


def settle_pair_placings(board: Board, lowest: Sequence[int | None] = ()) -> None:
    """The seats of a two-sided board (two players, or two partnership teams) or a board of one
    after its result changed: placings from the result, ``lowest`` each side's lowest level in
    side order (none known: empty); partners share their team's."""
    placings = _PAIR_PLACINGS.get(board.result, (None, None))
    seats = list(Seat.objects.filter(board=board).order_by("number"))
    sides = list(dict.fromkeys(seat.entry_id for seat in seats))
    for seat in seats:
        side = sides.index(seat.entry_id)
        seat.placing = placings[side] if side < len(placings) else None
        level = lowest[side] if side < len(lowest) else None
        seat.levels = [] if level is None else [level]
    Seat.objects.bulk_update(seats, ["placing", "levels"])


def settle_table_placings(
    board: Board, outcome: Sequence[tuple[int, int | None, int | None]]
) -> None:
    """The seats of a table of 3 or 4 after its result changed: ``outcome`` holds per seat, in
    seat order, (placing, lowest, next lowest); an empty one clears every seat (a withdrawal)."""
    seats = list(Seat.objects.filter(board=board).order_by("number"))
    for i, seat in enumerate(seats):
        placing, lowest, next_lowest = outcome[i] if outcome else (None, None, None)
        seat.placing = placing
        seat.levels = [level for level in (lowest, next_lowest) if level is not None]
    Seat.objects.bulk_update(seats, ["placing", "levels"])
