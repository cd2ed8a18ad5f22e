"""A player's actions at their own online board: a placement (and the turn's bonus placements),
a swap, and the end of the turn, which IS the press of their clock (online, the site deals the
refill at the press: games/recording/dealing.py).

Every action goes through the games' one write path (games/recording/writes.py ``write``) with
the player's Recorder (``writes.player_at``): the right to play there is checked once, before
the lock; the seat the action is for is checked against the player's seat under the lock. The
recording services and the clocks' press do the rest, as for an arbiter's entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _

from games.clocks.lag import read_client_at
from games.clocks.services import press_clock, start_clock
from games.models import Game
from games.play.selectors import check_placement
from games.recording.services import record_placement, record_swap
from games.recording.writes import Recorder, User, engine_at
from tournament.errors import DomainError
from tournament.reading import whole_number

ACTIONS = ("place", "swap", "end_turn")


def _client_at(data: dict[str, Any]) -> datetime | None:
    """When the page says the press was made (ms since 1970 in the server's time), if it says:
    the press is charged then, as far as the seat's lag allowance reaches (games.clocks.lag)."""
    sent = data.get("client_at")
    return read_client_at(sent) if sent not in (None, "") else None


@dataclass(frozen=True)
class PageAction:
    """One action as a seat's page sends it (static/js/play.js), its shape checked: ``tile`` and
    ``cells`` for a placement only."""

    kind: str
    expected: int
    tile: str = ""
    cells: tuple[str, ...] = ()


def read_action(data: Any) -> PageAction:
    """The page's action ({"type": "place", "tile": "RO", "cells": ["C9", "D9"],
    "expected_index": 12}, {"type": "swap", ...}, {"type": "end_turn", ...}), refused
    (DomainError) when it is no such thing; whether it is legal is the write's to check."""
    if not isinstance(data, dict):
        raise DomainError(
            _(
                'An action must be an object such as {"type": "place", "tile": "RO", '
                '"cells": ["C9", "D9"], "expected_index": 12}.'
            ),
            field="type",
        )
    kind = data.get("type")
    if kind not in ACTIONS:
        raise DomainError(
            _("%(kind)s is not an action of the player's page: place, swap or end_turn.")
            % {"kind": repr(kind)},
            field="type",
        )
    expected = whole_number(data.get("expected_index"))
    if expected is None:
        raise DomainError(
            _("expected_index must be a whole number: the log's length the page was shown."),
            field="expected_index",
        )
    if kind != "place":
        return PageAction(kind, expected)
    tile = data.get("tile")
    cells = data.get("cells")
    if not isinstance(tile, str) or not isinstance(cells, list):
        raise DomainError(_("A placement names its tile and its two cells."), field="cells")
    return PageAction(kind, expected, tile, tuple(str(c) for c in cells))


def act(*, recorder: Recorder, user: User, game: Game, data: Any) -> None:
    """One action of the player's page ({"type": "place", "tile": "RO", "cells": ["C9", "D9"],
    "expected_index": 12}, {"type": "swap", ...}, {"type": "end_turn", ...}), through the one
    write path. Refused (DomainError and its kinds, nothing changed) with the engine's or the
    clock's words."""
    action = read_action(data)
    expected = action.expected
    seat = recorder.seat
    assert seat is not None  # a player's recorder (writes.player_at)
    if action.kind == "place":
        cells = list(action.cells)
        if game.clock_seat is None and game.status != Game.Status.FINISHED:
            # The first placement of the game starts the clocks (its seat's clock runs from
            # then): two writes, each through the one write path; the placement is checked
            # by the engine first, so that a refused one starts no clock.
            check_placement(game, seat, action.tile, cells)
            start_clock(game=recorder, user=user, expected_index=expected, reason="first move")
            expected += 1
        record_placement(
            game=recorder, user=user, expected_index=expected, tile=action.tile, cells=cells
        )
    elif action.kind == "swap":
        # The rack shown is the one the site dealt the seat (a swap shows the whole rack).
        racks = engine_at(game).racks
        rack = racks[seat] if racks is not None else []
        record_swap(game=recorder, user=user, expected_index=expected, rack=list(rack))
    else:
        press_clock(game=recorder, user=user, expected_index=expected, client_at=_client_at(data))
