"""The path of one arbiter placement that ends a game: POST -> result -> standings page.

Prints, for that one placement through the API (tasks in-process, SQLite in a scratch file):
- hops: calls from code of one app (tournament, games, scoring) into another app's Django code
  (pure cores excluded), in the order they happen, and how many cross back to a lower floor
  after a higher one was entered;
- queries, and reads of the game row (SELECTs from games_game);
- how many times the clock's flag check ran;
- then the same for the standings page read afterwards.

Run: `.venv/bin/python bench/result_path.py` (needs no services).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SCRATCH = Path(tempfile.mkdtemp(prefix="result-path-"))
os.environ["DATABASE_URL"] = f"sqlite:///{SCRATCH / 'db.sqlite3'}"
os.environ.pop("REDIS_URL", None)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

FLOORS = {"tournament": 0, "games": 1, "scoring": 2}
# The composition root wires the floors together; it is no floor's code.
SKIP = ("tournament.settings", "tournament.celery", "tournament.urls", "tournament.wsgi")
_PURE: dict[str, bool] = {}


def is_pure(module: str) -> bool:
    """A pure core's module: its source imports nothing from Django."""
    if module not in _PURE:
        path = getattr(sys.modules.get(module), "__file__", None) or ""
        _PURE[module] = bool(path) and "django" not in Path(path).read_text()
    return _PURE[module]


def app_of(module: str) -> str | None:
    top = module.split(".", 1)[0]
    if top not in FLOORS or module.startswith(SKIP) or is_pure(module):
        return None
    return top


class HopTracer:
    """Counts calls that enter another app's module (caller and callee both project code)."""

    def __init__(self) -> None:
        self.hops: list[str] = []
        self.flag_checks = 0

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        code = frame.f_code
        if code.co_name == "expired_seat":
            self.flag_checks += 1
        callee = frame.f_globals.get("__name__", "")
        b = app_of(callee)
        if b is None:
            return
        # The nearest project frame below: decorators (atomic) and on_commit run in between.
        back = frame.f_back
        while back is not None and app_of(back.f_globals.get("__name__", "")) is None:
            back = back.f_back
        if back is None:
            return
        caller = back.f_globals.get("__name__", "")
        a = app_of(caller)
        if a and b and a != b:
            self.hops.append(f"{caller}.{back.f_code.co_name} -> {callee}.{code.co_name}")


def summary(label: str, tracer: HopTracer, queries: list[dict[str, Any]]) -> None:
    game_reads = sum(
        1
        for q in queries
        if q["sql"].lstrip().upper().startswith("SELECT") and 'FROM "games_game"' in q["sql"]
    )
    upward_returns = 0
    highest = -1
    for hop in tracer.hops:
        callee_app = app_of(hop.split(" -> ")[1].rsplit(".", 1)[0]) or ""
        floor = FLOORS[callee_app]
        if floor < highest:
            upward_returns += 1
        highest = max(highest, floor)
    print(f"\n## {label}")
    print(f"hops between apps: {len(tracer.hops)} (back down after going up: {upward_returns})")
    for hop in tracer.hops:
        print(f"  {hop}")
    print(
        f"queries: {len(queries)}; game-row reads: {game_reads}; flag checks: {tracer.flag_checks}"
    )


def main() -> None:
    call_command("migrate", verbosity=0)
    from rest_framework.test import APIClient

    from games.demo import played_actions
    from games.models import Game
    from tests.factories import BoardFactory, EntryFactory, EventFactory, RoundFactory, arbiter_of

    event = EventFactory()
    round_ = RoundFactory(event=event)
    board = BoardFactory(
        round=round_,
        number=1,
        first=EntryFactory(event=event, player__name="Ada Byron"),
        second=EntryFactory(event=event, player__name="Alan Turing"),
    )
    arbiter = arbiter_of(event)
    client = APIClient()
    client.force_login(arbiter)
    actions = played_actions(seed=3)
    url = f"/api/games/{board.pk}/actions/"
    for n, action in enumerate(actions[:-1]):
        response = client.post(url, {"action": action, "expected_index": n}, format="json")
        assert response.status_code == 201, response.content
    game = Game.objects.get(board=board)
    tracer = HopTracer()
    with CaptureQueriesContext(connection) as ctx:
        sys.setprofile(tracer)
        try:
            response = client.post(
                url, {"action": actions[-1], "expected_index": game.log_length}, format="json"
            )
        finally:
            sys.setprofile(None)
    assert response.status_code == 201, response.content
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, game.status
    summary("the placement that ends the game (POST .../actions/)", tracer, ctx.captured_queries)

    tracer = HopTracer()
    with CaptureQueriesContext(connection) as ctx:
        sys.setprofile(tracer)
        try:
            response = client.get(f"/events/{event.slug}/standings/")
        finally:
            sys.setprofile(None)
    assert response.status_code == 200
    summary("the standings page read after it", tracer, ctx.captured_queries)


if __name__ == "__main__":
    main()
