"""Load check of the public pages (not a timed test).

Starts the site under gunicorn (2 workers) on PostgreSQL and Redis, fills a 200-player event with
5 rounds of results and a sixth round in play, then measures with wrk (concurrent keep-alive
clients sending a browser's Accept-Encoding) every public page people open first (live page,
standings, crosstable, the round's pairings, a player's page, a board's page) and the live
fragments against a trivial view of the same server, in the same run: requests per second,
p50 and p95, with PASS/FAIL against the targets (at least 0.5x the trivial view's rate, p95
under 100 ms), and the full live page's bytes on the wire (target: under 60 KB gzipped).

    python bench/live.py [--players 200] [--rounds 5] [--seconds 4] [--connections 16]

Needs: PostgreSQL on 127.0.0.1:5432 (role `ingenious` that may create databases), Redis on
127.0.0.1:6379, and Debian's wrk (`apt-get install wrk`). Uses database ingenious_bench and
Redis db 9, both emptied first.
"""

import argparse
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
DB_NAME = "ingenious_bench"
ENV = {
    "DATABASE_URL": f"postgres://ingenious:ingenious@127.0.0.1:5432/{DB_NAME}",
    "REDIS_URL": "redis://127.0.0.1:6379/9",
    "DEBUG": "False",
    "SECRET_KEY": "bench-only-secret-key-not-for-production-0123456789abcdef",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "DJANGO_SETTINGS_MODULE": "tournament.settings",
}


def run(*args: str, env: dict[str, str] | None = None) -> None:
    subprocess.run(args, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)


def fill(players: int, rounds: int, seed: int) -> dict[str, object]:
    """Create the event through the project's own services; returns what the pages need."""
    import django

    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    django.setup()
    from django.contrib.auth import get_user_model

    from games.clocks.services import press_clock, start_clock
    from games.engine.randomgame import random_game
    from games.models import Game
    from games.recording.services import record_action
    from tournament.entries.services import import_players_csv
    from tournament.events.services import create_event
    from tournament.models.events import Result
    from tournament.results.services import set_board_result
    from tournament.rounds.services import compute_draft, publish_round, start_pairing

    rng = random.Random(seed)
    director = get_user_model().objects.create_superuser("bench", password="bench-password-1")
    event = create_event(
        user=director,
        data={
            "name": "Bench Open",
            "venue": "Loopback",
            "rounds": rounds + 2,
            "pairing_system": "swiss",
        },
    )
    rows = ["name,club,country,rating"] + [
        f"Player {n:03d},Club {n % 17},ENG,{2400 - n * 3}" for n in range(players)
    ]
    import_players_csv(event=event, user=director, text="\n".join(rows))

    def pair_and_publish():  # noqa: ANN202
        round_ = start_pairing(event=event, user=director)
        compute_draft(round_.pk)
        round_.refresh_from_db()
        return publish_round(round_=round_, user=director)

    for _ in range(rounds):
        round_ = pair_and_publish()
        for board in round_.boards.filter(second__isnull=False):
            low = rng.randint(6, 14)
            result = rng.choice([Result.FIRST_WINS, Result.SECOND_WINS, Result.DRAW])
            first, second = {
                Result.FIRST_WINS: (low + rng.randint(1, 4), low),
                Result.SECOND_WINS: (low, low + rng.randint(1, 4)),
                Result.DRAW: (low, low),
            }[result]
            set_board_result(
                board=board,
                result=result,
                user=director,
                first_lowest=first,
                second_lowest=second,
            )
        print(f"  round {round_.number}: {round_.boards.count()} boards with results", flush=True)

    # The round in play: every game's clocks started and a few turns recorded.
    round_ = pair_and_publish()
    for game in Game.objects.filter(board__round=round_):
        record = random_game(ruleset="mso", mode="board", seed=rng.randrange(1 << 30))
        places = []
        for action in record.actions:
            if action["type"] != "place":
                break
            places.append(action)
        start_clock(game=game, user=director, expected_index=game.log_length)
        for n, action in enumerate(places[: rng.randint(2, 8)]):
            game.refresh_from_db()
            record_action(game=game, user=director, expected_index=game.log_length, action=action)
            following = places[n + 1] if n + 1 < len(places) else None
            if following is not None and following["player"] != action["player"]:
                game.refresh_from_db()
                press_clock(game=game, user=director, expected_index=game.log_length)
    print(f"  round {round_.number}: {round_.boards.count()} boards in play", flush=True)
    board = round_.boards.filter(second__isnull=False).order_by("number").first()
    assert board is not None
    return {
        "slug": event.slug,
        "round": round_.number,
        "board": board.pk,
        "entry": board.first_id,
    }


# What every browser polling the live page sends; the fragments are stored gzipped for it.
BROWSER_HEADERS = ("Accept-Encoding: gzip, deflate, br",)


def wrk(url: str, seconds: int, connections: int, headers: tuple[str, ...]) -> dict[str, float]:
    out = subprocess.run(
        [
            "wrk",
            "-t2",
            f"-c{connections}",
            f"-d{seconds}s",
            "--latency",
            *(arg for header in headers for arg in ("-H", header)),
            "-s",
            str(ROOT / "bench" / "wrk_report.lua"),
            url,
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def wait_until_up(url: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"the server did not answer {url} in {timeout:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=int, default=3, help="per page (the machine is shared)")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="keep the event the last run filled with the same options (skips the slow fill)",
    )
    parser.add_argument("--fill-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.fill_only:
        print(json.dumps(fill(args.players, args.rounds, args.seed)))
        return
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install wrk")

    env = os.environ | ENV
    psql = ["psql", "-h", "127.0.0.1", "-U", "postgres", "-q", "-c"]
    # A fresh machine has no `ingenious` role yet (.ci/run makes the same one).
    roles = ["psql", "-h", "127.0.0.1", "-U", "postgres", "-tAc"]
    found = subprocess.run(
        [*roles, "SELECT 1 FROM pg_roles WHERE rolname = 'ingenious'"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if found != "1":
        run(*psql, "CREATE ROLE ingenious LOGIN CREATEDB PASSWORD 'ingenious'")
    options = {"players": args.players, "rounds": args.rounds, "seed": args.seed}
    kept = ROOT / "var" / "bench-live.json"
    if args.reuse and kept.exists() and json.loads(kept.read_text())["options"] == options:
        event = json.loads(kept.read_text())["event"]
        run(PYTHON, "manage.py", "migrate", "--noinput", env=env)
        run("redis-cli", "-n", "9", "FLUSHDB")
        print(f"Reusing the {args.players}-player event of the last run ({event['slug']}).")
    else:
        event = fill_database(args, env)
        kept.parent.mkdir(exist_ok=True)
        kept.write_text(json.dumps({"options": options, "event": event}))
    run(PYTHON, "manage.py", "collectstatic", "--noinput", env=env)
    serve_and_measure(event, args, env)


def fill_database(args: argparse.Namespace, env: dict[str, str]) -> dict[str, object]:
    psql = ["psql", "-h", "127.0.0.1", "-U", "postgres", "-q", "-c"]
    run(*psql, f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
    run(*psql, f"CREATE DATABASE {DB_NAME} OWNER ingenious")
    run("redis-cli", "-n", "9", "FLUSHDB")
    run(PYTHON, "manage.py", "migrate", "--noinput", env=env)
    print(f"Filling a {args.players}-player event with {args.rounds} rounds of results...")
    started = time.monotonic()
    filled = subprocess.run(
        [
            PYTHON,
            __file__,
            "--fill-only",
            "--players",
            str(args.players),
            "--rounds",
            str(args.rounds),
            "--seed",
            str(args.seed),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    *progress, made = filled.stdout.strip().splitlines()
    print("\n".join(progress))
    event = json.loads(made)
    print(f"  filled in {time.monotonic() - started:.1f} s")
    return event


def serve_and_measure(
    event: dict[str, object], args: argparse.Namespace, env: dict[str, str]
) -> None:
    port = free_port()
    server = subprocess.Popen(
        [
            str(Path(PYTHON).parent / "gunicorn"),
            "tournament.wsgi",
            "--workers",
            "2",
            "--bind",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_up(f"{base}/healthz")
        measure(base, event, args.seconds, args.connections)
    finally:
        server.terminate()
        server.wait(timeout=10)


def free_port() -> int:
    """A port nobody listens on (other benches may run beside this one)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# The pages with targets: (label, path), each >= RATE_TARGET x the trivial view, p95 < P95_TARGET.
RATE_TARGET = 0.5
P95_TARGET_MS = 100.0
WIRE_TARGET_BYTES = 60 * 1024


def targets(event: dict[str, object]) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    slug, number = event["slug"], event["round"]
    pages = [
        ("live event page", f"/events/{slug}/live/"),
        ("standings", f"/events/{slug}/standings/"),
        ("crosstable", f"/events/{slug}/crosstable/"),
        (f"round {number} page (public)", f"/events/{slug}/rounds/{number}/"),
        ("player page", f"/events/{slug}/player/{event['entry']}/"),
        ("board page", f"/games/board/{event['board']}/"),
    ]
    more = [
        ("event page", f"/events/{slug}/"),
        ("game viewer", f"/games/board/{event['board']}/view/"),
        ("fragment: boards of the round", f"/events/{slug}/live/boards/"),
        ("fragment: standings", f"/events/{slug}/live/standings/"),
        ("fragment: projector screens", f"/events/{slug}/projector/screens/"),
    ]
    return pages, more


def wire_bytes(url: str) -> tuple[int, int, str]:
    """The page's bytes on the wire for a browser (status line, headers and body as sent), its
    plain size, and its content coding."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": BROWSER_HEADERS[0][17:]})
    with urllib.request.urlopen(request, timeout=10) as response:
        body = response.read()
        head = sum(len(k) + len(v) + 4 for k, v in response.getheaders()) + 17
        coding = response.headers.get("Content-Encoding", "identity")
    with urllib.request.urlopen(url, timeout=10) as response:
        plain = len(response.read())
    return head + len(body), plain, coding


SLICES = 3


def paired(
    base: str, trivial: str, path: str, seconds: int, connections: int
) -> tuple[float, dict[str, float], float]:
    """The trivial view and the page in turn, SLICES times: the trivial view's median rate,
    the page's figures (rate: median; p50, p95: of the median slice) and the median of the
    slices' ratios, so that load that comes and goes on the machine touches both alike."""
    slice_seconds = max(1, round(seconds / SLICES))
    rows = []
    for _ in range(SLICES):
        plain = wrk(base + trivial, slice_seconds, connections, BROWSER_HEADERS)
        page = wrk(base + path, slice_seconds, connections, BROWSER_HEADERS)
        rows.append((page["rps"] / plain["rps"], plain["rps"], page))
    rows.sort(key=lambda row: row[0])
    ratio, _, middle = rows[len(rows) // 2]
    figures = dict(middle)
    figures["rps"] = statistics.median(row[2]["rps"] for row in rows)
    figures["errors"] = sum(row[2]["errors"] for row in rows)
    figures["non2xx"] = sum(row[2]["non2xx"] for row in rows)
    return statistics.median(row[1] for row in rows), figures, ratio


def measure(base: str, event: dict[str, object], seconds: int, connections: int) -> None:
    pages, more = targets(event)
    trivial = ("trivial view (robots.txt)", "/robots.txt")
    for _, path in [trivial, *pages, *more]:  # warm the caches and the workers
        for _ in range(3):
            urllib.request.urlopen(base + path, timeout=30).read()
    print(
        f"\nwrk: 2 threads, {connections} connections; gunicorn with 2 workers on PostgreSQL + "
        f"Redis, all on this machine.\nEach page and the trivial view are measured in turn, "
        f"{SLICES} times {max(1, round(seconds / SLICES))} s each; 'vs trivial' is the median "
        "of the slices' ratios, so that other load\non the machine (which comes and goes) "
        f"touches both alike. Every request sends a browser's {BROWSER_HEADERS[0]!r}.\n"
    )
    header = (
        f"{'page':<32}{'req/s':>8}{'p50 ms':>8}{'p95 ms':>8}{'errors':>7}{'trivial':>9}"
        f"{'vs trivial':>11}{'rate':>6}{'p95':>6}"
    )
    print(header)
    print("-" * len(header))
    failed = []
    for label, path in [*pages, *more]:
        base_rps, figures, ratio = paired(base, trivial[1], path, seconds, connections)
        errors = int(figures["errors"] + figures["non2xx"])
        marks = ""
        if (label, path) in pages:
            rate_ok = ratio >= RATE_TARGET and errors == 0
            p95_ok = figures["p95_ms"] < P95_TARGET_MS
            marks = f"{'PASS' if rate_ok else 'FAIL':>6}{'PASS' if p95_ok else 'FAIL':>6}"
            failed += [f"{label}: rate"] * (not rate_ok) + [f"{label}: p95"] * (not p95_ok)
        print(
            f"{label:<32}{figures['rps']:>8.0f}{figures['p50_ms']:>8.1f}"
            f"{figures['p95_ms']:>8.1f}{errors:>7}{base_rps:>9.0f}{ratio:>10.2f}x{marks}",
            flush=True,
        )
    wire, plain, coding = wire_bytes(f"{base}{pages[0][1]}")
    wire_ok = wire < WIRE_TARGET_BYTES and coding == "gzip"
    if not wire_ok:
        failed.append("live page bytes")
    print(
        f"\nfull live page on the wire ({coding}): {wire / 1024:.1f} KB "
        f"({plain / 1024:.1f} KB uncompressed); target < {WIRE_TARGET_BYTES // 1024} KB: "
        f"{'PASS' if wire_ok else 'FAIL'}"
    )
    print(
        f"Targets: each page >= {RATE_TARGET}x the trivial view's rate with no errors (rate), "
        f"p95 < {P95_TARGET_MS:.0f} ms (p95)."
    )
    print("All targets met." if not failed else "Missed: " + "; ".join(failed))


if __name__ == "__main__":
    main()
