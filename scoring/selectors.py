"""Reads of the live site: the current round's boards with their games, for spectators.

Never writes: a flag whose time has run out shows as fallen here (derived from the clock) and is
recorded by the next write to the game or by the flag sweep.
"""

from dataclasses import dataclass
from typing import Any

from games.engine import COLOURS
from games.selectors import live_summary_for_round
from tournament.models import Board, Round
from tournament.selectors import boards_of


@dataclass(frozen=True)
class LiveSeat:
    seat: int
    name: str
    tracks: list[tuple[str, int]]  # (colour letter, level) in R G B O Y P order
    lowest: int | None
    clock_ms: int | None  # None before the clocks start and once the result is in
    clock_at_ms: int | None  # the server time (epoch ms) the reading refers to
    running: bool
    on_move: bool


@dataclass(frozen=True)
class LiveBoard:
    """One table of the current round as the live page shows it."""

    board: Board
    game: dict[str, Any] | None  # games.selectors.live_summary_for_round's entry; None for a bye

    @property
    def seats(self) -> list[LiveSeat]:
        entries = [self.board.first, self.board.second]
        stored_lowest = [self.board.first_lowest, self.board.second_lowest]
        game = self.game or {}
        scores = game.get("scores") or []
        lowest = game.get("lowest") or stored_lowest
        clock = game.get("clock") or {}
        readings = clock.get("readings_ms") or [None, None]
        ticking = bool(clock.get("started")) and not self.board.result
        seats = []
        for seat, entry in enumerate(entries):
            if entry is None:
                continue
            running = ticking and clock.get("seat") == seat and bool(clock.get("running"))
            seats.append(
                LiveSeat(
                    seat=seat,
                    name=entry.player.name,
                    tracks=list(zip(COLOURS, scores[seat], strict=True))
                    if len(scores) > seat
                    else [],
                    lowest=lowest[seat] if len(lowest) > seat else None,
                    clock_ms=readings[seat] if ticking else None,
                    clock_at_ms=clock.get("server_ms"),
                    running=running,
                    on_move=ticking and clock.get("seat") == seat,
                )
            )
        return seats


def live_boards(round_: Round) -> list[LiveBoard]:
    """The round's boards with their games' live summaries, in a fixed number of queries."""
    summaries = live_summary_for_round(round_)
    return [LiveBoard(board, summaries.get(board.pk)) for board in boards_of(round_)]
