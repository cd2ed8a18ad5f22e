"""The embedded default (`make run`: SQLite, one file, runserver's threads) answers two writers
at once: the second waits for the first instead of failing with "database is locked" (a 500 on
the sign-up page while an arbiter recorded a Challenge, in the walk of issue 28)."""

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.utils import ConnectionHandler


def two_connections(path: Path, options: dict[str, Any]) -> ConnectionHandler:
    database = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path), "OPTIONS": options}
    return ConnectionHandler({"default": dict(database), "second": dict(database)})


@contextmanager
def atomic(connection: BaseDatabaseWrapper) -> Iterator[None]:
    """``transaction.atomic`` on a connection outside ``django.db.connections``: the same BEGIN
    (with the settings' transaction mode), then COMMIT or ROLLBACK."""
    connection.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    try:
        yield
        connection.commit()
    except BaseException:
        connection.rollback()
        raise
    finally:
        connection.set_autocommit(True)


def read_then_write_while_another_writes(handler: ConnectionHandler) -> list[BaseException]:
    """The sign-up's shape: a transaction reads (is the address taken?) and then writes, while
    another transaction (a recorded action) has written and not yet committed."""
    with handler["default"].cursor() as cursor:
        cursor.execute("CREATE TABLE IF NOT EXISTS row (n INTEGER)")
    other_wrote, failures = threading.Event(), []

    def other() -> None:
        try:
            with atomic(handler["second"]), handler["second"].cursor() as cursor:
                cursor.execute("INSERT INTO row VALUES (1)")
                other_wrote.set()
                threading.Event().wait(0.3)
        except BaseException as failure:  # noqa: BLE001 - reported to the test
            failures.append(failure)
            other_wrote.set()
        finally:
            handler["second"].close()

    thread = threading.Thread(target=other)
    thread.start()
    other_wrote.wait(5)
    try:
        with atomic(handler["default"]), handler["default"].cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM row")
            cursor.execute("INSERT INTO row VALUES (2)")
    except BaseException as failure:  # noqa: BLE001 - reported to the test
        failures.append(failure)
    finally:
        thread.join()
        handler["default"].close()
    return failures


@pytest.fixture(autouse=True)
def own_files(django_db_blocker: Any) -> Iterator[None]:
    """These connections are to files of the test's own, not to the test database."""
    with django_db_blocker.unblock():
        yield


def test_a_second_writer_waits_for_the_first(tmp_path: Path) -> None:
    failures = read_then_write_while_another_writes(
        two_connections(tmp_path / "db.sqlite3", dict(settings.SQLITE_OPTIONS))
    )
    assert failures == []


def test_without_the_settings_options_the_second_writer_fails(tmp_path: Path) -> None:
    """The case the options exist for: a timeout alone does not make it wait."""
    failures = read_then_write_while_another_writes(
        two_connections(tmp_path / "db.sqlite3", {"timeout": 20})
    )
    assert [str(failure) for failure in failures] == ["database is locked"]
