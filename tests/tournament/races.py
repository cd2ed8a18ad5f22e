"""Real concurrent API requests for the race tests (PostgreSQL): each request runs on its own
thread, with its own database connection and client."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction
from rest_framework.test import APIClient


@dataclass
class Call:
    user: Any
    method: str  # "post", "patch", "delete"
    url: str
    body: dict[str, Any] | None = None


@dataclass
class Answer:
    status: int
    body: dict[str, Any]

    @property
    def detail(self) -> str:
        return str(self.body.get("detail", ""))


def _send(call: Call) -> Answer:
    client = APIClient()
    client.force_authenticate(call.user)
    try:
        response = getattr(client, call.method)(call.url, call.body or {}, format="json")
    except Exception as exc:  # the test client re-raises what would have been a 500
        return Answer(500, {"detail": repr(exc)})
    finally:
        connection.close()
    try:
        body = response.json() if response.content else {}
    except ValueError:
        body = {"detail": response.content.decode(errors="replace")}
    return Answer(response.status_code, body)


def _waiting_for_locks() -> int:
    """Sessions of this test database waiting for a row lock."""
    with connection.cursor() as cursor:
        # Within a transaction PostgreSQL keeps the first snapshot of the sessions: drop it.
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return int(cursor.fetchone()[0])


def queued(hold: Callable[[], object], calls: list[Call], timeout: float = 20) -> list[Answer]:
    """Send ``calls`` while this thread holds the row lock ``hold()`` takes, each once the one
    before waits for that lock: all are in flight together, and PostgreSQL hands them the lock
    in the order sent once this thread lets go. Their answers, in that order."""
    answers: list[Answer | None] = [None] * len(calls)
    threads: list[threading.Thread] = []

    def run(i: int) -> None:
        answers[i] = _send(calls[i])

    with transaction.atomic():
        hold()
        for i in range(len(calls)):
            thread = threading.Thread(target=run, args=(i,))
            thread.start()
            threads.append(thread)
            deadline = time.monotonic() + timeout
            while _waiting_for_locks() < i + 1 and thread.is_alive():
                assert time.monotonic() < deadline, f"request {i} never waited for the lock"
                time.sleep(0.01)
            assert thread.is_alive(), f"request {i} did not wait for the lock: {answers[i]}"
    for thread in threads:
        thread.join(timeout=60)
    assert all(a is not None for a in answers), "a request did not finish"
    return [a for a in answers if a is not None]


def together(calls: list[Call]) -> list[Answer]:
    """Send ``calls`` at the same moment (a barrier); their answers, in the order given."""
    barrier = threading.Barrier(len(calls))
    answers: list[Answer | None] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait(timeout=10)
        answers[i] = _send(calls[i])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert all(a is not None for a in answers), "a request did not finish"
    return [a for a in answers if a is not None]
