"""Reads of the fair-play data: each placement's think time and whether its player's page lost
focus meanwhile, computed when read from what is stored (the log's server timestamps, the focus
changes), never stored themselves.

A placement's think time runs from the log's entry before it (the previous seat's press or
action, the refill dealt, the clock's start or resumption, or the same seat's previous placement
for a bonus placement: each placement is timed from the moment it could be made) to the
placement, both stamped by the server when they arrived. The page lost focus during it when the
seat's page was hidden at any moment of that span: hidden when it began, or hidden during it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from games.focus.models import FocusChange
from games.models import RECORD_KINDS, Game, GameAction


@dataclass(frozen=True)
class Think:
    index: int  # the placement's index in the log
    step: int  # its index in the record (games.recording.selectors.record_rows): the judgement's
    seat: int
    began: datetime
    at: datetime
    focus_lost: bool

    @property
    def seconds(self) -> float:
        return (self.at - self.began).total_seconds()


def _lost(changes: list[FocusChange], began: datetime, at: datetime) -> bool:
    """Whether the seat's page (``changes``: the seat's, in time order) was hidden at any moment
    from ``began`` to ``at``."""
    times = [c.at for c in changes]
    before = bisect_right(times, began)
    if before and changes[before - 1].hidden:  # hidden when the turn began
        return True
    return any(c.hidden for c in changes[before:] if c.at <= at)


def thinking(games: Iterable[Game]) -> dict[int, dict[int, list[Think]]]:
    """By game id and seat, each standing placement's think time and focus (two queries for
    every game; a game at the venue has no focus changes: never lost)."""
    ids = [g.pk for g in games]
    rows = (
        GameAction.objects.filter(game_id__in=ids)
        .order_by("game_id", "index")
        .only("game_id", "index", "kind", "payload", "at", "taken_back_by_id")
    )
    changes: dict[tuple[int, int], list[FocusChange]] = defaultdict(list)
    for change in FocusChange.objects.filter(game_id__in=ids).order_by("at", "pk"):
        changes[(change.game_id, change.seat)].append(change)
    out: dict[int, dict[int, list[Think]]] = {pk: {} for pk in ids}
    previous: GameAction | None = None
    step = 0
    for row in rows:
        if previous is not None and previous.game_id != row.game_id:
            previous = None  # the log of another game begins
        if previous is None:
            step = 0
        seat = row.payload.get("player") if isinstance(row.payload, dict) else None
        if (
            row.kind == GameAction.Kind.PLACE
            and row.taken_back_by_id is None
            and previous is not None
            and isinstance(seat, int)
        ):
            lost = _lost(changes[(row.game_id, seat)], previous.at, row.at)
            think = Think(row.index, step, seat, previous.at, row.at, lost)
            out[row.game_id].setdefault(seat, []).append(think)
        if row.kind in RECORD_KINDS and row.taken_back_by_id is None:
            step += 1
        previous = row
    return out


def game_thinking(game: Game) -> dict[int, list[Think]]:
    """One game's placements timed, by seat."""
    return thinking([game])[game.pk]
