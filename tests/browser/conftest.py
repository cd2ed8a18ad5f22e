"""Playwright driving Debian's Chromium against the live test server. Never `playwright install`."""

import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.db import connections
from playwright.sync_api import Browser, Page, sync_playwright

from tests.conftest import need

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
# Without these, Chromium keeps trying to reach Google's hosts, which this network refuses.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@contextmanager
def async_unsafe_allowed() -> Iterator[None]:
    """Lift Django's async guard while Playwright's sync API holds an event loop in a thread."""
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    need("Debian's Chromium (/usr/bin/chromium; `make test` installs it)", CHROMIUM.exists())
    # Playwright's sync API keeps an event loop in this thread; the tests' ORM calls are still
    # synchronous and safe, so Django's async guard is lifted for the browser tests only, and put
    # back afterwards so no later subprocess (`check --deploy`) inherits it.
    with async_unsafe_allowed(), sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


def _stuck_sessions(states: str) -> list[int]:
    """Other sessions on the test database in one of ``states`` (a SQL list of
    pg_stat_activity states). This thread's own connections are not among them."""
    own = {
        c.connection.info.backend_pid
        for c in connections.all(initialized_only=True)
        if c.vendor == "postgresql" and c.connection is not None
    }
    with connections["default"].cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            f"AND backend_type = 'client backend' AND state IN ({states})"
        )
        return [pid for (pid,) in cursor.fetchall() if pid not in own]


BUSY = "'active', 'idle in transaction', 'idle in transaction (aborted)'"
IN_A_TRANSACTION = "'idle in transaction', 'idle in transaction (aborted)'"


@pytest.fixture(autouse=True)
def requests_ended_before_the_flush(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a browser test on PostgreSQL, before its database is emptied (TRUNCATE): a request
    its pages left in flight (a poll, a focus report sent as the page closed) may still hold a
    row lock in the live server's thread, and TRUNCATE waiting on it can deadlock with it and
    fail the flush, leaving the rows to the next test. Such requests are given a few seconds to
    end; a session still inside a transaction after them is stuck and is ended. Idle sessions
    hold no lock and are left alone: another thread of this process (asgiref's, a worker's)
    keeps its connection open between tests and would find it gone."""
    yield
    marker = request.node.get_closest_marker("django_db")
    if marker is None or not marker.kwargs.get("transaction"):
        return
    if connections["default"].vendor != "postgresql":
        return
    deadline = time.monotonic() + 15
    while _stuck_sessions(BUSY) and time.monotonic() < deadline:
        time.sleep(0.1)
    stuck = _stuck_sessions(IN_A_TRANSACTION)
    if stuck:
        with connections["default"].cursor() as cursor:
            ended = "SELECT pg_terminate_backend(pid) FROM unnest(%s::int[]) AS pid"
            cursor.execute(ended, [stuck])


def _artifact_name(nodeid: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid.split("::", 1)[-1])[:120]


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh browser context per test; its last page is saved as var/screenshots/<test>.png."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    yield page
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for n, open_page in enumerate(context.pages):
        suffix = "" if n == 0 else f"-{n}"
        open_page.screenshot(
            path=str(SCREENSHOTS / f"{_artifact_name(request.node.nodeid)}{suffix}.png"),
            full_page=True,
        )
    context.close()


def log_in(page: Page, base_url: str, username: str, password: str) -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("form.form button[type=submit]")
    page.wait_for_url(re.compile(r"^(?!.*accounts/login).*$"))
