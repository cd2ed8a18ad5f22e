"""The path of one result: an arbiter's placement that ends a game (games API), and the player's
word that makes a board's result confirmed (confirm page); then the standings page.

For each, on SQLite in a scratch file with the tasks run in-process, the request and the tasks
run after its commit apart: the calls from one floor's Django code (tournament < games <
scoring; pure cores left out) into another's, upward ones marked, and a table of counts (floor
crossings, project modules, queries, and COUNTED below). Run: `.venv/bin/python
bench/result_path.py` (needs no services).
"""

from __future__ import annotations

import atexit
import importlib
import inspect
import logging
import os
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import CodeType, FrameType
from typing import Any, NamedTuple

# What is counted, by figure, as dotted paths (module, then attributes): a function counts its
# calls, a model the SELECTs from its table. Resolved at run time: when modules move into their
# subject packages, update the paths here only.
COUNTED: dict[str, tuple[str, ...]] = {
    "game-row reads (SELECTs from its table)": ("games.models.Game",),
    "board-row reads (SELECTs from its table)": ("tournament.models.events.Board",),
    # SQLite drops FOR UPDATE from the SQL: the locks asked for are counted as calls.
    "row locks asked (calls)": ("django.db.models.query.QuerySet.select_for_update",),
    "permission checks (calls)": (
        "tournament.permissions.require_arbiter",
        "tournament.permissions.is_arbiter",
        "tournament.permissions.is_director",
        "tournament.permissions.require_director",
        "tournament.permissions.is_own_entry",
        "tournament.permissions.own_entry_among",
        "tournament.permissions.roles_of",  # the query under is_arbiter and is_director
        "games.recording.writes.require_recorder",
        "games.recording.selectors.can_view",
        "tournament.confirmations.selectors.side_of",
        "tournament.confirmations.selectors.may_settle",
    ),
    "live bumps (calls)": ("tournament.effects.bump_live",),
    "standings builds (calls)": ("scoring.standings.build.build_standings",),
    "full replays from the empty board (calls)": (
        "games.recording.positions.replay",
        "games.engine.replaying.replay",
    ),
    "clock flag checks (calls)": ("games.clocks.readings.Clock.expired_seat",),
}

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SCRATCH = Path(tempfile.mkdtemp(prefix="result-path-"))
atexit.register(shutil.rmtree, SCRATCH, True)
os.environ["DATABASE_URL"] = f"sqlite:///{SCRATCH / 'db.sqlite3'}"
os.environ.pop("REDIS_URL", None)
os.environ["EMAIL_URL"] = "memorymail://"  # the result e-mails are sent, to nobody
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")

import django  # noqa: E402

django.setup()
logging.disable(logging.INFO)  # the services' write log; warnings still show

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

FLOORS = {"tournament": 0, "games": 1, "scoring": 2}
PROJECT_DIRS = tuple(f"{ROOT / floor}{os.sep}" for floor in FLOORS)
# The composition root wires the floors together; it is no floor's code.
# (The middleware is Django's request chain handing the request to the view.)
SKIP = tuple(
    f"tournament.{m}" for m in ("settings", "celery", "urls", "wsgi", "asgi", "web.middleware")
)
_PURE: dict[str, bool] = {}
Query = dict[str, Any]


class Counted(NamedTuple):
    figure: str
    path: str
    code: CodeType | None  # a function's: its calls are counted
    table: str | None  # a model's: the SELECTs from it are counted


def resolve(path: str) -> object | None:
    """The object at a dotted path: the longest importable module, then attributes."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            found = getattr(found, name, None)
        return found
    return None


def instruments() -> list[Counted]:
    counted = []
    for figure, path in ((f, p) for f, paths in COUNTED.items() for p in paths):
        found = resolve(path)
        meta = getattr(found, "_meta", None)
        code = getattr(inspect.unwrap(found), "__code__", None) if callable(found) else None
        if isinstance(found, type) and meta is not None:
            counted.append(Counted(figure, path, None, str(meta.db_table)))
        elif isinstance(code, CodeType):
            counted.append(Counted(figure, path, code, None))
        else:
            print(f"NOT COUNTED: {path} resolves to no function or model (moved? update COUNTED)")
    return counted


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
    """Calls that enter another floor's Django code, the project files run and the counted
    functions' calls, outside and inside the tasks that run in-process (tasks are started by
    name after the commit, so they are no import)."""

    def __init__(self, counted: list[Counted]) -> None:
        self.watched = {c.code for c in counted if c.code is not None}
        self.calls: Counter[tuple[CodeType | None, bool]] = Counter()  # (code, inside a task)
        self.files: dict[bool, set[str]] = {False: set(), True: set()}
        self.hops: list[tuple[str, str, bool]] = []  # (caller, callee, inside a task)
        self.tasks: list[str] = []
        self.task_frames: list[int] = []
        self.task_query_marks: list[tuple[int, int]] = []
        self.count_queries: Callable[[], int] = lambda: 0

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "return":
            if self.task_frames and self.task_frames[-1] == id(frame):
                self.task_frames.pop()
                if not self.task_frames:
                    start = self.task_query_marks[-1][0]
                    self.task_query_marks[-1] = (start, self.count_queries())
        elif event == "call":
            self.hop(frame)  # first: it tells a task's first frame
            inside = bool(self.task_frames)
            if frame.f_code in self.watched:
                self.calls[(frame.f_code, inside)] += 1
            if frame.f_code.co_filename.startswith(PROJECT_DIRS):
                self.files[inside].add(frame.f_code.co_filename)

    def hop(self, frame: FrameType) -> None:
        code = frame.f_code
        callee = frame.f_globals.get("__name__", "")
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
            inside = bool(self.task_frames)
            self.hops.append(
                (f"{caller}.{back.f_code.co_name}", f"{callee}.{code.co_name}", inside)
            )


def reads_from(table: str, query: Query) -> bool:
    sql = query["sql"].lstrip()
    return sql.upper().startswith("SELECT") and f'FROM "{table}"' in sql


def floor(name: str) -> int:
    return FLOORS[app_of(name.rsplit(".", 1)[0]) or ""]


def report(label: str, tracer: HopTracer, queries: list[Query], counted: list[Counted]) -> None:
    in_task: set[int] = set()
    for start, end in tracer.task_query_marks:
        in_task.update(range(start, end if end >= 0 else len(queries)))
    split = {
        inside: [q for i, q in enumerate(queries) if (i in in_task) == inside]
        for inside in (False, True)
    }
    hops = {inside: [(a, b) for a, b, t in tracer.hops if t == inside] for inside in split}
    up = {inside: [(a, b) for a, b in hops[inside] if floor(b) > floor(a)] for inside in split}
    print(f"\n## {label}")
    for inside, where in ((False, "the request"), (True, "the tasks run after the commit")):
        print(f"{where}: {len(hops[inside])} calls into another floor's Django code")
        for (a, b), times in Counter(hops[inside]).items():  # first seen first
            mark, more = "UPWARD " * ((a, b) in up[inside]), f" (x{times})" * (times > 1)
            print(f"  {mark}{a} -> {b}{more}")
    print(f"tasks run in-process after the commit: {', '.join(tracer.tasks) or 'none'}")

    def tally(c: Counted, t: bool) -> int:
        if c.table is None:
            return tracer.calls[(c.code, t)]
        return sum(reads_from(c.table, q) for q in split[t])

    files = tracer.files
    rows: list[tuple[str, list[int]]] = [
        ("floor crossings (calls into another floor's Django code)", [len(hops[t]) for t in split]),
        ("  of them upward (a lower floor calling a higher one)", [len(up[t]) for t in split]),
        ("project modules run through (distinct .py files)", [len(files[t]) for t in split]),
        ("SQL queries", [len(split[t]) for t in split]),
    ]
    rows[2][1].append(len(files[False] | files[True]))  # a file run in both counts once
    for n, c in enumerate(counted):
        if n == 0 or counted[n - 1].figure != c.figure:
            rows.append((f"{c.figure}:", []))
        rows.append((f"  {c.path}" + f" ({c.table})" * bool(c.table), [tally(c, t) for t in split]))
    width = max(len(name) for name, _ in rows)
    print(f"{'figure':<{width}}  request  tasks  whole path")
    for name, counts in rows:
        counts += [sum(counts)] * (len(counts) == 2)
        cells = "".join(f"{n:>{w}}" for n, w in zip(counts, (9, 7, 12), strict=False))
        print(f"{name:<{width}}{cells}".rstrip())


def follow(label: str, counted: list[Counted], action: Callable[[], Any]) -> Any:
    """Run ``action`` (a request) traced, print what it ran, and return its response."""
    tracer = HopTracer(counted)
    with CaptureQueriesContext(connection) as ctx:
        tracer.count_queries = lambda: len(connection.queries_log) - ctx.initial_queries
        sys.setprofile(tracer)
        try:
            response = action()
        finally:
            sys.setprofile(None)
    report(label, tracer, ctx.captured_queries, counted)
    return response


def main() -> None:
    call_command("migrate", verbosity=0)
    counted = instruments()

    from games.demo import played_actions
    from games.models import Game
    from tests import factories
    from tests.end_to_end import steps
    from tests.tournament.helpers import api_as
    from tournament.models.events import Board

    make: Any = factories  # factory_boy has no types
    # Round 1: Ada v Alan recorded move by move by the arbiter; Grace v Edsger on paper.
    event = make.EventFactory()
    round_ = make.RoundFactory(event=event)
    ada, alan, grace, edsger = steps.players_with_accounts(steps.PIONEERS[:4])
    entries = [make.EntryFactory(event=event, player=p.player) for p in (ada, alan, grace, edsger)]
    recorded = make.BoardFactory(round=round_, number=1, sides=entries[:2])
    paper = make.BoardFactory(round=round_, number=2, sides=entries[2:])
    arbiter = api_as(make.arbiter_of(event))

    actions = played_actions(seed=3)
    url = f"/api/games/{recorded.pk}/actions/"
    for n, action in enumerate(actions[:-1]):
        steps.ok(arbiter.post(url, {"action": action, "expected_index": n}, format="json"), 201)
    last = {"action": actions[-1], "expected_index": len(actions) - 1}
    label = "the arbiter's placement that ends the game (POST .../actions/)"
    steps.ok(follow(label, counted, lambda: arbiter.post(url, last, format="json")), 201)
    game = Game.objects.get(board=recorded)
    assert game.status == Game.Status.FINISHED, game.status

    word = steps.pair_fields("1-0", 12, 9)
    steps.confirm(grace, paper, word)  # the first word: the board awaits Edsger's
    label = "the second player's word that confirms the result (POST .../confirm/)"
    steps.ok(
        follow(label, counted, lambda: edsger.client.post(steps.confirm_url(event, paper), word))
    )
    confirmed = Board.objects.get(pk=paper.pk)
    agreed = ("1-0", Board.Confirmation.CONFIRMED)
    assert (confirmed.result, confirmed.confirmation) == agreed, confirmed.confirmation

    label = "the standings page read after both"
    response = follow(label, counted, lambda: ada.client.get(f"/events/{event.slug}/standings/"))
    page = steps.ok(response, 200).content.decode()
    assert all(p.name in page for p in (ada, alan, grace, edsger)), "a player is missing"


if __name__ == "__main__":
    main()
