"""Rows of the matrix: the Ingenious Challenges' tables that stand alone (no event's board),
started and recorded by the festival's recorders: staff, and anyone who directs or arbitrates
an event (games/challenge_selectors.can_record_challenges). A table of an event's board is
recorded by that event's arbiters and directors only (games/services/challenge_events)."""

from __future__ import annotations

from typing import Any

from games.models import Game
from tests.tournament.rights.permission_matrix.world import World, Write

RECORDERS = frozenset({"arbiter", "arbiter_other", "director", "director_other", "staff"})
START = {"challenge": "dice", "mode": "full", "players": ["Ada", "Alan"], "setup_roll": False}


def _tables(w: World) -> tuple[Any, ...]:
    return tuple(Game.objects.challenges().order_by("pk").values_list("pk", "log_length"))


def a_table(w: World, user: Any) -> None:
    from games.challenge_tables.services import start_table

    start_table(user=w.users["staff"], **START)


def a_table_with_a_roll(w: World, user: Any) -> None:
    from games.challenge_tables.services import record_challenge_action

    a_table(w, user)
    record_challenge_action(table=_table(), user=w.users["staff"], expected_index=0, action=ROLL)


def _table() -> Game:
    return Game.objects.challenges().latest("pk")


ROLL = {"type": "roll", "player": 0}


def recorders(id: str, url_name: str, url: Any, **kw: Any) -> Write:
    api = kw.pop("api", True)
    ok = kw.pop("ok", 201 if api else 302)
    if not api:
        kw.setdefault("anonymous", 302)
    return Write(id, url_name, "post", url, _tables, RECORDERS, ok, api=api, **kw)


WRITES = [
    recorders(
        "api: start a challenge table",
        "api-challenge-start",
        lambda w: "/api/challenges/",
        data=lambda w: dict(START),
    ),
    recorders(
        "api: record a challenge action",
        "api-challenge-actions",
        lambda w: f"/api/challenges/{_table().pk}/actions/",
        data=lambda w: {"index": 0, "action": ROLL},
        prepare=a_table,
    ),
    recorders(
        "api: take a challenge action back",
        "api-challenge-takeback",
        lambda w: f"/api/challenges/{_table().pk}/takeback/",
        ok=200,
        data=lambda w: {"index": 1, "reason": "a slip"},
        prepare=a_table_with_a_roll,
    ),
    recorders(
        "page: start a challenge table",
        "challenge-new",
        lambda w: "/challenges/new/",
        api=False,
        data=lambda w: {**START, "player_1": "Ada", "player_2": "Alan", "setup_roll": ""},
    ),
    recorders(
        "page: record a challenge action",
        "challenge-act",
        lambda w: f"/challenges/{_table().pk}/act/",
        api=False,
        data=lambda w: {"index": 0, "kind": "roll", "player": 0},
        prepare=a_table,
    ),
    recorders(
        "page: take a challenge action back",
        "challenge-takeback",
        lambda w: f"/challenges/{_table().pk}/takeback/",
        api=False,
        data=lambda w: {"index": 1, "reason": "a slip"},
        prepare=a_table_with_a_roll,
    ),
]
