"""Reads of the live site: the current round's boards with their games, for spectators.

Never writes: a flag whose time has run out shows as fallen here (derived from the clock) and is
recorded by the next write to the game or by the flag sweep.
"""

import hashlib
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from games.engine.tiles import COLOURS
from games.recording.selectors import live_summary_for_round, seat_teams
from tournament.models.events import Board, Round
from tournament.models.tables import Seat, seats_with_players


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
    placing: int | None = None  # at a table of 3 or 4, once decided
    flagged: bool = False
    team: str = ""  # a partnership seat's team ("A": seats 0 and 2, "B": 1 and 3)
    partner: str = ""  # and the partner's name


@dataclass(frozen=True)
class LiveBoard:
    """One table of the current round as the live page shows it: two seats, or three or four."""

    board: Board
    game: (
        dict[str, Any] | None
    )  # games.recording.selectors.live_summary_for_round's entry; None for a bye

    @property
    def is_table(self) -> bool:
        return len({seat.entry_id for seat in self._seats()}) > 2  # two teams: a pair

    def _seats(self) -> list[Seat]:
        return list(self.board.seats.all())  # in seat order, prefetched by boards_of

    @property
    def seats(self) -> list[LiveSeat]:
        seated = self._seats()
        table = len({seat.entry_id for seat in seated}) > 2  # a partnership's four: two sides
        stored_lowest = [seat.lowest for seat in seated]
        game = self.game or {}
        scores = game.get("scores") or []
        lowest = game.get("lowest") or stored_lowest
        flagged = set(game.get("flagged") or [])
        clock = game.get("clock") or {}
        readings = clock.get("readings_ms") or [None] * len(seated)
        ticking = bool(clock.get("started")) and not self.board.result
        teams = seat_teams(self.board) if seated else []
        seats = []
        for seat in range(len(seated)):
            running = ticking and clock.get("seat") == seat and bool(clock.get("running"))
            # Partners (seats 0 and 2, 1 and 3) share their team's tracks and lowest level.
            side = seat % len(scores) if scores else seat
            seats.append(
                LiveSeat(
                    seat=seat,
                    name=seated[seat].player.name,
                    tracks=list(zip(COLOURS, scores[side], strict=True))
                    if len(scores) > side
                    else [],
                    lowest=lowest[side] if len(lowest) > side else None,
                    clock_ms=readings[seat] if ticking and len(readings) > seat else None,
                    clock_at_ms=clock.get("server_ms"),
                    running=running,
                    on_move=ticking and clock.get("seat") == seat,
                    placing=seated[seat].placing if table else None,
                    flagged=seat in flagged,
                    team=teams[seat]["team"] if seat < len(teams) else "",
                    partner=teams[seat]["partner"] if seat < len(teams) else "",
                )
            )
        return seats


def live_boards(round_: Round, only: Collection[int] | None = None) -> list[LiveBoard]:
    """The round's boards (those of ``only``, when given) with their games' live summaries and
    seats, in three queries."""
    summaries = live_summary_for_round(round_, boards=only)
    boards = round_.boards.prefetch_related(seats_with_players()).order_by("number")
    if only is not None:
        boards = boards.filter(pk__in=only)
    return [LiveBoard(board, summaries.get(board.pk)) for board in boards]


def board_states(round_: Round) -> list[tuple[int, str]]:
    """The round's boards in order, each with what its live part shows changes with, in one
    query: its game's log length (every move, clock event and flag), status and replay check;
    its result as written (its version), checked and confirmed, and whether it is open to
    recording; who sits there, by name; and the spectators' delay its event sets. The state
    is hashed (a key's length)."""
    rows = (
        Seat.objects.filter(board__round=round_)
        .order_by("board__number", "number")
        .values_list(
            "board_id",
            "board__result",
            "board__result_version",
            "board__result_check",
            "board__confirmation",
            "board__recording_open",
            "board__game__log_length",
            "board__game__status",
            "board__game__validation",
            # what spectators see of an online board in play (games.spectating)
            "board__game__mode",
            "board__round__event__online_delay_seconds",
            "board__round__event__online_delay_placements",
            "entry_id",
            "entry__player__name",
            "entry__partner__name",
        )
    )
    states: dict[int, list[str]] = {}
    for board_id, *state in rows:
        states.setdefault(board_id, []).append(repr(state))
    return [
        (board_id, hashlib.sha256("|".join(seats).encode()).hexdigest()[:32])
        for board_id, seats in states.items()
    ]
