"""The public pages' reads from a replica (tournament/web/replica.py): an anonymous render reads
the replica alias once a version is required of it, everything else reads the primary, and a
replica that cannot show it holds a page's version is never read for it, so no page is cached
under a version its data does not hold. ``replica`` is the test database itself (a mirror);
``lagging`` a database nothing replicates into (tests/settings.py)."""

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection, connections, router, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.factories import director_of
from tests.scoring.live.test_live_pages import event_in_play, first_board_won
from tournament.models.events import Board, Event
from tournament.web import page_cache, replica


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    cache.clear()
    page_cache.forget_served()


def reads_tables(queries: CaptureQueriesContext) -> list[str]:
    """The captured queries that read the site's tables (not a replica's position)."""
    return [q["sql"] for q in queries.captured_queries if "tournament_" in q["sql"]]


@pytest.mark.django_db(transaction=True, databases=["default", "replica"])
def test_an_anonymous_public_page_reads_the_replica(client: Client, settings: Any) -> None:
    settings.PUBLIC_READS_DATABASE = "replica"
    built = event_in_play(8)
    url = f"/events/{built.event.slug}/standings/"
    with (
        CaptureQueriesContext(connections["replica"]) as on_replica,
        CaptureQueriesContext(connection) as on_primary,
    ):
        page = client.get(url)
    assert page.status_code == 200
    assert "P007" in page.content.decode()
    assert reads_tables(on_replica)
    assert not [sql for sql in reads_tables(on_primary) if "tournament_board" in sql]


@pytest.mark.django_db(transaction=True, databases=["default", "replica"])
def test_a_signed_in_users_page_reads_the_primary(client: Client, settings: Any) -> None:
    settings.PUBLIC_READS_DATABASE = "replica"
    built = event_in_play(8)
    client.force_login(director_of(built.event, username="td-replica"))
    with CaptureQueriesContext(connections["replica"]) as on_replica:
        page = client.get(f"/events/{built.event.slug}/standings/")
    assert page.status_code == 200
    assert on_replica.captured_queries == []


@pytest.mark.django_db(transaction=True, databases=["default", "replica"])
def test_only_the_reads_after_a_version_outside_a_transaction_go_to_the_replica(
    settings: Any,
) -> None:
    settings.PUBLIC_READS_DATABASE = "replica"
    assert router.db_for_read(Event) == "default"  # outside a public page
    with replica.public_reads():
        assert router.db_for_read(Event) == "default"  # no version read yet
        replica.require("0123abcd")
        assert router.db_for_read(Event) == "replica"
        assert router.db_for_write(Event) == "default"
        with transaction.atomic():
            assert router.db_for_read(Event) == "default"  # a transaction reads its writes
    assert router.db_for_read(Event) == "default"


def board_row(page: str) -> str:
    found = re.search(r'<tr id="board-1".*?</tr>', page, re.S)
    assert found is not None
    return found.group()


def copy_into_lagging(tmp_path: Path) -> None:
    """The lagging database gets what the primary holds now, and nothing after."""
    dump = tmp_path / "now.json"
    call_command("dumpdata", "auth.user", "tournament", "games", "scoring", output=str(dump))
    call_command("loaddata", str(dump), database="lagging", verbosity=0)


@pytest.mark.django_db(transaction=True, databases=["default", "lagging"])
def test_a_lagging_replicas_render_is_never_cached_under_a_newer_version(
    client: Client, settings: Any, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    built = event_in_play(8)
    url = f"/events/{built.event.slug}/rounds/4/"
    before = client.get(url).content.decode()
    copy_into_lagging(tmp_path)

    settings.PUBLIC_READS_DATABASE = "lagging"
    first_board_won(built, django_capture_on_commit_callbacks)
    board = Board.objects.get(round=built.rounds[4], number=1)
    # Rendered from the lagging database, the page would show the board without its result.
    assert Board.objects.using("lagging").get(pk=board.pk).result == ""
    with CaptureQueriesContext(connections["lagging"]) as on_lagging:
        after = client.get(url).content.decode()
        cached = client.get(url).content.decode()
    assert reads_tables(on_lagging) == []
    assert "1-0" not in board_row(before)
    assert "1-0" in board_row(after)
    assert cached == after

    settings.PUBLIC_READS_DATABASE = ""
    cache.clear()
    page_cache.forget_served()
    assert client.get(url).content.decode() == after  # what the primary alone renders


@pytest.mark.django_db(transaction=True, databases=["default", "lagging"])
def test_with_a_separate_postgresql_replica_a_version_carries_the_primarys_position(
    postgres: None, settings: Any
) -> None:
    settings.PUBLIC_READS_DATABASE = "lagging"
    first = replica.new_token()
    event_in_play(4)  # writes: the primary's WAL moves on
    second = replica.new_token()
    positions = [int(token.rpartition(".")[2]) for token in (first, second)]
    assert positions[0] < positions[1]


@pytest.mark.django_db
def test_without_a_replica_a_version_is_a_bare_token(settings: Any) -> None:
    settings.PUBLIC_READS_DATABASE = ""
    token = replica.new_token()
    assert len(token) == 32 and "." not in token


# A real streaming standby (DATABASE_STANDBY_URL, see tests/settings.py): no CI service runs
# one, so these tests run where a developer points the variable at one, and are skipped elsewhere.
with_a_standby = pytest.mark.skipif(
    not os.environ.get("DATABASE_STANDBY_URL"), reason="DATABASE_STANDBY_URL names no standby"
)


def on_standby(sql: str) -> Any:
    with connections["standby"].cursor() as cursor:
        cursor.execute(sql)
        return cursor.fetchone()


def standby_caught_up() -> None:
    """Wait until the standby has replayed all that the primary has written so far."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_current_wal_lsn()::text")
        (target,) = cursor.fetchone()
    deadline = time.monotonic() + 30
    while not on_standby(f"SELECT pg_last_wal_replay_lsn() >= '{target}'::pg_lsn")[0]:
        assert time.monotonic() < deadline, "the standby did not catch up within 30 s"
        time.sleep(0.05)


@with_a_standby
@pytest.mark.django_db(transaction=True, databases=["default", "standby"])
def test_a_standby_serves_a_page_only_once_it_has_replayed_the_pages_version(
    client: Client, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.PUBLIC_READS_DATABASE = "standby"
    built = event_in_play(8)
    url = f"/events/{built.event.slug}/rounds/4/"
    standby_caught_up()
    with CaptureQueriesContext(connections["standby"]) as caught_up:
        before = client.get(url).content.decode()
    assert reads_tables(caught_up)
    assert "1-0" not in board_row(before)

    on_standby("SELECT pg_wal_replay_pause()")
    try:
        first_board_won(built, django_capture_on_commit_callbacks)
        with CaptureQueriesContext(connections["standby"]) as paused:
            after = client.get(url).content.decode()
        assert reads_tables(paused) == []  # it has not replayed the result: the primary renders
        assert "1-0" in board_row(after)
        assert client.get(url).content.decode() == after
    finally:
        on_standby("SELECT pg_wal_replay_resume()")

    standby_caught_up()
    cache.clear()  # the page's next render: the version is made anew, at today's position
    page_cache.forget_served()
    with CaptureQueriesContext(connections["standby"]) as resumed:
        again = client.get(url).content.decode()
    assert reads_tables(resumed)
    assert "1-0" in board_row(again)
