"""An online board in play for the spectating tests: its game dealt by the site, placements
made through the arbiter's tablet (each turn ended by the clock's press, which deals the
refill), and the racks as the engine holds them."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html import unescape
from typing import Any

from rest_framework.test import APIClient

from games.engine.game import Game as EngineGame
from games.models import Game, GameAction
from games.recording import positions
from games.recording.setup import game_for_board
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    arbiter_of,
)
from tests.games.api import Tablet
from tests.games.factories import fresh
from tournament.models.events import Board, Event
from tournament.models.where import EventPlayed, Played


@dataclass
class Online:
    event: Event
    board: Board
    game: Game
    arbiter: Any
    seated: Any  # the account of the player at seat 0
    other: Any  # a player of the event seated at another board
    tablet: Tablet


def online_board(seconds: int = 0, placements: int = 0) -> Online:
    """An online event (with the spectators' delay given) whose round 1 has two online boards;
    board 1's game dealt, its clocks started; accounts for its seat 0 and for a player of
    board 2."""
    event = EventFactory(
        boards_played=EventPlayed.ONLINE,
        online_delay_seconds=seconds,
        online_delay_placements=placements,
    )
    round_ = RoundFactory(event=event)
    seated = UserFactory(username="ada")
    other = UserFactory(username="grace")
    board = BoardFactory(
        round=round_,
        number=1,
        played=Played.ONLINE,
        sides=[
            EntryFactory(event=event, player=PlayerFactory(name="Ada Byron", user=seated)),
            EntryFactory(event=event, player__name="Alan Turing"),
        ],
    )
    BoardFactory(
        round=round_,
        number=2,
        played=Played.ONLINE,
        sides=[
            EntryFactory(event=event, player=PlayerFactory(name="Grace Hopper", user=other)),
            EntryFactory(event=event, player__name="Edsger Dijkstra"),
        ],
    )
    game = game_for_board(board)
    arbiter = arbiter_of(event)
    client = APIClient()
    client.force_authenticate(arbiter)
    tablet = Tablet(client, board.pk)
    response = tablet.clock("start")
    assert response.status_code == 200, response.content
    return Online(event, board, fresh(game), arbiter, seated, other, tablet)


def engine_of(game: Game) -> EngineGame:
    """The game as the engine holds it (full mode: the racks and the bag)."""
    rows = fresh(game).actions.filter(taken_back_by__isnull=True).order_by("index")
    records = [r.payload for r in rows if r.kind in ("place", "swap", "flag", "draw")]
    return positions.replay(game.ruleset, game.options, game.players, records, "full")


def place(online: Online, count: int = 1) -> list[dict[str, Any]]:
    """``count`` placements, each the first legal one of the seat to move; a turn without a
    bonus owed is ended by the clock's press."""
    made = []
    for _ in range(count):
        eng = engine_of(online.game)
        action = eng.legal_placements()[0]
        response = online.tablet.act(action)
        assert response.status_code == 201, response.content
        eng.apply(action)
        made.append(action)
        if not eng.bonus_owed and not eng.over:
            response = online.tablet.clock("press")
            assert response.status_code == 200, response.content
    online.game = fresh(online.game)
    return made


# ---------------------------------------------------------------- how a rack would be written


def squeezed(text: str) -> str:
    """A body as searched: HTML entities read, every space and line break gone (a JSON
    download is indented: a list spreads over lines)."""
    return re.sub(r"\s+", "", unescape(text))


def rack_forms(game: Game) -> list[str]:
    """Every form, squeezed, in which the site writes a rack of the game in play: each draw's
    tiles (the draws are the racks: a first rack, a refill, a new rack after a swap) as a JSON
    list and in the record's text form (``draw(RO GG)``), and each seat's rack now as the
    engine holds it, as drawn and in the engine's order, as a JSON list and as tiles in a row
    (a rack of one tile is a tile's name, which a placement shows too: only its JSON list)."""
    racks = [list(r) for r in engine_of(game).racks or []]
    draws = [
        list(d.payload["tiles"])
        for d in game.actions.filter(kind=GameAction.Kind.DRAW).order_by("index")
    ]
    forms = set()
    for tiles in draws + racks:
        forms.add(json.dumps(tiles, separators=(",", ":")))
        forms.add(f"draw({''.join(tiles)})")
        if len(tiles) > 1:
            forms.add("".join(tiles))
            forms.add("".join(sorted(tiles)))
    return sorted(forms)


def leaks(body: str, forms: list[str]) -> list[str]:
    """The rack forms found in ``body``, and the draw payload's own key."""
    text = squeezed(body)
    found = [form for form in forms if form in text]
    if '"tiles":[' in text:
        found.append('"tiles":[')
    return found
