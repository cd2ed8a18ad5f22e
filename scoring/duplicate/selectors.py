"""Reads of a duplicate round's comparison: each online board that drew the round's tiles, with
each seat's levels against the same seat at the round's other boards.

The boards compared are those dealt from the round's seed (games.recording.dealing: the same
tiles in the same order), grouped by their number of seats (a table of three deals the same
sequence to three racks, not two: its seats had other tiles). A seat is compared with the same
seat of the other boards (seat 1 with seat 1: the same racks, as far as the play kept them
alike): its lowest level against their median, and its rank among them by the result order
(lowest level, then the next; RULINGS.md). Only decided boards (their levels known) count.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from games.models import Game
from tournament.models.events import Board, Round
from tournament.models.tables import SEATED
from tournament.models.where import Played


@dataclass
class SeatLine:
    seat: int  # 0 moves first
    name: str
    levels: list[int]
    vs_median: float | None = None  # lowest level minus the median of that seat's boards
    rank: int | None = None  # 1: the best at that seat among the group's decided boards

    @property
    def lowest(self) -> int | None:
        return self.levels[0] if self.levels else None


@dataclass
class BoardLine:
    number: int
    board_pk: int
    seats: list[SeatLine]

    @property
    def decided(self) -> bool:
        return all(s.levels for s in self.seats)


@dataclass
class Group:
    """The boards of one number of seats: the same tiles, dealt to as many racks."""

    seats: int
    boards: list[BoardLine] = field(default_factory=list)
    medians: list[float | None] = field(default_factory=list)  # by seat

    @property
    def decided(self) -> int:
        return sum(b.decided for b in self.boards)


@dataclass
class Comparison:
    round: Round
    groups: list[Group]


def duplicate_boards(round_: Round) -> list[Board]:
    """The round's online boards dealt from its seed, in board order, with their seats."""
    if round_.seed is None:
        return []
    dealt = Game.objects.filter(board__round=round_, mode=Game.Mode.FULL, seed=round_.seed).values(
        "board_id"
    )
    return list(
        Board.objects.filter(round=round_, played=Played.ONLINE, pk__in=dealt)
        .prefetch_related(*SEATED)
        .order_by("number")
    )


def _rank(group: Group) -> None:
    """Each decided seat's median difference and rank among the same seat of the group."""
    decided = [b for b in group.boards if b.decided]
    for seat in range(group.seats):
        lines = [b.seats[seat] for b in decided]
        lows = [line.levels[0] for line in lines]
        median = statistics.median(lows) if lows else None
        group.medians.append(median)
        for line in lines:
            assert median is not None
            line.vs_median = line.levels[0] - median
            # The result order: a seat ranks below each seat with better levels (ties share).
            line.rank = 1 + sum(_better(other.levels, line.levels) for other in lines)


def _better(one: list[int], other: list[int]) -> bool:
    """Better levels in the result order, read as far as both are known (a quick result gives
    the lowest level alone)."""
    known = min(len(one), len(other))
    return one[:known] > other[:known]


def comparison(round_: Round) -> Comparison | None:
    """The round's duplicate boards compared, or None when the round has none (not a duplicate
    round, or no online board)."""
    boards = duplicate_boards(round_)
    if not boards:
        return None
    groups: dict[int, Group] = {}
    for board in boards:
        seats = sorted(board.seats.all(), key=lambda s: s.number)
        line = BoardLine(
            board.number,
            board.pk,
            [SeatLine(s.number, s.player.name, [int(v) for v in s.levels]) for s in seats],
        )
        groups.setdefault(len(seats), Group(len(seats))).boards.append(line)
    for group in groups.values():
        _rank(group)
    return Comparison(round_, [groups[n] for n in sorted(groups)])
