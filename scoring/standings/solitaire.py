"""The standings' rows of duplicate solitaire rounds (RULINGS.md, "Events beyond two players").

An entrant's board is a board of one whose result is ``Result.TABLE``; their levels are in its
seat. The VP are not the board's own (a table of one scores nothing) but the round's: the share
of the round's other counted entrants beaten, ties 1/2 (:mod:`scoring.core.solitaire`). So
:func:`scoring.standings.build.game_results` leaves these boards to :func:`solitaire_rows`.
"""

from collections.abc import Iterable
from typing import Protocol

from scoring.core.results import GameResult
from scoring.core.solitaire import SolitaireResult, solitaire_results
from tournament.models.events import Board, Result
from tournament.models.tables import Seat


class _BoardFact(Protocol):
    """What the standings know of a board (``scoring.standings.build.BoardFact``), read-only
    (a frozen dataclass)."""

    @property
    def board_id(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def second(self) -> int | None: ...
    @property
    def result(self) -> str: ...
    @property
    def check(self) -> str: ...


def is_solitaire_board(board: _BoardFact) -> bool:
    """An entrant's decided board of a solitaire round: alone, with levels."""
    return board.second is None and board.result == Result.TABLE


def solitaire_rows(boards: Iterable[_BoardFact]) -> list[GameResult]:
    """One ``table`` row per counted solitaire result (a director's, or a game's whose replay
    check passed), placed and scored over its round's counted results; one query."""
    counts = (Board.Check.NONE, Board.Check.PASSED)
    rounds = {b.board_id: b.round for b in boards if is_solitaire_board(b) and b.check in counts}
    if not rounds:
        return []
    seats = Seat.objects.filter(board_id__in=rounds, number=0).values_list(
        "board_id", "entry_id", "levels"
    )
    # Every level the seat holds (six from a recorded game): the round compares them in order.
    return solitaire_results(
        SolitaireResult(rounds[board_id], entry, tuple(levels or [0]))
        for board_id, entry, levels in seats
    )
