"""Online play bench (not a timed test; issue 30): N online games played by scripted players at
their own "screens" plus M spectators on sockets, on this machine.

Creates its own PostgreSQL database and empties Redis db 11, seeds an online event with
`manage.py seed_online` (round 1 published, every board dealt by the site, every player signed
in), starts the site as deploy/ runs it (nginx in front, gunicorn for the pages and the player's
JSON, daphne for the sockets) and a real Celery worker,
then, in this process (asyncio, aiohttp):

- each player opens their game's socket (ws/play/<game>/, as the player's page does) and, on
  their turn, reads their state, thinks, places a tile of their rack on a legal pair of hexes
  (from the state), places any bonus tile, and ends the turn (the clock press), all through the
  player's endpoints (/play/<game>/state/, /play/<game>/act/);
- each spectator holds a socket on one board (ws/boards/<board>/) and counts what it hears.

It prints placement-to-opponent latency (from the placement's request leaving the mover to the
push reaching the opponent's socket, and to the opponent's page holding the new state: p50,
p95), the socket messages delivered a second, the CPU per placement (daphne, PostgreSQL, Redis,
the worker; the load's own CPU beside it) and the memory per socket connection (daphne's resident
memory before and after the spectators connect), beside the target: p95 under 250 ms.

    python bench/online.py [--games 200] [--spectators 2000] [--seconds 60] [--servers 2]
                           [--think 2.0]

Needs PostgreSQL on 127.0.0.1:5432 (superuser `postgres` without a password) and Redis on
127.0.0.1:6379; aiohttp and psutil from requirements-bench.txt.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from cpu import CpuSampler, named, tree  # noqa: E402 (bench/ is not a package)
from festival import percentile, psql, stop  # noqa: E402 (one way to start and stop, as there)
from live import wait_until_up  # noqa: E402

from deploy.front import render_front  # noqa: E402 (the front as deploy/ runs it)

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
BIN = Path(PYTHON).parent
DB_NAME = "ingenious_online"
FRONT_PORT = 8781  # nginx: every request and socket of the load
PAGES_PORT = 8782  # gunicorn
SOCKETS_PORT = 8783  # daphne
NGINX = "/usr/sbin/nginx"
TARGET_P95_MS = 250.0
RAMP_SECONDS = 20  # the spectators' sockets open over this long
ENV = {
    "DATABASE_URL": f"postgres://ingenious:ingenious@127.0.0.1:5432/{DB_NAME}?conn_max_age=60",
    "REDIS_URL": "redis://127.0.0.1:6379/11",
    "DEBUG": "False",
    "SECRET_KEY": "bench-only-secret-key-not-for-production-0123456789abcdef",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "DJANGO_SETTINGS_MODULE": "tournament.settings",
    # Each scripted client says its own address (X-Forwarded-For), as phones behind a proxy
    # would: the sockets' and pages' rates count clients, not the bench's one address.
    "TRUSTED_PROXY_COUNT": "2",  # the phones' proxy (the client's header) and the front
}


@dataclass
class Figures:
    push_ms: list[float] = field(default_factory=list)
    view_ms: list[float] = field(default_factory=list)
    placements: int = 0
    presses: int = 0
    finished: int = 0
    messages: int = 0
    errors: dict[str, int] = field(default_factory=dict)

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


def address(n: int) -> str:
    return f"10.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255}"


class Seat:
    """One player at one game: their session, socket and the placement they wait to see."""

    def __init__(self, base: str, game: dict[str, Any], seat: int, client: int) -> None:
        self.base = base
        self.game = game["game"]
        self.seat = seat
        self.session_key = game["seats"][seat]["session"]
        self.headers = {"X-Forwarded-For": address(client)}
        self.heard = asyncio.Event()
        self.csrf = ""

    async def open(self, http: Any) -> None:
        """The player's page, as a browser opens it first: its CSRF cookie for the writes."""
        self.http = http
        url = f"{self.base}/play/{self.game}/"
        async with http.get(url, headers=self.cookie_headers()) as page:
            await page.read()
            if page.status != 200:
                raise RuntimeError(f"the player's page answered {page.status}")
            cookie = page.cookies.get("csrftoken")
            self.csrf = cookie.value if cookie is not None else ""

    def cookie_headers(self) -> dict[str, str]:
        """The session's (and CSRF's) cookies by hand: aiohttp's jar keeps none for 127.0.0.1."""
        cookies = f"sessionid={self.session_key}"
        if self.csrf:
            cookies += f"; csrftoken={self.csrf}"
        return {**self.headers, "Cookie": cookies}

    async def state(self) -> dict[str, Any]:
        url = f"{self.base}/play/{self.game}/state/"
        async with self.http.get(url, headers=self.cookie_headers()) as response:
            body: dict[str, Any] = await response.json()
            return body

    async def act(self, action: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        headers = {**self.cookie_headers(), "X-CSRFToken": self.csrf}
        url = f"{self.base}/play/{self.game}/act/"
        async with self.http.post(url, json=action, headers=headers) as response:
            return response.status, await response.json()


async def listen(ws: Any, on_message: Any) -> None:
    import aiohttp

    async for message in ws:
        if message.type == aiohttp.WSMsgType.TEXT:
            on_message()
        elif message.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
            break


class Table:
    """What the seats of one game share: when the last placement left its mover, and the
    record's length it made (the opponent's page holds it once its state reaches that)."""

    def __init__(self) -> None:
        self.sent_at: float | None = None
        self.index = 0
        self.mover = -1
        self.pushed = False


async def play_seat(
    seat: Seat, table: Table, rng: random.Random, figures: Figures, until: float, think: float
) -> None:
    """One player's page: it fetches its state on every message of its socket (a poll every
    30 s besides), and on its turn thinks, places (any bonus too) and ends the turn."""
    state = await seat.state()
    while time.monotonic() < until and not state.get("over"):
        may = state.get("may", {})
        if may.get("place") or may.get("end_turn"):
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            while state.get("may", {}).get("place") and state.get("legal_pairs"):
                action = {
                    "type": "place",
                    "tile": rng.choice(state["rack"])["tile"],
                    "cells": rng.choice(state["legal_pairs"]),
                    "expected_index": state["next_index"],
                }
                table.sent_at, table.mover, table.pushed = time.monotonic(), seat.seat, False
                status, state = await seat.act(action)
                if status != 200:
                    figures.error(f"place {status}")
                    break
                table.index = state["next_index"]
                figures.placements += 1
            if state.get("may", {}).get("end_turn"):
                status, state = await seat.act(
                    {"type": "end_turn", "expected_index": state["next_index"]}
                )
                figures.presses += status == 200
                if status != 200:
                    figures.error(f"end_turn {status}")
            continue
        seat.heard.clear()
        try:
            await asyncio.wait_for(seat.heard.wait(), timeout=30)
        except TimeoutError:
            figures.error("no push in 30 s")
        state = await seat.state()
        sent = table.sent_at
        if sent is not None and state.get("next_index", 0) >= table.index:
            figures.view_ms.append((time.monotonic() - sent) * 1000)
            table.sent_at = None
    figures.finished += bool(state.get("over"))


async def play_game(
    bases: list[str],
    game: dict[str, Any],
    number: int,
    figures: Figures,
    until: float,
    think: float,
) -> None:
    """Both seats of one game, each with its own session, socket and page, to the end or
    ``until``."""
    import aiohttp

    rng = random.Random(number)
    base = bases[number % len(bases)]
    seats = [Seat(base, game, s, 2 * number + s) for s in range(len(game["seats"]))]
    table = Table()
    sockets = []
    sessions = []
    try:
        for seat in seats:
            http = aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar())
            sessions.append(http)
            await seat.open(http)
            ws_url = base.replace("http", "ws") + f"/ws/play/{seat.game}/"
            ws = await http.ws_connect(
                ws_url, headers=seat.cookie_headers(), origin=base, heartbeat=30
            )

            def heard(seat: Seat = seat) -> None:
                figures.messages += 1
                # The opponent's socket, told of the mover's placement (once for each).
                sent = table.sent_at
                if sent is not None and seat.seat != table.mover and not table.pushed:
                    figures.push_ms.append((time.monotonic() - sent) * 1000)
                    table.pushed = True
                seat.heard.set()

            sockets.append(asyncio.create_task(listen(ws, heard)))
        await asyncio.gather(
            *(play_seat(seat, table, rng, figures, until, think) for seat in seats)
        )
    except (aiohttp.ClientError, RuntimeError, ValueError) as exc:
        figures.error(type(exc).__name__)
    finally:
        for task in sockets:
            task.cancel()
        for http in sessions:
            await http.close()


async def watch(
    http: Any, base: str, board: int, client: int, figures: Figures, until: float, delay: float
) -> None:
    import aiohttp

    url = base.replace("http", "ws") + f"/ws/boards/{board}/"
    await asyncio.sleep(delay)  # phones arrive over the ramp, not in one instant
    try:
        # Origin: the site's sockets take only its own pages' (channels' origin check).
        ws = await http.ws_connect(url, headers={"X-Forwarded-For": address(client)}, origin=base)
    except aiohttp.ClientError:
        figures.error("spectator socket refused")
        return

    def heard() -> None:
        figures.messages += 1

    try:
        await asyncio.wait_for(listen(ws, heard), timeout=max(until - time.monotonic(), 0.1))
    except TimeoutError:
        pass
    finally:
        await ws.close()


async def load(
    plan: dict[str, Any], bases: list[str], args: argparse.Namespace, daphnes: list[Any]
) -> dict[str, Any]:
    import aiohttp

    figures = Figures()
    spectators = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
    games = plan["games"]
    warm = (
        time.monotonic() + RAMP_SECONDS + 5 + args.seconds
    )  # spectators hold until the games stop
    rss_before = sum(p.memory_info().rss for find in daphnes for p in find())
    watchers = [
        asyncio.create_task(
            watch(
                spectators,
                bases[n % len(bases)],
                games[n % len(games)]["board"],
                100_000 + n,
                figures,
                warm,
                RAMP_SECONDS * n / max(args.spectators, 1),
            )
        )
        for n in range(args.spectators)
    ]
    await asyncio.sleep(RAMP_SECONDS + 5)  # every spectator connected (or refused) first
    rss_after = sum(p.memory_info().rss for find in daphnes for p in find())
    started = time.monotonic()
    until = started + args.seconds
    heard_before = figures.messages
    players = [
        asyncio.create_task(play_game(bases, g, n, figures, until, args.think))
        for n, g in enumerate(games)
    ]
    await asyncio.gather(*players)
    wall = time.monotonic() - started
    heard = figures.messages - heard_before
    for task in watchers:
        task.cancel()
    await asyncio.gather(*watchers, return_exceptions=True)
    await spectators.close()
    return {
        "figures": figures,
        "wall": wall,
        "messages_per_second": heard / wall,
        "rss_per_connection_kb": (rss_after - rss_before) / max(args.spectators, 1) / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--spectators", type=int, default=2000)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--gunicorn", type=int, default=2, help="gunicorn workers (pages)")
    parser.add_argument("--think", type=float, default=2.0, help="seconds per placement")
    args = parser.parse_args()
    import psutil

    env = os.environ | ENV
    work = Path(tempfile.mkdtemp(prefix="online-bench-"))
    psql(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
    psql(f"CREATE DATABASE {DB_NAME} OWNER ingenious")
    subprocess.run(["redis-cli", "-n", "11", "FLUSHDB"], check=True, stdout=subprocess.DEVNULL)
    manage = [PYTHON, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    # DEBUG is off: the pages name their static files from the manifest.
    subprocess.run([*manage, "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    plan_file = work / "plan.json"
    seed = [*manage, "seed_online", "--games", str(args.games), "--plan", str(plan_file)]
    subprocess.run(seed, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    plan = json.loads(plan_file.read_text())
    started: list[subprocess.Popen[bytes]] = []
    log = open(work / "servers.log", "wb")  # noqa: SIM115 (closed below)
    try:
        worker = subprocess.Popen(
            [str(BIN / "celery"), "-A", "tournament", "worker", "--queues",
             "celery,pairing,analysis", "--concurrency", "1", "--loglevel", "warning",
             "--hostname", "online-bench@%h"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        started.append(worker)
        # As deploy/ runs the site: nginx in front, the pages and the players' JSON on gunicorn,
        # the sockets (/ws/) on daphne, with its listen backlog as gunicorn's (Twisted's default
        # of 50 resets the handshakes of a crowd arriving at once) and 30 s for a handshake (its
        # default of 5 s drops the sockets of a round's players who open their games at once).
        pool = subprocess.Popen(
            [str(BIN / "gunicorn"), "tournament.wsgi", "--workers", str(args.gunicorn),
             "--bind", f"127.0.0.1:{PAGES_PORT}", "--backlog", "4096", "--log-level", "warning"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        started.append(pool)
        sockets = subprocess.Popen(
            [str(BIN / "daphne"), "-e", f"tcp:port={SOCKETS_PORT}:interface=127.0.0.1:backlog=4096",
             "--websocket_connect_timeout", "30", "tournament.asgi:application"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        started.append(sockets)
        front_dir = work / "front"
        front_dir.mkdir()
        (front_dir / "nginx.conf").write_text(
            render_front(
                port=FRONT_PORT,
                writes_port=PAGES_PORT,
                spectators_port=PAGES_PORT,
                sockets_port=SOCKETS_PORT,
                run_dir=front_dir,
            )
        )
        front = subprocess.Popen(
            [NGINX, "-c", str(front_dir / "nginx.conf"), "-p", str(front_dir), "-g", "daemon off;"],
            stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        started.append(front)
        daphnes = [tree(sockets.pid)]
        bases = [f"http://127.0.0.1:{FRONT_PORT}"]
        for port in (PAGES_PORT, FRONT_PORT):
            wait_until_up(f"http://127.0.0.1:{port}/healthz", timeout=60)
        sampler = CpuSampler(
            {
                "gunicorn (pages)": tree(pool.pid),
                "daphne (sockets)": tree(sockets.pid),
                "nginx": tree(front.pid),
                "postgres": named("postgres", DB_NAME),
                "redis (shared)": named("redis-server"),
                "celery worker": tree(worker.pid),
                "load (this process)": lambda: [psutil.Process()],
            }
        )
        sampler.start()
        result = asyncio.run(load(plan, bases, args, daphnes))
        sampler.stopping.set()
        sampler.join()
    finally:
        for proc in reversed(started):
            stop(proc)
        log.close()
    report(args, result, sampler)


def report(args: argparse.Namespace, result: dict[str, Any], sampler: CpuSampler) -> None:
    f: Figures = result["figures"]
    cores = sampler.cores()
    wall = max(sampler.stopped_at - sampler.started_at, 1e-9)
    serving = sum(v for k, v in cores.items() if not k.startswith("load"))
    per_placement = serving * wall / max(f.placements, 1) * 1000
    p95 = percentile(f.push_ms, 0.95)
    print(
        f"Online bench: {args.games} games, {args.spectators} socket spectators, "
        f"nginx, {args.gunicorn} gunicorn, 1 daphne, {result['wall']:.0f} s of play, "
        f"think {args.think} s"
    )
    print(f"  placements {f.placements}, presses {f.presses}, games finished {f.finished}")
    print(
        f"  placement -> opponent's socket: p50 {percentile(f.push_ms, 0.5):.0f} ms, "
        f"p95 {p95:.0f} ms (target < {TARGET_P95_MS:.0f} ms: "
        f"{'PASS' if f.push_ms and p95 < TARGET_P95_MS else 'FAIL'})"
    )
    print(
        f"  placement -> opponent's page holds it: p50 {percentile(f.view_ms, 0.5):.0f} ms, "
        f"p95 {percentile(f.view_ms, 0.95):.0f} ms"
    )
    print(f"  socket messages delivered: {result['messages_per_second']:.0f} a second")
    print(f"  CPU per placement (serving): {per_placement:.1f} ms")
    for name, share in cores.items():
        print(f"    {name}: {share:.2f} cores")
    print(f"  memory per socket connection (daphne RSS): {result['rss_per_connection_kb']:.1f} KB")
    print(f"  errors: {f.errors or 'none'}")


if __name__ == "__main__":
    main()
