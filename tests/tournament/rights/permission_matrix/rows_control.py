"""Rows of the matrix: the arbiter's control room of a round's online boards (its board
actions: the event's arbiters and directors; a result: its directors, as every result) and a
seated player's call of the arbiter (games/control_room)."""

from __future__ import annotations

from typing import Any

from games.clocks.services import start_clock
from games.control_room.models import ArbiterCall, BoardMessage, RackInspection
from games.models import Game
from games.recording.setup import game_for_board
from tests.tournament.rights.permission_matrix.rows_api import _board, _game
from tests.tournament.rights.permission_matrix.world import ARBITERS, DIRECTOR, World, Write
from tournament.models.events import Board
from tournament.models.where import Played

ACT = "/events/pm-event-e/rounds/1/control/act/"
SEATED = frozenset({"player", "opponent"})


def online(w: World, user: Any) -> None:
    """Board 1 of E's round 1 played online: its game dealt by the site, its clocks running."""
    board = w.boards["pending"]
    Game.objects.filter(board=board).delete()
    Board.objects.filter(pk=board.pk).update(played=Played.ONLINE)
    game = game_for_board(Board.objects.get(pk=board.pk))
    start_clock(game=game, user=w.users["director"], expected_index=game.log_length)


def called(w: World, user: Any) -> None:
    """...and its first seat has called the arbiter."""
    online(w, user)
    game = Game.objects.get(board=w.boards["pending"])
    ArbiterCall.objects.create(game=game, seat=0, user=w.users["player"], at=game.clock_since)


def _game_pk(w: World) -> int:
    return Game.objects.get(board=w.boards["pending"]).pk


def _messages(w: World) -> int:
    return BoardMessage.objects.count()


def _looks(w: World) -> int:
    return RackInspection.objects.count()


def _call_pk() -> int:
    return ArbiterCall.objects.latest("pk").pk


def _calls(w: World) -> tuple[Any, ...]:
    return tuple(ArbiterCall.objects.order_by("pk").values_list("pk", "answered_at"))


def act(id: str, probe: Any, allowed: frozenset[str], data: dict[str, Any], **kw: Any) -> Write:
    """A form of the control room: done, back to it (302; a racks inspection shows the page,
    200); refused, 403 (a visitor: the login page, 302)."""
    kw.setdefault("ok", 302)
    kw.setdefault("prepare", online)
    return Write(
        id,
        "control-act",
        "post",
        lambda w: ACT,
        probe,
        allowed,
        anonymous=302,
        api=False,
        data=lambda w: {
            **data,
            "game": _game_pk(w),
            **({"call": _call_pk()} if "call" in data else {}),
        },
        **kw,
    )


WRITES = [
    act(
        "page: pause an online board's clocks in the control room",
        _game,
        ARBITERS,
        {"op": "pause", "reason": "a fire alarm"},
    ),
    act(
        "page: message an online board's players",
        _messages,
        ARBITERS,
        {"op": "message", "text": "Five minutes left"},
    ),
    act(
        "page: inspect an online board's racks",
        _looks,
        ARBITERS,
        {"op": "racks", "reason": "a tile is said to be missing"},
        ok=200,
    ),
    act(
        "page: answer a player's call of the arbiter",
        _calls,
        ARBITERS,
        {"op": "answer", "call": "", "answer": "coming"},
        prepare=called,
    ),
    act(
        "page: decide an online board's result in the control room",
        lambda w: _board(w, "pending"),
        DIRECTOR,
        {"op": "result", "result": "1-0", "reason": "resigned by message", "replaces": 0},
        statuses={"arbiter": 302},  # back to the room, told a result is a director's
    ),
    Write(
        "page: call the arbiter from an online board",
        "control-call",
        "post",
        lambda w: f"/play/{_game_pk(w)}/call/",
        _calls,
        SEATED,
        ok=201,
        api=False,
        data=lambda w: {"text": "my opponent is not moving"},
        prepare=online,
    ),
]
