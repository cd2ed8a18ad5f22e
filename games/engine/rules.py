"""Applying one action of a record: ``place``, ``draw``, ``swap`` or ``flag``.

Every rule is checked before anything changes, so after an ``IllegalAction`` the position is
exactly what it was.
"""

from __future__ import annotations

from typing import Any

from .drawing import draw, swap
from .faults import fail
from .phases import begin_turn_after
from .placing import place
from .position import OVER, SETUP, Position


def apply(pos: Position, action: dict[str, Any]) -> None:
    """Apply one action (a dict of RECORD-FORMAT.md). Raises ``IllegalAction`` (with
    ``index`` = number of actions applied so far) and leaves the state unchanged."""
    if type(action) is not dict:
        fail(pos, "BAD_RECORD", "an action must be a JSON object")
    t = action.get("type")
    p = action.get("player")
    if type(p) is not int or not 0 <= p < pos.players:
        fail(
            pos,
            "BAD_RECORD",
            f'"player" must be a seat number 0 to {pos.players - 1}, not {p!r}',
        )
    if t == "place":
        place(pos, action, p)
    elif t == "draw":
        draw(pos, action, p)
    elif t == "swap":
        swap(pos, action, p)
    elif t == "flag":
        flag(pos, p)
    else:
        fail(pos, "BAD_RECORD", f"unknown action type {t!r} (place, draw, swap or flag)")
    pos.actions_applied += 1


def flag(pos: Position, p: int) -> None:
    """``p``'s time ran out: they make no more moves; the game ends when every seat has."""
    if pos.phase == OVER:
        fail(pos, "GAME_OVER", "the game is over")
    if not pos.ruleset.flag_allowed:
        fail(
            pos,
            "BAD_RECORD",
            f"the {pos.ruleset.name} ruleset has no flag actions (enable flag_allowed for a clock)",
        )
    if p in pos._flagged:
        fail(pos, "NOT_YOUR_TURN", f"{pos.who(p)} has already flagged and makes no more moves")
    if pos.phase == SETUP:
        fail(pos, "NOT_YOUR_TURN", "no clock runs before the racks are drawn")
    pos._flagged.add(p)
    if len(pos._flagged) >= pos.players:
        pos.phase = OVER
        return
    if p == pos.turn:
        if pos.swap_shown is not None:
            # swapped but never drew: the shown tiles stay with the flagged player
            for k, n in enumerate(pos.swap_shown):
                pos.rack[p][k] += n
            pos.rack_len[p] = sum(pos.rack[p])
            pos.swap_shown = None
        begin_turn_after(pos, p)
