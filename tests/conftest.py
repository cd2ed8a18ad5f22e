"""Shared fixtures. Tests that need PostgreSQL, Redis or a worker fail in CI when it is missing."""

import os
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection

if TYPE_CHECKING:
    from tests.tournament.festivals.builders import TwoEvents

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def need(service: str, available: bool) -> None:
    """Skip on a developer's machine without the service; in CI a missing service is a failure."""
    if available:
        return
    message = f"{service} is not configured for this run"
    if IN_CI:
        pytest.fail(f"{message}, and CI must run it", pytrace=False)
    pytest.skip(message)


def pytest_report_header(config: pytest.Config) -> list[str]:
    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    broker = settings.CELERY_BROKER_URL if settings.REDIS_URL else "in-process (eager)"
    return [f"database: {engine}; celery broker: {broker}; CI: {IN_CI}"]


@pytest.fixture
def postgres() -> None:
    need("PostgreSQL", connection.vendor == "postgresql")


@pytest.fixture
def redis_url() -> str:
    need("Redis", bool(settings.REDIS_URL))
    return settings.REDIS_URL


@pytest.fixture(scope="session")
def celery_config() -> dict[str, object]:
    broker = settings.CELERY_BROKER_URL if settings.REDIS_URL else "memory://"
    return {"broker_url": broker, "task_always_eager": False}


@pytest.fixture(scope="session")
def celery_worker_pool() -> str:
    return "solo"


@pytest.fixture(scope="session")
def celery_worker_parameters() -> dict[str, object]:
    # The stock ping check reads a result backend; the project keeps none (tasks write to the DB).
    # Every queue, the pairing queue too, as `make worker` consumes them.
    queues = [queue.name for queue in settings.CELERY_TASK_QUEUES]
    return {"perform_ping_check": False, "shutdown_timeout": 30, "queues": queues}


@pytest.fixture(scope="session")
def celery_app(request: pytest.FixtureRequest) -> Iterator[object]:
    """The project's own Celery app, so the worker runs the real tasks."""
    from tournament.celery import app

    app.conf.task_always_eager = False
    app.conf.broker_url = settings.CELERY_BROKER_URL if settings.REDIS_URL else "memory://"
    yield app
    app.conf.task_always_eager = settings.CELERY_TASK_ALWAYS_EAGER


@pytest.fixture
def live_worker(redis_url: str, celery_worker: object) -> object:
    """A real Celery worker thread consuming from Redis."""
    return celery_worker


@pytest.fixture
def worker_database_url(transactional_db: None) -> str:
    """DATABASE_URL of the test database, for a worker started as another process (it sees the
    rows a `django_db(transaction=True)` test commits)."""
    db = connection.settings_dict
    if connection.vendor == "postgresql":
        user, password = quote(db["USER"] or "", safe=""), quote(db["PASSWORD"] or "", safe="")
        host, port = db["HOST"] or "127.0.0.1", db["PORT"] or 5432
        return f"postgres://{user}:{password}@{host}:{port}/{quote(db['NAME'], safe='')}"
    in_memory = connection.vendor == "sqlite" and connection.is_in_memory_db()
    need("A database another process can open (PostgreSQL, or an SQLite file)", not in_memory)
    return f"sqlite:///{db['NAME']}"


@pytest.fixture
def tasks_in_process(request: pytest.FixtureRequest) -> Iterator[None]:
    """Queued tasks run in-process (on commit) even when REDIS_URL points Celery at a broker, so
    nothing is left queued for the real worker of a later test; worker tests (marked `worker`)
    keep the real worker. The modules that need it say so with
    `pytest.mark.usefixtures("tasks_in_process")`."""
    if request.node.get_closest_marker("worker"):
        yield
        return
    from tournament.celery import app

    old = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = old


@pytest.fixture
def two_events() -> "TwoEvents":
    """A festival of two events sharing two players, for the festival tests of both floors."""
    from tests.tournament.festivals.builders import TwoEvents

    return TwoEvents()


@pytest.fixture
def task_runner(request: pytest.FixtureRequest) -> object:
    """Tasks run in-process without Redis; with Redis (CI) a real worker takes them."""
    if settings.REDIS_URL:
        return request.getfixturevalue("celery_worker")
    return None


@pytest.fixture(autouse=True)
def fresh_page_cache() -> None:
    """No test sees pages another test cached (the database rolls back, the cache does not).
    Redis is left alone: Celery's broker shares it; there, events' slugs differ per test."""
    from django.core.cache import cache

    from tournament import effects
    from tournament.web import page_cache

    page_cache.forget_served()
    if not settings.REDIS_URL:
        cache.clear()
    else:  # a rebuild queued by an earlier test (whose database is gone) rates nothing here
        cache.delete(effects.RATINGS_QUEUED_KEY)


@pytest.fixture(autouse=True)
def fresh_rate_counters() -> None:
    """No test is limited by the requests of an earlier one (tournament/web/rate_limits.py counts in
    the cache, which Redis keeps between tests; local memory is cleared above)."""
    if not settings.REDIS_URL:
        return
    from django.core.cache import cache

    client = cache._cache.get_client(write=True)  # type: ignore[attr-defined]
    stale = list(client.scan_iter(match=cache.make_key("rate:*"), count=1000))
    if stale:
        client.delete(*stale)


@pytest.fixture(autouse=True)
def generous_page_rate(settings: Any) -> None:
    """Every test client is 127.0.0.1, and on Redis the page counts outlive a test: the suite
    would reach PAGE_RATE within a minute. The tests of the limit set their own rate."""
    settings.PAGE_RATE = "1000000/minute"


@pytest.fixture(autouse=True)
def spectators_see_at_once(settings: Any) -> None:
    """A test's spectator sees a change at once, as its arbiter does: the spectators' window
    (SPECTATOR_STALE_SECONDS, tournament.web.page_cache.spectators_entry) would hold a
    change made within the test's first second back. The window's own tests set it
    (tests/tournament/pages/test_spectators_window.py)."""
    settings.SPECTATOR_STALE_SECONDS = 0


@pytest.fixture(autouse=True)
def fresh_player_sequence() -> None:
    """Every test numbers and rates its players from the start (Player 000 rated 2000, ...):
    a test's players never depend on how many players earlier tests made."""
    from tests.factories import PlayerFactory

    PlayerFactory.reset_sequence()


@pytest.fixture(autouse=True)
def site_language() -> None:
    """Every test starts in the site's language: a German request leaves German active in the
    thread (LocaleMiddleware activates, nothing deactivates) and services would answer in it."""
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def no_game_analysis(settings: Any) -> None:
    """The engine's analysis of a finished game takes seconds of a worker: the tests that
    finish games do not wait for it. The analysis's own tests turn it on (``game_analysis``,
    tests/games/analysis/)."""
    settings.ANALYSE_FINISHED_GAMES = False


@pytest.fixture(scope="session", autouse=True)
def flush_retried_after_a_deadlock() -> Iterator[None]:
    """A transactional test's database is emptied by one TRUNCATE. A request its pages or
    servers left in flight (a poll, a focus report sent as a page closed) can start a
    transaction between the browser tests' wait (tests/browser/conftest.py) and the TRUNCATE,
    and PostgreSQL then breaks the deadlock by failing the flush, which would leave the rows to
    the next test. The flush is rolled back whole, so it is tried again once the request ends."""
    from django.core.management.base import CommandError
    from django.db.utils import OperationalError
    from django.test import TransactionTestCase

    original = TransactionTestCase._fixture_teardown

    def teardown(self: TransactionTestCase) -> None:
        attempts = 5
        for attempt in range(1, attempts + 1):
            try:
                original(self)
                return
            except CommandError as error:
                if attempt == attempts or not isinstance(error.__cause__, OperationalError):
                    raise
                time.sleep(attempt)

    TransactionTestCase._fixture_teardown = teardown  # type: ignore[method-assign]
    yield
    TransactionTestCase._fixture_teardown = original  # type: ignore[method-assign]
