"""Abuse figures of a real server (issue 25, items 7 and 8; not a timed test).

Starts the site under gunicorn (2 workers x 8 threads, DEBUG off, TRUSTED_PROXY_COUNT=1 as
behind one TLS proxy) on PostgreSQL and Redis with the demo data, then measures:

- **cache flood**: page-cache entries in Redis after 300 requests for the demo event's page,
  each with a junk ``?utm=i`` (and their bytes);
- **lockout behind a proxy**: 10 wrong passwords to ``POST /api/token/`` from one forwarded
  client (X-Forwarded-For), then the right one from that client and from another;
- **anonymous API rate under concurrency**: 16 threads request ``GET /api/`` for --seconds from
  the start of a minute (one window of the default 600/minute): how many got 200.

    python bench/abuse.py [--root DIR] [--seconds 20] [--redis-db 15] [--database ingenious_abuse]

``--root`` runs another checkout's code (e.g. ``git archive`` of an older commit) with this
script, for before/after figures. Needs PostgreSQL on 127.0.0.1:5432 (role ``ingenious`` that may
create databases) and Redis on 127.0.0.1:6379; the database and the Redis db are emptied first.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import redis

HERE = Path(__file__).resolve().parent.parent
PROXY_HEADER = "X-Forwarded-For"
EVENT = "/events/mso-ingenious-open-demo/"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def request(
    url: str, data: dict[str, str] | None = None, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    body = json.dumps(data).encode() if data is not None else None
    heads = {"Content-Type": "application/json", **(headers or {})} if body else headers or {}
    req = urllib.request.Request(url, data=body, headers=heads)
    try:
        with urllib.request.urlopen(req, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers), refused.read()


def cache_flood(base: str, store: redis.Redis) -> str:
    before = set(store.scan_iter(match="*page:v1:*"))
    assert request(base + EVENT)[0] == 200
    started = time.perf_counter()
    statuses = Counter(request(f"{base}{EVENT}?utm={i}")[0] for i in range(300))
    took = time.perf_counter() - started
    after = [k for k in store.scan_iter(match="*page:v1:*") if k not in before]
    size = sum(store.memory_usage(k) or 0 for k in after)
    return (
        f"cache flood: the event page, then 300 junk queries in {took:.1f} s, statuses "
        f"{dict(statuses)}: {len(after)} page entries ({size / 1024:.0f} KiB)"
    )


def lockout(base: str) -> str:
    stranger = {PROXY_HEADER: "198.51.100.66"}
    arbiter = {PROXY_HEADER: "198.51.100.7"}
    wrong = {"username": "arbiter", "password": "guess"}
    right = {"username": "arbiter", "password": "ingenious-arbiter"}
    wrongs = Counter(request(base + "/api/token/", wrong, stranger)[0] for _ in range(10))
    status, heads, _ = request(base + "/api/token/", right, stranger)
    other, _, _ = request(base + "/api/token/", right, arbiter)
    return (
        f"lockout behind a proxy: 10 wrong passwords from one forwarded client {dict(wrongs)}; "
        f"then the right one from it: {status} (Retry-After {heads.get('Retry-After', '-')}), "
        f"from another forwarded client: {other}"
    )


def throttle(base: str, seconds: float) -> str:
    # Start with a minute: the run is one window of a per-minute rate, before and after.
    time.sleep(60.2 - time.time() % 60)
    stop = time.monotonic() + seconds

    def client(_: int) -> Counter[int]:
        seen: Counter[int] = Counter()
        while time.monotonic() < stop:
            seen[request(base + "/api/")[0]] += 1
        return seen

    with ThreadPoolExecutor(max_workers=16) as pool:
        total = sum(pool.map(client, range(16)), Counter())
    other = sum(total.values()) - total[200] - total[429]
    return (
        f"anonymous API rate (600/minute) under 16 concurrent clients for {seconds:.0f} s: "
        f"{total[200]} let through, {total[429]} refused, other {other}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", type=Path, default=HERE)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--redis-db", type=int, default=15)
    parser.add_argument("--database", default="ingenious_abuse")
    args = parser.parse_args()
    root = args.root.resolve()
    redis_url = f"redis://127.0.0.1:6379/{args.redis_db}"
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://ingenious:ingenious@127.0.0.1:5432/{args.database}",
        "REDIS_URL": redis_url,
        "DEBUG": "False",
        "SECRET_KEY": "bench-only-secret-key-not-for-production-0123456789abcdef",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "TRUSTED_PROXY_COUNT": "1",
        "DJANGO_SETTINGS_MODULE": "tournament.settings",
    }
    env.pop("CELERY_BROKER_URL", None)
    store = redis.Redis.from_url(redis_url)
    store.flushdb()
    subprocess.run(
        ["dropdb", "--if-exists", "-h", "127.0.0.1", "-U", "ingenious", args.database],
        env={**env, "PGPASSWORD": "ingenious"},
        check=True,
    )
    subprocess.run(
        ["createdb", "-h", "127.0.0.1", "-U", "ingenious", args.database],
        env={**env, "PGPASSWORD": "ingenious"},
        check=True,
    )
    quiet = {"cwd": root, "env": env, "check": True, "stdout": subprocess.DEVNULL}
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"], ["seed_demo"]):
        subprocess.run([sys.executable, "manage.py", *command], **quiet)  # type: ignore[call-overload]
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "tournament.wsgi", "--bind", f"127.0.0.1:{port}"]
        + ["--workers", "2", "--threads", "8", "--log-level", "warning"],
        cwd=root,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        print(f"code: {root}")
        print(cache_flood(base, store))
        print(lockout(base))
        print(throttle(base, args.seconds))
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
