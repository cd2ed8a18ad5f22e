"""Festival load bench (not a timed test): a whole festival at once on this machine.

Creates its own PostgreSQL role and database and empties Redis db 10, seeds a festival with
`manage.py seed_festival`, starts gunicorn and a real Celery worker (with the beat's flag sweep
embedded), then runs locust (bench/locustfile.py), bounded in time and in users: arbiters
record moves in the live games through the games API at a board's pace, directors of the other
events enter results, have rounds paired by the worker and publish them, spectators poll live
pages, fragments, standings and games. It prints moves stored per second and their p95, the
spectators' requests per second and p95, pairing time per round, every error by kind, and the
CPU that gunicorn, PostgreSQL (this database's backends), Redis and the worker used.

    python bench/festival.py [--events 50] [--players 40] [--games 500] [--spectators 2000]
                             [--seconds 60] [--gunicorn 2] [--celery 1] [--matrix]

--matrix runs the same load with 2 and 4 gunicorn workers and 1 and 2 Celery worker processes
(each run on a fresh copy of the seeded database) and prints how throughput changes.
Needs PostgreSQL on 127.0.0.1:5432 (superuser `postgres` without a password, as bench/live.py)
and Redis on 127.0.0.1:6379; locust from requirements-bench.txt (`make bench-festival`).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cpu import CpuSampler, named, tree  # noqa: E402 (bench/ is not a package)
from live import run, wait_until_up  # noqa: E402 (one way to start and wait, as bench-live)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from deploy.front import render_front  # noqa: E402 (the writes-first front, deploy/)

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
BIN = Path(PYTHON).parent
DB_NAME = "ingenious_festival"
TEMPLATE = "ingenious_festival_seeded"  # the seeded state every run starts from
PORT = 8766  # the front (nginx), which the load is sent to
WRITES_PORT = 8767  # gunicorn: signed-in requests and every write
SPECTATORS_PORT = 8768  # gunicorn, at a lower CPU priority: anonymous reads
NGINX = "/usr/sbin/nginx"
ENV = {
    # Persistent connections, as a production site would run (docs/scaling.md): besides, a
    # connection per request would hide PostgreSQL's CPU in backends too short-lived to sample.
    "DATABASE_URL": f"postgres://ingenious:ingenious@127.0.0.1:5432/{DB_NAME}?conn_max_age=60",
    "REDIS_URL": "redis://127.0.0.1:6379/10",
    "DEBUG": "False",
    "SECRET_KEY": "bench-only-secret-key-not-for-production-0123456789abcdef",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "DJANGO_SETTINGS_MODULE": "tournament.settings",
    # A CDN and the front (nginx) each append to X-Forwarded-For: the spectators' phones
    # (bench/locustfile.py) are counted by their own addresses, not as one client at 127.0.0.1.
    "TRUSTED_PROXY_COUNT": "2",
}
RAMP_SECONDS = 10  # users start over this long; the figures count from when all run
# Redis is shared with other work here
SERVING = ("gunicorn (writes)", "gunicorn (spectators)", "nginx", "postgres", "celery worker")


def psql(sql: str) -> str:
    return subprocess.run(
        ["psql", "-h", "127.0.0.1", "-U", "postgres", "-q", "-tA", "-c", sql],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


USER_CLASSES = ("Arbiter", "Director", "Spectator")


def one_run(
    args: argparse.Namespace,
    gunicorn: int,
    celery: int,
    work: Path,
    classes: tuple[str, ...] = USER_CLASSES,
    seconds: int | None = None,
) -> dict[str, Any]:
    """One load run from the seeded copy; `classes`: which locust users take part."""
    env = os.environ | ENV
    seconds = seconds or args.seconds
    plan = json.loads((work / "plan.json").read_text())
    counts = {
        "Arbiter": len(plan["games"]),
        "Director": len(plan["directed"]),
        "Spectator": plan["spectators"],
    }
    total = sum(counts[name] for name in classes)
    psql(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
    psql(f"CREATE DATABASE {DB_NAME} TEMPLATE {TEMPLATE} OWNER ingenious")
    run("redis-cli", "-n", "10", "FLUSHDB")
    tag = f"g{gunicorn}-c{celery}-{'-'.join(c.lower() for c in classes)}"
    logs = {
        name: open(work / f"{name}-{tag}.log", "wb")  # noqa: SIM115 (closed in finally)
        for name in ("gunicorn", "worker", "locust")
    }
    started: list[subprocess.Popen[bytes]] = []
    try:
        worker = subprocess.Popen(
            [
                str(BIN / "celery"),
                "-A",
                "tournament",
                "worker",
                "--queues",  # every queue: the default, pairing's, analysis's (make worker)
                "celery,pairing,analysis",
                "--beat",  # the flag sweep of running clocks, as in production
                "--schedule",
                str(work / f"beat-{tag}"),
                "--concurrency",
                str(celery),
                "--loglevel",
                "warning",
                "--hostname",
                f"festival-bench-{tag}@%h",
            ],
            cwd=ROOT,
            env=env,
            stdout=logs["worker"],
            stderr=subprocess.STDOUT,
        )
        started.append(worker)
        # Writes first (deploy/nginx-pools.conf): two gunicorn pools behind nginx, the
        # spectators' at a lower CPU priority, so a write never waits behind a spectator.
        pools = {}
        for pool, port, workers, nice in (
            ("writes", WRITES_PORT, gunicorn, 0),
            ("spectators", SPECTATORS_PORT, args.spectator_workers, args.spectator_nice),
        ):
            logs[f"gunicorn-{pool}"] = open(work / f"gunicorn-{pool}-{tag}.log", "wb")  # noqa: SIM115
            pools[pool] = subprocess.Popen(
                [
                    "nice",
                    "-n",
                    str(nice),
                    str(BIN / "gunicorn"),
                    "tournament.wsgi",
                    "--workers",
                    str(workers),
                    "--bind",
                    f"127.0.0.1:{port}",
                    "--backlog",
                    "4096",
                    "--log-level",
                    "warning",
                ],
                cwd=ROOT,
                env=env,
                stdout=logs[f"gunicorn-{pool}"],
                stderr=subprocess.STDOUT,
            )
            started.append(pools[pool])
        front_dir = work / f"front-{tag}"
        front_dir.mkdir()
        (front_dir / "nginx.conf").write_text(
            render_front(
                port=PORT,
                writes_port=WRITES_PORT,
                spectators_port=SPECTATORS_PORT,
                run_dir=front_dir,
            )
        )
        front = subprocess.Popen(
            [NGINX, "-c", str(front_dir / "nginx.conf"), "-p", str(front_dir), "-g", "daemon off;"],
            stdout=logs["gunicorn"],
            stderr=subprocess.STDOUT,
        )
        started.append(front)
        for port in (WRITES_PORT, SPECTATORS_PORT):
            wait_until_up(f"http://127.0.0.1:{port}/healthz", timeout=60)
        base = f"http://127.0.0.1:{PORT}"
        wait_until_up(f"{base}/healthz", timeout=60)
        report = work / f"locust-{tag}.json"
        sampler = CpuSampler(
            {
                "gunicorn (writes)": tree(pools["writes"].pid),
                "gunicorn (spectators)": tree(pools["spectators"].pid),
                "nginx": tree(front.pid),
                "postgres": named("postgres", DB_NAME),
                "redis (shared)": named("redis-server"),
                "celery worker": tree(worker.pid),
            }
        )
        locust = subprocess.Popen(
            [
                str(BIN / "locust"),
                "-f",
                str(ROOT / "bench" / "locustfile.py"),
                "--headless",
                "--users",
                str(total),
                "--spawn-rate",
                str(max(1, -(-total // RAMP_SECONDS))),
                "--run-time",
                f"{seconds + RAMP_SECONDS}s",
                "--host",
                base,
                "--only-summary",
                "--loglevel",
                "ERROR",
                "--stop-timeout",
                "5",
                *classes,
            ],
            cwd=ROOT,
            env=os.environ
            | {"FESTIVAL_PLAN": str(work / "plan.json"), "FESTIVAL_REPORT": str(report)},
            stdout=subprocess.DEVNULL,
            stderr=logs["locust"],
        )
        started.append(locust)
        sampler.groups["locust (load)"] = tree(locust.pid)
        time.sleep(RAMP_SECONDS)
        since = time.time()
        sampler.start()
        locust.wait(timeout=seconds + RAMP_SECONDS + 120)
        sampler.stopping.set()
        sampler.join()
        figures = json.loads(report.read_text())
        stored = subprocess.run(
            [PYTHON, str(ROOT / "bench" / "festival_db.py"), "collect", str(since)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        figures["stored"] = json.loads(stored.strip().splitlines()[-1])
        figures["cpu"] = sampler.cores()
    finally:
        for proc in reversed(started):
            stop(proc)
        for handle in logs.values():
            handle.close()
    errors = dict(figures["errors"])
    for name in ("gunicorn", "gunicorn-writes", "gunicorn-spectators", "worker"):
        text = (work / f"{name}-{tag}.log").read_text(errors="replace")
        count = sum(1 for line in text.splitlines() if " ERROR " in line or "Traceback" in line)
        if count:
            errors[f"{name} log: ERROR/Traceback lines (see {work}/{name}-{tag}.log)"] = count
    figures["errors"] = errors
    figures["config"] = {
        "gunicorn": gunicorn,
        "spectator_workers": args.spectator_workers,
        "celery": celery,
        "users": counts,
        "classes": classes,
    }
    return figures


def summarise(figures: dict[str, Any]) -> dict[str, float]:
    window = figures["window"]
    seconds = max(window["end"] - window["start"], 1e-9)
    times = figures["times"]
    pairing = times.get("pairing", [])
    return {
        "seconds": seconds,
        "moves_per_s": len(times.get("move", [])) / seconds,
        "moves_p95": percentile(times.get("move", []), 0.95),
        "clock_per_s": len(times.get("clock", [])) / seconds,
        "clock_p95": percentile(times.get("clock", []), 0.95),
        "spectator_per_s": len(times.get("spectator", [])) / seconds,
        "spectator_p95": percentile(times.get("spectator", []), 0.95),
        "director_per_s": len(times.get("director", [])) / seconds,
        "director_p95": percentile(times.get("director", []), 0.95),
        "rounds": len(pairing),
        "pairing_p50_s": percentile(pairing, 0.5) / 1000,
        "pairing_max_s": max(pairing, default=0.0) / 1000,
        "errors": sum(figures["errors"].values()),
        # CPU of everything serving the load (gunicorn, this database's backends, the worker)
        # per request answered: the cost the scaling plan multiplies.
        "server_cpu_ms_per_request": sum(
            used for name, used in figures["cpu"].items() if name in SERVING
        )
        * seconds
        * 1000
        / max(1, sum(len(times.get(k, [])) for k in ("move", "clock", "spectator", "director"))),
    }


def print_run(figures: dict[str, Any], args: argparse.Namespace) -> None:
    s = summarise(figures)
    config = figures["config"]
    stored = figures["stored"]
    print(
        f"\n== gunicorn {config['gunicorn']} workers, Celery worker with {config['celery']} "
        f"process(es); users: "
        + ", ".join(f"{config['users'][c]} {c.lower()}s" for c in config["classes"])
        + f"; {s['seconds']:.0f} s measured after a {RAMP_SECONDS} s ramp =="
    )
    print(f"{'what':<40}{'per s':>9}{'p95 ms':>9}{'target p95':>12}")
    print("-" * 70)
    for label, rate, p95, target in (
        ("moves stored (API placements)", s["moves_per_s"], s["moves_p95"], 200),
        ("clock starts and presses (API)", s["clock_per_s"], s["clock_p95"], 200),
        ("spectator requests (pages, fragments)", s["spectator_per_s"], s["spectator_p95"], 1000),
        ("director requests (results, rounds)", s["director_per_s"], s["director_p95"], 500),
    ):
        print(f"{label:<40}{rate:>9.1f}{p95:>9.0f}{'< ' + str(target):>12}")
    actions = stored["actions"]
    print(
        f"database: {actions.get('place', 0)} placements, "
        f"{actions.get('press', 0) + actions.get('start', 0)} clock events stored in the window"
    )
    worker = stored["worker_pairing_seconds"]
    print(
        f"pairing per round (request to draft, seen by the director's poll; target median < 1 s): "
        f"{s['rounds']} rounds, median {s['pairing_p50_s']:.2f} s, max {s['pairing_max_s']:.2f} s;"
        f" queued to paired in the worker: median "
        f"{percentile(worker, 0.5):.2f} s; {stored['rounds_published']} rounds published"
    )
    credited, waited = stored["lag_credited_ms"], stored["lag_waited_ms"]
    print(
        f"clock operations sent with their moment: {len(credited)}; waited from the press to "
        f"the server: median {percentile(waited, 0.5):.0f} ms, max {max(waited, default=0):.0f} ms;"
        f" credited back to the player: median {percentile(credited, 0.5):.0f} ms, max "
        f"{max(credited, default=0):.0f} ms (docs/clocks.md)"
    )
    cores = figures["cpu"]
    print(
        "CPU (cores of 2; 1.00 = one core busy): "
        + ", ".join(f"{name} {used:.2f}" for name, used in cores.items())
    )
    print(
        f"server CPU (gunicorn pools + nginx + PostgreSQL backends + worker) per request: "
        f"{s['server_cpu_ms_per_request']:.1f} ms"
    )
    print(f"errors: {s['errors']:.0f}")
    for kind, count in sorted(figures["errors"].items()):
        print(f"  {count:>5}  {kind}")


def prepare(args: argparse.Namespace, work: Path) -> None:
    env = os.environ | ENV
    if psql("SELECT 1 FROM pg_roles WHERE rolname = 'ingenious'") != "1":
        psql("CREATE ROLE ingenious LOGIN CREATEDB PASSWORD 'ingenious'")
    for name in (DB_NAME, TEMPLATE):
        psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    psql(f"CREATE DATABASE {DB_NAME} OWNER ingenious")
    run("redis-cli", "-n", "10", "FLUSHDB")
    run(PYTHON, "manage.py", "migrate", "--noinput", env=env)
    run(PYTHON, "manage.py", "collectstatic", "--noinput", env=env)
    print(f"Seeding a festival of {args.events} events x {args.players} players...", flush=True)
    started = time.monotonic()
    seeded = subprocess.run(
        [
            PYTHON,
            "manage.py",
            "seed_festival",
            "--events",
            str(args.events),
            "--players",
            str(args.players),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    print("  " + seeded.stdout.strip().splitlines()[-2])
    print(f"  seeded in {time.monotonic() - started:.1f} s", flush=True)
    pace = {
        "arbiter_min": args.arbiter_pace[0],
        "arbiter_max": args.arbiter_pace[1],
        "spectator_min": args.spectator_pace[0],
        "spectator_max": args.spectator_pace[1],
    }
    print("  entering round 1's results of the directors' events; signing in", flush=True)
    planned = subprocess.run(
        [
            PYTHON,
            str(ROOT / "bench" / "festival_db.py"),
            "plan",
            str(work / "plan.json"),
            str(args.games),
            str(args.spectators),
            json.dumps(pace),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if planned.returncode:
        raise SystemExit(f"making the plan failed:\n{planned.stderr}")
    # Every run starts from this copy: the seeded festival, sessions included.
    psql(f"CREATE DATABASE {TEMPLATE} TEMPLATE {DB_NAME} OWNER ingenious")


def pair(text: str) -> tuple[float, float]:
    low, high = (float(x) for x in text.split(","))
    return low, high


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=50)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--games", type=int, default=500, help="live games recorded")
    parser.add_argument("--spectators", type=int, default=2000)
    parser.add_argument("--seconds", type=int, default=60, help="measured, after the ramp")
    parser.add_argument(
        "--gunicorn", type=int, default=4, help="gunicorn workers of the writes' pool"
    )
    parser.add_argument(
        "--spectator-workers",
        type=int,
        default=2,
        help="gunicorn workers of the spectators' pool",
    )
    parser.add_argument(
        "--spectator-nice",
        type=int,
        default=10,
        help="the spectators' pool's CPU priority (nice; 0: the writes' own)",
    )
    parser.add_argument("--celery", type=int, default=1, help="Celery worker processes")
    parser.add_argument(
        "--arbiter-pace",
        type=pair,
        default=(12.0, 24.0),
        help="seconds between an arbiter's writes, min,max (two 10-minute clocks, ~36 "
        "placements and ~30 presses: one write every ~18 s)",
    )
    parser.add_argument(
        "--spectator-pace",
        type=pair,
        default=(10.0, 30.0),
        help="seconds between a spectator's requests, min,max",
    )
    parser.add_argument("--matrix", action="store_true", help="gunicorn 2/4 x Celery 1/2")
    parser.add_argument(
        "--costs",
        type=int,
        default=0,
        metavar="SECONDS",
        help="then each kind of user alone for SECONDS: server CPU per request of each kind",
    )
    args = parser.parse_args()

    if shutil.which("locust", path=str(BIN)) is None:
        raise SystemExit("locust is missing: pip install -r requirements-bench.txt")

    # A stopped bench still stops what it started and drops its databases (the finally blocks).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))
    work = Path(tempfile.mkdtemp(prefix="festival-bench-"))
    prepare(args, work)
    configs = [(2, 1), (2, 2), (4, 1), (4, 2)] if args.matrix else [(args.gunicorn, args.celery)]
    results: list[dict[str, Any]] = []
    costs: list[dict[str, Any]] = []
    try:
        for gunicorn, celery in configs:
            figures = one_run(args, gunicorn, celery, work)
            print_run(figures, args)
            results.append(figures)
        for kind in USER_CLASSES if args.costs else ():
            figures = one_run(args, configs[0][0], configs[0][1], work, (kind,), args.costs)
            print_run(figures, args)
            costs.append(figures)
    finally:
        for name in (DB_NAME, TEMPLATE):
            psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        run("redis-cli", "-n", "10", "FLUSHDB")
    if len(results) > 1:
        print("\nHow throughput changes (same load, same seeded festival, one run each):")
        header = (
            f"{'gunicorn':>9}{'celery':>8}{'moves/s':>9}{'p95 ms':>8}{'spect/s':>9}"
            f"{'p95 ms':>8}{'rounds':>8}{'pair p50 s':>11}{'errors':>8}"
        )
        print(header)
        print("-" * len(header))
        for figures in results:
            s = summarise(figures)
            c = figures["config"]
            print(
                f"{c['gunicorn']:>9}{c['celery']:>8}{s['moves_per_s']:>9.1f}{s['moves_p95']:>8.0f}"
                f"{s['spectator_per_s']:>9.1f}{s['spectator_p95']:>8.0f}{s['rounds']:>8}"
                f"{s['pairing_p50_s']:>11.2f}{s['errors']:>8.0f}"
            )
    if costs:
        print("\nCost of each kind of request alone (server CPU: gunicorn + PostgreSQL + worker):")
        header = f"{'users':<12}{'requests/s':>11}{'p95 ms':>8}{'CPU ms/request':>16}"
        print(header)
        print("-" * len(header))
        for figures in costs:
            s = summarise(figures)
            kind = figures["config"]["classes"][0].lower() + "s"
            rate = sum(s[f"{k}_per_s"] for k in ("moves", "clock", "spectator", "director"))
            p95 = max(s[f"{k}_p95"] for k in ("moves", "clock", "spectator", "director"))
            print(f"{kind:<12}{rate:>11.1f}{p95:>8.0f}{s['server_cpu_ms_per_request']:>16.1f}")
    print(f"\nLogs: {work}")
    failed = sum(summarise(f)["errors"] for f in results + costs)
    if failed:
        raise SystemExit(f"{failed:.0f} errors")


if __name__ == "__main__":
    main()
