"""The test suite's own flush (tests/conftest.py, ``flush_retried_after_a_deadlock``): a
transactional test's database is emptied by one TRUNCATE, and a request its pages left in flight
can deadlock with it. PostgreSQL then fails the flush; tried again, it empties the database
instead of leaving the rows to the next test (stop 40's CI: a flush failed, and the next test
met a duplicate key)."""

from __future__ import annotations

import re
import threading
import time
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management.color import no_style
from django.core.management.commands import flush
from django.core.management.sql import sql_flush
from django.db import connection, transaction
from django.test import TransactionTestCase

from tests.factories import UserFactory

WAITING_TRUNCATE = (
    "SELECT count(*) FROM pg_locks WHERE NOT granted AND mode = 'AccessExclusiveLock' "
    "AND relation = %s::regclass"
)


@pytest.mark.django_db(transaction=True)
def test_a_flush_that_deadlocks_with_a_request_in_flight_is_tried_again(
    postgres: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    UserFactory(username="left-behind")
    (truncate,) = sql_flush(no_style(), connection, reset_sequences=False, allow_cascade=False)
    tables = re.findall(r'"(\w+)"', truncate)
    first, last = tables[0], tables[-1]  # TRUNCATE locks them in this order
    holding = threading.Event()
    failures: list[BaseException] = []

    def request_in_flight() -> None:
        """Reads the last table, waits for the TRUNCATE to wait on it, then reads the first,
        which the TRUNCATE holds: each waits on the other."""
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(f'SELECT 1 FROM "{last}" LIMIT 1')
                holding.set()
                deadline = time.monotonic() + 30
                while time.monotonic() < deadline:
                    cursor.execute(WAITING_TRUNCATE, [last])
                    if cursor.fetchone()[0]:
                        break
                    time.sleep(0.05)
                cursor.execute(f'SELECT 1 FROM "{first}" LIMIT 1')
        except BaseException as error:  # noqa: BLE001 (reported by the test's thread)
            failures.append(error)
        finally:
            connection.close()

    tries: list[int] = []
    handle = flush.Command.handle

    def counted(self: flush.Command, *args: Any, **options: Any) -> None:
        tries.append(1)
        handle(self, *args, **options)

    monkeypatch.setattr(flush.Command, "handle", counted)
    thread = threading.Thread(target=request_in_flight)
    thread.start()
    assert holding.wait(10)
    TransactionTestCase()._fixture_teardown()
    thread.join(30)
    assert len(tries) >= 2  # the flush met the deadlock, and was tried again
    assert failures == []
    assert not get_user_model().objects.filter(username="left-behind").exists()
