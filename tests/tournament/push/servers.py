"""The site under daphne, as another process: for the tests of pushes between servers and of
the pages' sockets in a browser. It opens the test's database (committed rows only: the tests
are ``django_db(transaction=True)``) and, with ``REDIS_URL``, the channel layer on Redis."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings


def fresh_slug() -> str:
    """An event's slug no earlier test used: the servers' Redis cache outlives a test's
    database, and a slug's live entry would name an event that is gone."""
    return f"push-{uuid.uuid4().hex[:12]}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def daphne(
    database_url: str, redis_url: str, log: Path, settings_env: dict[str, str] | None = None
) -> Iterator[str]:
    """A daphne serving tournament.asgi on a free port; its base URL while the block runs.
    ``settings_env``: more of its settings, as the environment gives them."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "DJANGO_SETTINGS_MODULE": "tournament.settings",
        **(settings_env or {}),
    }
    command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
    with log.open("a") as out:
        server = subprocess.Popen(
            [*command, "tournament.asgi:application"],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                # The first request loads the site: slow on a busy machine.
                urllib.request.urlopen(base + "/healthz", timeout=15).read()
                break
            except OSError:  # not listening yet (URLError, a refusal, a time-out)
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"daphne did not start: {log.read_text()}") from None
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=5)


def post(base: str, path: str, token: str, body: dict[str, object]) -> int:
    """POST ``body`` as JSON to the server at ``base`` with an API token; its status."""
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=20) as response:
        return int(response.status)
