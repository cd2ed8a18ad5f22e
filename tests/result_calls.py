"""Short calls of the one result service (tournament.results.services.enter_result) in the
shapes tests use most: a director's table or solitaire result, a game's own."""

from collections.abc import Sequence
from typing import Any

from tournament.models.events import Board, Result
from tournament.results.services import Source, enter_result


def set_table_result(
    *,
    board: Board,
    user: Any,
    reason: str,
    levels: Sequence[Sequence[int]],
    placings: Sequence[int] | None = None,
    replaces: int | None = None,
) -> Board:
    """A director's result at a table of 3-4 (or a Challenge's): each seat's levels."""
    return enter_result(
        board=board,
        user=user,
        result=Result.TABLE,
        levels=levels,
        placings=placings,
        reason=reason,
        replaces=replaces,
    )


def set_solitaire_result(
    *, board: Board, user: Any, reason: str, levels: Sequence[Any], replaces: int | None = None
) -> Board:
    """A director's levels for a duplicate solitaire entrant."""
    return enter_result(
        board=board, user=user, result=Result.TABLE, levels=levels, reason=reason, replaces=replaces
    )


def record_table_game_result(
    *, board: Board, levels: Sequence[Sequence[int]], placings: Sequence[int]
) -> Board:
    """A finished game's result at a table."""
    return enter_result(
        board=board,
        user=None,
        result=Result.TABLE,
        levels=levels,
        placings=placings,
        source=Source.GAME,
    )


def record_solitaire_game_result(*, board: Board, levels: Sequence[int]) -> Board:
    """A finished solitaire entrant's game."""
    return enter_result(
        board=board, user=None, result=Result.TABLE, levels=levels, source=Source.GAME
    )


def lowest(board: Board) -> tuple[int | None, ...]:
    """Each side's lowest level, read from its seat (the board's first and second side's)."""
    board = Board.objects.get(pk=board.pk)
    return tuple(seat.lowest for seat in board.side_seats())
