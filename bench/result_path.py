"""The path of one arbiter placement that ends a game: POST -> result -> standings page.

Prints, for that one placement through the API (tasks in-process, SQLite in a scratch file):
- calls from one floor's Django code (tournament < games < scoring; pure cores excluded) into
  another floor's, in the request and in the tasks that run in-process after the commit, and
  which of them go upward (a lower floor calling a higher one);
- queries and reads of the game row (SELECTs from games_game), request and tasks apart;
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
SKIP = (
    "tournament.settings",
    "tournament.celery",
    "tournament.urls",
    "tournament.wsgi",
    "tournament.middleware",  # Django's request chain hands the request to the view
)
_PURE: dict[str, bool] = {}


def is_pure(module: str) -> bool:
    """A pure core's module: its source imports neither Django nor Celery."""
    if module not in _PURE:
        path = getattr(sys.modules.get(module), "__file__", None) or ""
        text = Path(path).read_text() if path else ""
        _PURE[module] = bool(path) and "django" not in text and "celery" not in text
    return _PURE[module]


def app_of(module: str) -> str | None:
    top = module.split(".", 1)[0]
    if top not in FLOORS or module.startswith(SKIP) or is_pure(module):
        return None
    return top


class HopTracer:
    """Calls that enter another floor's Django code, outside and inside the tasks that run
    in-process (tasks are started by name after the commit, so they are no import)."""

    def __init__(self) -> None:
        self.hops: list[tuple[str, str, bool]] = []  # (caller, callee, inside a task)
        self.flag_checks = 0
        self.tasks: list[str] = []
        self.task_frames: list[int] = []
        self.task_query_marks: list[tuple[int, int]] = []
        self.count_queries: Any = lambda: 0

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event not in ("call", "return"):
            return
        code = frame.f_code
        callee = frame.f_globals.get("__name__", "")
        if event == "return":
            if self.task_frames and self.task_frames[-1] == id(frame):
                self.task_frames.pop()
                if not self.task_frames:
                    start = self.task_query_marks[-1][0]
                    self.task_query_marks[-1] = (start, self.count_queries())
            return
        if code.co_name == "expired_seat":
            self.flag_checks += 1
        if code.co_name == "<module>":
            return  # an import, not a call
        if code.co_filename != frame.f_globals.get("__file__"):
            return  # code made at run time in a module's namespace (Celery's argument check)
        b = app_of(callee)
        if b is None:
            return
        # The nearest project frame below: decorators (atomic) and on_commit run in between;
        # Celery in between means a task started by name, which is no import of that floor.
        back = frame.f_back
        while back is not None and app_of(back.f_globals.get("__name__", "")) is None:
            if back.f_globals.get("__name__", "").startswith("celery."):
                if not self.task_frames:
                    self.tasks.append(f"{callee}.{code.co_name}")
                    self.task_query_marks.append((self.count_queries(), -1))
                self.task_frames.append(id(frame))
                return
            back = back.f_back
        if back is None:
            return
        caller = back.f_globals.get("__name__", "")
        a = app_of(caller)
        if a and a != b:
            self.hops.append(
                (
                    f"{caller}.{back.f_code.co_name}",
                    f"{callee}.{code.co_name}",
                    bool(self.task_frames),
                )
            )


def is_game_read(query: dict[str, Any]) -> bool:
    sql = query["sql"].lstrip()
    return sql.upper().startswith("SELECT") and 'FROM "games_game"' in sql


def summary(label: str, tracer: HopTracer, queries: list[dict[str, Any]]) -> None:
    in_task = set()
    for start, end in tracer.task_query_marks:
        in_task.update(range(start, end if end >= 0 else len(queries)))
    request_queries = [q for i, q in enumerate(queries) if i not in in_task]
    task_queries = [q for i, q in enumerate(queries) if i in in_task]
    print(f"\n## {label}")
    for where, inside in (("the request", False), ("the tasks run after the commit", True)):
        hops = [(a, b) for a, b, t in tracer.hops if t == inside]
        up = [
            (a, b)
            for a, b in hops
            if FLOORS[app_of(b.rsplit(".", 1)[0]) or ""] > FLOORS[app_of(a.rsplit(".", 1)[0]) or ""]
        ]
        print(f"{where}: {len(hops)} calls into another floor, {len(up)} of them upward")
        for a, b in hops:
            print(f"  {'UPWARD ' if (a, b) in up else ''}{a} -> {b}")
    print(f"tasks run in-process after the commit: {', '.join(tracer.tasks) or 'none'}")
    print(
        f"queries: {len(request_queries)} in the request + {len(task_queries)} in the tasks; "
        f"game-row reads: {sum(map(is_game_read, request_queries))} in the request + "
        f"{sum(map(is_game_read, task_queries))} in the tasks; "
        f"flag checks: {tracer.flag_checks}"
    )


def traced(tracer: HopTracer, action: Any) -> tuple[Any, list[dict[str, Any]]]:
    with CaptureQueriesContext(connection) as ctx:
        tracer.count_queries = lambda: len(connection.queries_log) - ctx.initial_queries
        sys.setprofile(tracer)
        try:
            result = action()
        finally:
            sys.setprofile(None)
    return result, ctx.captured_queries


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
    body = {"action": actions[-1], "expected_index": game.log_length}
    response, queries = traced(tracer, lambda: client.post(url, body, format="json"))
    assert response.status_code == 201, response.content
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, game.status
    summary("the placement that ends the game (POST .../actions/)", tracer, queries)

    tracer = HopTracer()
    response, queries = traced(tracer, lambda: client.get(f"/events/{event.slug}/standings/"))
    assert response.status_code == 200
    assert game.board.first.player.name in response.content.decode()
    summary("the standings page read after it", tracer, queries)


if __name__ == "__main__":
    main()
