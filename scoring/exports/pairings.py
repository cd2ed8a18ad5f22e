"""Pairings and results of every public round, one row per seat, as CSV and JSON.

Every board is read by its seats in order (seat 1 moves first), so a table of 3 or 4 exports whole:
for a table event this is the export of its games (TRF has no tables). A decided table shows each
seat's placing (1 best, ties share), its lowest levels and the victory points the placing gives
(:func:`scoring.core.tables.table_points`); a two-player board shows its result code as the other
exports do. A result held back by a failed replay check, or still waiting for it, is not shown:
its status says which.
"""

from typing import Any

from scoring.core.tables import table_points
from scoring.exports.sheets import _csv, _text
from scoring.standings.sheet import plain_number
from tournament.models.events import Board, Event, Result


def board_status(board: Board) -> str:
    """ "" when the result counts (or there is none yet), else "provisional" or "held"."""
    if board.result_held:
        return "held"
    if board.result_provisional:
        return "provisional"
    return ""


def seat_points(board: Board) -> list[float | None]:
    """Each seat's VP at a decided table (from the placings), None where not decided."""
    seats = list(board.seats.all())
    placings = [seat.placing for seat in seats]
    if board.result != Result.TABLE or not board.result_counts or None in placings:
        return [None] * len(seats)
    if len(seats) < 2:  # duplicate solitaire: VP are the round's (the standings'), not a board's
        return [None]
    return list(table_points([p for p in placings if p is not None]))


def board_json(board: Board) -> dict[str, Any]:
    shown = board.result_counts
    seats = list(board.seats.all())
    return {
        "round": board.round.number,
        "board": board.number,
        "table": len({seat.entry_id for seat in seats}) > 2,  # two partnership teams: a pair
        "result": board.result if shown else "",
        "status": board_status(board),
        "seats": [
            {
                "seat": seat.number + 1,
                "entry": seat.entry_id,
                "name": seat.player.name,  # who sits there: a team's partner at its second
                "starting_rank": seat.entry.starting_rank,
                "placing": seat.placing if shown else None,
                "lowest": seat.lowest if shown else None,
                "next_lowest": seat.next_lowest if shown else None,
                "vp": points,
            }
            for seat, points in zip(seats, seat_points(board), strict=True)
        ],
    }


def pairings_json(event: Event, boards: list[Board]) -> dict[str, Any]:
    """The event's public boards (``boards`` with round and seats loaded, in order)."""
    return {
        "event": event.name,
        "slug": event.slug,
        "ruleset": event.ruleset,
        "table_size": event.table_size,
        "boards": [board_json(board) for board in boards],
    }


PAIRINGS_COLUMNS = (
    "Round",
    "Board",
    "Seat",
    "Player",
    "Starting rank",
    "Placing",
    "Lowest",
    "Next lowest",
    "VP",
    "Result",
    "Status",
)


def pairings_csv(boards: list[Board]) -> str:
    """One line per seat: seat 1 moves first; placing, levels and VP once the result counts."""
    rows: list[list[object]] = []
    for board in boards:
        data = board_json(board)
        for seat in data["seats"]:
            rows.append(
                [
                    data["round"],
                    data["board"],
                    seat["seat"],
                    _text(seat["name"]),
                    seat["starting_rank"],
                    _blank(seat["placing"]),
                    _blank(seat["lowest"]),
                    _blank(seat["next_lowest"]),
                    "" if seat["vp"] is None else plain_number(seat["vp"]),
                    data["result"],
                    data["status"],
                ]
            )
    return _csv(PAIRINGS_COLUMNS, rows)


def _blank(value: object) -> object:
    return "" if value is None else value
