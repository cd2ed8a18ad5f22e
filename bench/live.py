"""Load check of the live public pages (not a timed test).

Starts the site under gunicorn (2 workers) on PostgreSQL and Redis, fills a 200-player event with
5 rounds of results and a sixth round in play, then measures with wrk (concurrent keep-alive
clients) the public event page and its live fragments against a trivial view of the same server,
in the same run: requests per second, p50 and p95.

    python bench/live.py [--players 200] [--rounds 5] [--seconds 10] [--connections 16]

Needs: PostgreSQL on 127.0.0.1:5432 (role `ingenious` that may create databases), Redis on
127.0.0.1:6379, and Debian's wrk (`apt-get install wrk`). Uses database ingenious_bench and
Redis db 9, both emptied first.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
DB_NAME = "ingenious_bench"
PORT = 8765
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


def fill(players: int, rounds: int, seed: int) -> str:
    """Create the event through the project's own services; returns its slug."""
    import django

    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    django.setup()
    from django.contrib.auth import get_user_model

    from games.engine import random_game
    from games.models import Game
    from games.services import press_clock, record_action, start_clock
    from tournament import services
    from tournament.models import Result

    rng = random.Random(seed)
    director = get_user_model().objects.create_superuser("bench", password="bench-password-1")
    event = services.create_event(
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
    services.import_players_csv(event=event, user=director, text="\n".join(rows))

    def pair_and_publish():  # noqa: ANN202
        round_ = services.start_pairing(event=event, user=director)
        services.compute_draft(round_.pk)
        round_.refresh_from_db()
        return services.publish_round(round_=round_, user=director)

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
            services.set_board_result(
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
    return event.slug


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
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fill-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.fill_only:
        print(fill(args.players, args.rounds, args.seed))
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
    run(*psql, f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
    run(*psql, f"CREATE DATABASE {DB_NAME} OWNER ingenious")
    run("redis-cli", "-n", "9", "FLUSHDB")
    run(PYTHON, "manage.py", "migrate", "--noinput", env=env)
    run(PYTHON, "manage.py", "collectstatic", "--noinput", env=env)
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
    *progress, slug = filled.stdout.strip().splitlines()
    print("\n".join(progress))
    print(f"  filled in {time.monotonic() - started:.1f} s")

    server = subprocess.Popen(
        [
            str(Path(PYTHON).parent / "gunicorn"),
            "tournament.wsgi",
            "--workers",
            "2",
            "--bind",
            f"127.0.0.1:{PORT}",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        base = f"http://127.0.0.1:{PORT}"
        wait_until_up(f"{base}/healthz")
        browser = BROWSER_HEADERS
        targets = [
            ("trivial view (robots.txt)", "/robots.txt", browser),
            ("live event page", f"/events/{slug}/live/", browser),
            ("fragment: boards of the round", f"/events/{slug}/live/boards/", browser),
            ("fragment: standings", f"/events/{slug}/live/standings/", browser),
            ("fragment: projector screens", f"/events/{slug}/projector/screens/", browser),
            ("boards, client without gzip", f"/events/{slug}/live/boards/", ()),
        ]
        for _, path, _ in targets:  # warm the caches and the workers
            for _ in range(3):
                urllib.request.urlopen(base + path, timeout=10).read()
        print(
            f"\nwrk: 2 threads, {args.connections} connections, {args.seconds} s each; "
            "gunicorn with 2 workers on PostgreSQL + Redis, all on this machine;\n"
            f"every row but the last sends a browser's {BROWSER_HEADERS[0]!r}\n"
        )
        header = (
            f"{'target':<32}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'errors':>8}{'vs trivial':>12}"
        )
        print(header)
        print("-" * len(header))
        trivial_rps = None
        for label, path, headers in targets:
            figures = wrk(base + path, args.seconds, args.connections, headers)
            trivial_rps = trivial_rps or figures["rps"]
            ratio = figures["rps"] / trivial_rps
            errors = int(figures["errors"] + figures["non2xx"])
            print(
                f"{label:<32}{figures['rps']:>9.0f}{figures['p50_ms']:>9.1f}"
                f"{figures['p95_ms']:>9.1f}{errors:>8}{ratio:>11.2f}x"
            )
        print("\nTarget: live fragments at least 0.5x the trivial view's rate, p95 under 100 ms.")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
