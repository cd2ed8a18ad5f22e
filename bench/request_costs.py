"""What each request of the festival bench (bench/locustfile.py) costs this process, measured
in-process: CPU ms (``time.process_time``) and SQL queries per request, through Django's test
Client, beside a baseline checkout's figures in one run.

A small festival is seeded (``seed_festival``: one event whose 20 games the arbiter records, the
others run by their directors) and each kind of request is replayed many times:

- the arbiter's placement and clock press (``POST /api/games/{board}/actions/``, ``.../clock/``);
- the director's result (``PATCH /api/events/{slug}/boards/{id}/``), the round polled while a
  worker pairs it (``GET /api/events/{slug}/rounds/{n}/``, as the locust director and the
  director's page do; a poll that holds the round's validator sends it), the pairing asked
  for and the draft published;
- each spectator request (the live boards fragment, the live standings fragment, a game's live
  fragment, the live page, the standings page), once as the first request after a change (a
  move, or a result) and once more, the same, as a cache hit.

Celery tasks run in-process (eager) as part of the request that queues them, so a result's
figures include the worker's standings recompute and notification, as the festival's server
CPU does; the tasks' share is shown apart. PostgreSQL's own CPU is not in these figures.

    .venv/bin/python bench/request_costs.py [--baseline REV] [--directed 2] [--rounds 2]

Without ``DATABASE_URL`` it runs on SQLite in a scratch file with the local-memory cache; with
``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL`` it makes its own database beside that one
(``<name>_costs``, dropped at the end) and empties the Redis database. ``--baseline REV`` runs
the same script on ``git archive REV`` first and prints both.
"""

from __future__ import annotations

import argparse
import atexit
import cProfile
import json
import os
import pstats
import random
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BROWSER = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}
# The spectator mix of the locustfile (task weights) and its requests' paths.
SPECTATOR = {
    "live boards": (4, "/events/{slug}/live/boards/"),
    "live standings": (2, "/events/{slug}/live/standings/"),
    "game": (2, "/games/board/{board}/live/"),
    "live page": (1, "/events/{slug}/live/"),
    "standings page": (1, "/events/{slug}/standings/"),
}
Figures = dict[str, list[tuple[float, float, int, int]]]  # kind: (cpu ms, task ms, queries, q)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", help="a git revision to measure first, for comparison")
    parser.add_argument("--directed", type=int, default=2, help="events run by directors")
    parser.add_argument("--rounds", type=int, default=2, help="rounds each director runs")
    parser.add_argument("--steps", type=int, default=24, help="arbiter writes per game")
    parser.add_argument("--polls", type=int, default=10, help="round polls while pairing")
    parser.add_argument(
        "--profile", metavar="KIND", help="cProfile the requests whose kind starts with KIND"
    )
    parser.add_argument(
        "--sql", metavar="KIND", help="print the SQL of the first request whose kind starts so"
    )
    parser.add_argument("--json", help=argparse.SUPPRESS)  # a baseline run's figures go here
    return parser.parse_args()


def prepare_environment() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    os.environ["DEBUG"] = "False"  # as served: no query log, no template debug
    os.environ["SECRET_KEY"] = secrets.token_urlsafe(48)
    os.environ["EMAIL_URL"] = "memorymail://"
    # The bench's requests come from one client much faster than any tablet or phone.
    os.environ["API_RATE_USER"] = os.environ["API_RATE_ANON"] = "100000000/minute"
    os.environ["PAGE_RATE"] = "100000000/minute"
    if not os.environ.get("DATABASE_URL"):
        scratch = Path(tempfile.mkdtemp(prefix="request-costs-"))
        atexit.register(shutil.rmtree, scratch, True)
        os.environ["DATABASE_URL"] = f"sqlite:///{scratch / 'db.sqlite3'}"
        os.environ.pop("REDIS_URL", None)
    sys.path.insert(0, str(ROOT))


class Meter:
    """CPU and queries of one request, the eager tasks it ran counted apart."""

    def __init__(self, profile: str | None = None, sql: str | None = None) -> None:
        self.figures: Figures = defaultdict(list)
        self.sql = sql
        self.statements: list[str] | None = None
        self.profile = profile
        self.profiler = cProfile.Profile()
        self.queries = 0
        self.task_queries = 0
        self.task_cpu = 0.0
        self._task_started: float | None = None

    def count(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        self.queries += 1
        if self.statements is not None:
            self.statements.append(f"{'(task) ' * (self._task_started is not None)}{sql}")
        if self._task_started is not None:
            self.task_queries += 1
        return execute(sql, params, many, context)

    def task_began(self, **kwargs: Any) -> None:
        self._task_started = time.process_time()

    def task_ended(self, **kwargs: Any) -> None:
        if self._task_started is not None:
            self.task_cpu += time.process_time() - self._task_started
            self._task_started = None

    def measure(self, kind: str, request: Callable[[], Any], expect: tuple[int, ...]) -> Any:
        self.queries = self.task_queries = 0
        self.task_cpu = 0.0
        profiled = bool(self.profile) and kind.startswith(str(self.profile))
        if self.sql and kind.startswith(self.sql):
            self.statements, self.sql = [], None
        started = time.process_time()
        response = self.profiler.runcall(request) if profiled else request()
        cpu = time.process_time() - started
        if self.statements is not None:
            print(f"\n## the SQL of {kind}")
            print("\n".join(f"{n}. {q[:4000]}" for n, q in enumerate(self.statements, 1)))
            self.statements = None
        if response.status_code not in expect:
            body = getattr(response, "content", b"")[:300]
            raise SystemExit(f"{kind}: HTTP {response.status_code} {body!r}")
        self.figures[kind].append(
            (cpu * 1000, self.task_cpu * 1000, self.queries, self.task_queries)
        )
        return response


@contextmanager
def own_database() -> Iterator[str]:
    """The database the run fills: SQLite's scratch file, or PostgreSQL's ``<name>_costs``."""
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection

    if connection.vendor == "sqlite":
        call_command("migrate", verbosity=0)
        yield "SQLite (scratch file), local-memory cache"
        return
    name = connection.settings_dict["NAME"]
    connection.settings_dict.setdefault("TEST", {})["NAME"] = f"{name}_costs"
    old = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    cache.clear()
    try:
        yield f"PostgreSQL ({name}_costs), cache: {type(cache).__name__}"
    finally:
        connection.creation.destroy_test_db(old, verbosity=0)


def seed(directed: int) -> tuple[Any, list[Any]]:
    """One festival: the arbiter's event (its 20 games) first, then the directors' events."""
    from io import StringIO

    from django.core.management import call_command

    from tournament.models.events import Event

    call_command("seed_festival", events=1 + directed, players=40, stdout=StringIO())
    events = list(Event.objects.order_by("pk"))
    return events[0], events[1:]


def signed_in(event: Any, role: str) -> Any:
    from django.test import Client

    from tournament.models.events import EventRole

    client = Client()
    client.force_login(EventRole.objects.get(event=event, role=role).user)
    return client


def spectate(meter: Meter, client: Any, event: Any, kind: str, board: int, after: str) -> None:
    """One spectator request just after a change (a miss), then the same again (a hit)."""
    path = SPECTATOR[kind][1].format(slug=event.slug, board=board)
    meter.measure(f"spectator: {kind} ({after})", lambda: client.get(path, **BROWSER), (200,))
    meter.measure(f"spectator: {kind} (cache hit)", lambda: client.get(path, **BROWSER), (200,))
    # The floor: a view that does nothing, through the same middleware.
    meter.measure("floor: /robots.txt", lambda: client.get("/robots.txt", **BROWSER), (200,))


def arbiter(meter: Meter, event: Any, steps: int, spectator: Any) -> None:
    """The arbiter's writes at all 20 boards in turn, a spectator request after each."""
    from festival_db import game_steps  # bench/ is on the path: this is a script

    from games.models import Game

    client = signed_in(event, "arbiter")
    boards = list(
        Game.objects.filter(board__round__event=event)
        .order_by("board__number")
        .values_list("board_id", flat=True)
    )
    plans = {board: game_steps(seed=board)[:steps] for board in boards}
    index = dict.fromkeys(boards, 0)
    rng = random.Random(7)
    kinds = list(SPECTATOR)
    done = 0
    for step in range(steps):
        for board in boards:
            if step >= len(plans[board]):
                continue
            action = plans[board][step]
            if action["type"] == "place":
                url, kind = f"/api/games/{board}/actions/", "arbiter: placement"
                body: dict[str, Any] = {"expected_index": index[board], "action": action}
            else:
                url, kind = f"/api/games/{board}/clock/", f"arbiter: clock {action['type']}"
                body = {"expected_index": index[board], "operation": action["type"]}
            response = meter.measure(
                kind,
                partial(client.post, url, body, content_type="application/json"),
                (200, 201),
            )
            index[board] = response.json()["next_index"]
            watched = rng.choice([b for b in boards if b != board])
            spectate(meter, spectator, event, kinds[done % len(kinds)], watched, "after a move")
            done += 1


def director(meter: Meter, event: Any, rounds: int, polls: int, spectator: Any) -> None:
    """A director's rounds: the results of the round in play, then the next round paired (the
    worker's pairing held back while the round is polled, then timed on its own) and
    published. A spectator request after each result."""
    from tournament.models.events import Round
    from tournament.rounds.services import compute_draft

    client = signed_in(event, "director")
    api = f"/api/events/{event.slug}/"
    rng = random.Random(event.pk)
    kinds = list(SPECTATOR)
    done = 0
    for number in range(1, rounds + 1):
        if number > 1:
            with held_back("tournament.tasks.compute_pairing") as pairing:
                meter.measure("director: pair", partial(client.post, f"{api}rounds/"), (202,))
            url = f"{api}rounds/{number}/"
            held: dict[str, str] = {}
            for _ in range(polls):
                response = meter.measure(
                    "director: round poll (pairing)",
                    partial(client.get, url, **held),
                    (200, 204, 304),
                )
                if response.status_code == 200 and response.has_header("ETag"):
                    held = {"HTTP_IF_NONE_MATCH": response["ETag"]}
            (round_id,) = pairing
            meter.measure("worker: pairing (the draft)", _Done(compute_draft, round_id), (0,))
            response = meter.measure(
                "director: round poll (the draft)", partial(client.get, url, **held), (200,)
            )
            assert response.json()["status"] == Round.Status.DRAFT
            meter.measure("director: publish", partial(client.post, f"{url}publish/"), (200,))
        listed = meter.measure("director: rounds", lambda: client.get(f"{api}rounds/"), (200,))
        last = listed.json()[-1]
        for board in last["boards"]:
            if board["result"] or board["second"] is None:
                continue
            low = rng.randint(6, 14)
            result, first, second = rng.choice(
                [("1-0", low + 2, low), ("0-1", low, low + 2), ("1/2-1/2", low, low)]
            )
            body = {
                "result": result,
                "first_lowest": first,
                "second_lowest": second,
                "replaces": board["result_version"],
            }
            url = f"{api}boards/{board['id']}/"
            meter.measure(
                "director: result",
                partial(client.patch, url, body, content_type="application/json"),
                (200,),
            )
            kind = kinds[done % len(kinds)]
            spectate(meter, spectator, event, kind, board["id"], "after a result")
            done += 1


@contextmanager
def held_back(task_name: str) -> Iterator[list[Any]]:
    """The task ``task_name`` is not run when queued meanwhile: its first argument is kept."""
    from tournament import effects

    send = effects._send
    kept: list[Any] = []

    def sending(name: str, args: tuple[Any, ...], countdown: float | None = None) -> None:
        if name == task_name:
            kept.append(args[0])
        else:
            send(name, args, countdown)

    sending.__name__ = send.__name__

    effects._send = sending  # type: ignore[assignment]
    try:
        yield kept
    finally:
        effects._send = send


class _Done:
    """Work done by the worker run as if it were a request (status 0), to time it."""

    status_code = 0

    def __init__(self, work: Callable[..., Any], *args: Any) -> None:
        self.work, self.args = work, args

    def __call__(self) -> _Done:
        self.work(*self.args)
        return self


class Debounced:
    """A task a worker runs at most once per delay, however often it is asked for (the rating
    list's rebuild, an event's standings): run eagerly it would follow every result. Asks are
    counted and the task is timed once, at the end."""

    def __init__(self, task: Any) -> None:
        self.task = task
        self.asked: dict[tuple[Any, ...], int] = {}

    def __call__(self, *args: Any) -> bool:
        self.asked[args] = self.asked.get(args, 0) + 1
        return True

    def time_one(self, meter: Meter, kind: str, first: Callable[..., Any] | None = None) -> None:
        """Time the task once, for the last arguments asked (``first(*args)`` before it: what
        makes it do its work, rather than find it done)."""
        for args in list(self.asked)[-1:]:
            if first is not None:
                first(*args)
            meter.measure(kind, _Done(self.task.apply, args), (0,))


def measure(args: argparse.Namespace) -> tuple[str, Figures]:
    import django

    django.setup()
    import logging

    from celery.signals import task_postrun, task_prerun
    from django.conf import settings
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client

    from scoring.tasks import recompute_standings, update_ratings
    from tournament import effects
    from tournament.celery import app

    logging.disable(logging.INFO)
    # Served as with DEBUG off, without collectstatic's manifest.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    app.conf.task_always_eager = True  # the worker's part runs here, counted apart
    app.conf.task_eager_propagates = True
    ratings = Debounced(update_ratings)
    effects.queue_ratings_rebuild = ratings
    # A checkout that queues a recompute per result (no STANDINGS_DELAY_SECONDS) runs it so.
    standings = Debounced(recompute_standings)
    if hasattr(effects, "queue_standings_recompute"):
        effects.queue_standings_recompute = standings  # type: ignore[assignment]
    meter = Meter(args.profile, args.sql)
    task_prerun.connect(meter.task_began, weak=False)
    task_postrun.connect(meter.task_ended, weak=False)
    with own_database() as where:
        played, directed = seed(args.directed)
        spectator = Client()
        with connection.execute_wrapper(meter.count):
            arbiter(meter, played, args.steps, spectator)
            for event in directed:
                director(meter, event, args.rounds, args.polls, spectator)
            ratings.time_one(meter, "worker: rating list rebuilt (one)")
            standings.time_one(
                meter,
                "worker: standings recomputed (one)",
                lambda event_id: cache.delete(effects.standings_key(event_id)),
            )
    for name, debounced in (("rating-list rebuilds", ratings), ("standings recomputes", standings)):
        asked = sum(debounced.asked.values())
        print(f"{name} asked for: {asked} (not run after each: timed once)")
    if args.profile:
        stats = pstats.Stats(meter.profiler).strip_dirs().sort_stats("cumulative")
        stats.print_stats(60)
        stats.sort_stats("tottime").print_stats(30)
    return where, dict(meter.figures)


def summary(rows: list[tuple[float, float, int, int]]) -> dict[str, float]:
    cpu = [r[0] for r in rows]
    return {
        "n": len(rows),
        "cpu": statistics.fmean(cpu),
        "p50": statistics.median(cpu),
        "tasks": statistics.fmean(r[1] for r in rows),
        "queries": statistics.fmean(r[2] for r in rows),
        "task_queries": statistics.fmean(r[3] for r in rows),
    }


def mixed(parts: Sequence[tuple[float, dict[str, float] | None]]) -> dict[str, float] | None:
    """The weighted mean of ``parts`` (weight, row); None when one is missing."""
    if any(row is None for _, row in parts):
        return None
    total = sum(weight for weight, _ in parts)
    out = {
        key: sum(weight * row[key] for weight, row in parts if row is not None) / total
        for key in ("cpu", "p50", "tasks", "queries", "task_queries")
    }
    return out | {"n": sum(row["n"] for _, row in parts if row is not None)}


def mixes(table: dict[str, dict[str, float]], polls: int) -> dict[str, dict[str, float]]:
    """The spectators' mix (the locustfile's weights) after a change and as cache hits, and a
    director's round as the locust director makes it (the rounds, 20 results, the polls while
    the round is paired, the draft, its publication)."""
    out = {}
    for when in ("after a move", "after a result", "cache hit"):
        parts = [(w, table.get(f"spectator: {k} ({when})")) for k, (w, _) in SPECTATOR.items()]
        if (row := mixed(parts)) is not None:
            out[f"spectator mix ({when})"] = row
    # A round's requests, and the worker's part of it: its pairing, and the standings
    # recomputed once per STANDINGS_DELAY_SECONDS while the 20 slips come in (0.2 to 0.6 s
    # apart: ~8 s, ~4 recomputes; none for a checkout that recomputes after each result).
    requests = {
        "director: rounds": 1,
        "director: result": 20,
        "director: pair": 1,
        "director: round poll (pairing)": polls,
        "director: round poll (the draft)": 1,
        "director: publish": 1,
    }
    worker = {"worker: pairing (the draft)": 1, "worker: standings recomputed (one)": 4}
    rows = [(w, table.get(kind)) for kind, w in requests.items()]
    if (row := mixed(rows)) is not None:
        total = sum(requests.values())
        extra = sum(w * table[kind]["cpu"] for kind, w in worker.items() if kind in table)
        row["cpu"] += extra / total
        row["tasks"] += extra / total
        out["director mix (a round, its worker's part)"] = row
    return out


def run_baseline(revision: str, args: argparse.Namespace) -> dict[str, Any]:
    """This script's figures for ``revision``'s code (git archive into a scratch directory)."""
    tree = Path(tempfile.mkdtemp(prefix="request-costs-base-"))
    atexit.register(shutil.rmtree, tree, True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision], check=True, capture_output=True
    )
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    shutil.copy(Path(__file__), tree / "bench" / "request_costs.py")
    out = tree / "figures.json"
    command = [sys.executable, str(tree / "bench" / "request_costs.py"), "--json", str(out)]
    for name in ("directed", "rounds", "steps", "polls"):
        command += [f"--{name}", str(getattr(args, name))]
    print(f"measuring the baseline ({revision}) ...", flush=True)
    subprocess.run(command, check=True, cwd=tree)
    figures: dict[str, Any] = json.loads(out.read_text())
    return figures


def show(where: str, ours: dict[str, Any], base: dict[str, Any] | None, label: str) -> None:
    print(f"\n{where}; CPU ms of this process per request (tasks run eagerly, included)")
    head = f"{'request':<46}{'n':>5}{'cpu ms':>9}{'p50':>8}{'tasks':>8}{'queries':>9}"
    if base is not None:
        head += f"  | {label + ' cpu':>12}{'p50':>8}{'queries':>9}"
    print(head)
    print("-" * len(head))
    for kind, row in ours.items():
        line = (
            f"{kind:<46}{row['n']:>5.0f}{row['cpu']:>9.2f}{row['p50']:>8.2f}"
            f"{row['tasks']:>8.2f}{row['queries']:>9.1f}"
        )
        old = (base or {}).get(kind)
        if old is not None:
            line += f"  | {old['cpu']:>12.2f}{old['p50']:>8.2f}{old['queries']:>9.1f}"
        print(line)


def main() -> None:
    args = arguments()
    base = run_baseline(args.baseline, args) if args.baseline else None
    prepare_environment()
    where, figures = measure(args)
    table = {kind: summary(rows) for kind, rows in sorted(figures.items())}
    table |= mixes(table, args.polls)
    if args.json:
        Path(args.json).write_text(json.dumps({"where": where, "table": table}))
        return
    show(where, table, base["table"] if base else None, "baseline")


if __name__ == "__main__":
    main()
