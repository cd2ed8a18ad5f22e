"""The Django side of the festival bench (bench/festival.py runs it in a subprocess with the
bench's database): who does what for the locust users, and what the database stored.

    python bench/festival_db.py plan PATH GAMES SPECTATORS PACE_JSON
    python bench/festival_db.py collect SINCE_EPOCH
"""

from __future__ import annotations

import json
import os
import secrets
import string
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def django_setup() -> None:
    import django

    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    django.setup()


def session_for(user: Any) -> dict[str, str]:
    """A signed-in session for `user`, as the login page would store it, and a CSRF secret."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    alphabet = string.ascii_letters + string.digits
    csrf = "".join(secrets.choice(alphabet) for _ in range(32))
    return {"session": str(store.session_key), "csrf": csrf}


def game_steps(seed: int) -> list[dict[str, Any]]:
    """An arbiter's writes for one game: the clock's start, then each placement, and a press
    whenever the turn passes (placements of a random legal game from the engine)."""
    from games.engine.randomgame import random_game

    record = random_game(ruleset="mso", mode="board", seed=seed)
    actions = record.actions
    steps: list[dict[str, Any]] = [{"type": "start"}]
    for n, action in enumerate(actions):
        if action["type"] != "place":
            break  # a swap: what follows it needs the swapped rack, which board mode lacks
        steps.append(action)
        following = actions[n + 1] if n + 1 < len(actions) else None
        if following is not None and following["player"] != action["player"]:
            steps.append({"type": "press"})
    return steps


def make_plan(path: str, games: int, spectators: int, pace: dict[str, float]) -> None:
    """Who does what, for the locust users: written once, after seeding."""
    django_setup()
    from games.models import Game
    from tournament.models.events import Event, EventRole, Festival

    festival = Festival.objects.order_by("-id").first()
    assert festival is not None, "seed_festival made no festival"
    live = list(
        Game.objects.ingenious()
        .filter(board__round__event__festival=festival, board__round__number=1)
        .order_by("board__round__event_id", "board__number")
        .values_list("board_id", "board__round__event_id")[:games]
    )
    live_events = {event_id for _, event_id in live}
    directed = [
        e for e in Event.objects.filter(festival=festival).order_by("id") if e.pk not in live_events
    ]
    finish_round_one(directed)
    accounts: dict[tuple[int, str], dict[str, str]] = {}
    for role in EventRole.objects.filter(event__festival=festival).select_related("user"):
        accounts[(role.event_id, role.role)] = session_for(role.user)
    plan_games = [
        {
            "board": board,
            "account": accounts[(event_id, "arbiter")],
            "steps": game_steps(seed=board),
        }
        for board, event_id in live
    ]
    events = list(Event.objects.filter(festival=festival).order_by("id"))
    boards: dict[int, list[int]] = {}
    board_games = Game.objects.ingenious().filter(board__round__event__festival=festival)
    for board, event_id in board_games.values_list("board_id", "board__round__event_id"):
        boards.setdefault(event_id, []).append(board)
    plan = {
        "games": plan_games,
        "directed": [
            {"slug": e.slug, "rounds": e.rounds, "account": accounts[(e.pk, "director")]}
            for e in events
            if e.pk not in live_events
        ],
        "events": [{"slug": e.slug, "boards": boards.get(e.pk, [])} for e in events],
        "spectators": spectators,
        "pace": pace,
    }
    Path(path).write_text(json.dumps(plan))


def finish_round_one(events: list[Any]) -> None:
    """Round 1's results of the events run by directors, entered through the services, so
    that the directors start by pairing round 2 (a round's 20 slips take them a minute)."""
    import random

    from tournament.models.events import Board, EventRole, Result
    from tournament.results.services import set_board_result

    rng = random.Random(1)
    for event in events:
        director = EventRole.objects.get(event=event, role=EventRole.Role.DIRECTOR).user
        boards = Board.objects.filter(round__event=event, round__number=1, result="")
        for board in boards.select_related("round__event"):
            low = rng.randint(6, 14)
            result, first, second = rng.choice(
                [
                    (Result.FIRST_WINS, low + 2, low),
                    (Result.SECOND_WINS, low, low + 2),
                    (Result.DRAW, low, low),
                ]
            )
            set_board_result(
                board=board, result=result, user=director, first_lowest=first, second_lowest=second
            )


def _epoch_ms(moment: object) -> int:
    """A logged moment (epoch milliseconds or an ISO time) in epoch milliseconds."""
    from datetime import datetime

    if isinstance(moment, int | float):
        return int(moment)
    return int(datetime.fromisoformat(str(moment)).timestamp() * 1000)


def collect(since: float) -> None:
    """What the database stored from `since` on (epoch seconds), as JSON on stdout."""
    django_setup()
    from datetime import UTC, datetime

    from django.db.models import Count

    from games.models import GameAction
    from tournament.models.events import Round

    start = datetime.fromtimestamp(since, tz=UTC)
    kinds = dict(
        GameAction.objects.filter(at__gte=start)
        .values_list("kind")
        .annotate(n=Count("id"))
        .values_list("kind", "n")
    )
    paired = Round.objects.filter(pairing_requested_at__gte=start)
    seconds = [
        (r.pairing_reported_at - r.pairing_requested_at).total_seconds()
        for r in paired
        if r.pairing_reported_at is not None
    ]
    # What each clock operation was credited for the time it waited (docs/clocks.md), and how
    # long it waited: from the press on the device to the server's row lock.
    lags = [
        lag
        for lag in GameAction.objects.filter(at__gte=start, payload__has_key="lag").values_list(
            "payload__lag", flat=True
        )
        if isinstance(lag, dict)
    ]
    print(
        json.dumps(
            {
                "lag_credited_ms": [lag["credited_ms"] for lag in lags],
                "lag_waited_ms": [
                    max(0, _epoch_ms(lag["received_at"]) - _epoch_ms(lag["client_at"]))
                    for lag in lags
                ],
                "actions": kinds,
                "rounds_paired": paired.exclude(status="pairing").count(),
                "rounds_published": paired.filter(published_at__isnull=False).count(),
                "worker_pairing_seconds": seconds,
            }
        )
    )


if __name__ == "__main__":
    if sys.argv[1] == "plan":
        make_plan(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), json.loads(sys.argv[5]))
    elif sys.argv[1] == "collect":
        collect(float(sys.argv[2]))
    else:
        raise SystemExit(__doc__)
