"""Chromium for the games' browser tests, driven from a thread of its own.

The session-wide Playwright of tests/browser/ keeps an event loop in the main thread, and
Playwright's sync API refuses a second one there; a thread per test has its own loop.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from playwright.sync_api import Page, sync_playwright

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS, async_unsafe_allowed
from tests.conftest import need


def run_in_chromium(name: str, body: Callable[[Page], None], width: int = 1280) -> None:
    """Run `body` with a fresh page; its last page is saved as var/screenshots/<name>.png."""
    need("Debian's Chromium (/usr/bin/chromium; `make test` installs it)", CHROMIUM.exists())
    # The ORM calls made while the page is driven are synchronous and safe (as in tests/browser).
    with async_unsafe_allowed():
        _drive_in_thread(name, body, width)


def _drive_in_thread(name: str, body: Callable[[Page], None], width: int) -> None:
    failures: list[BaseException] = []

    def drive() -> None:
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
                )
                context = browser.new_context(viewport={"width": width, "height": 900})
                context.set_default_timeout(15_000)
                page = context.new_page()
                try:
                    body(page)
                finally:
                    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
                    browser.close()
        except BaseException as exc:  # handed to the test's own thread
            failures.append(exc)

    thread = threading.Thread(target=drive, name=f"chromium-{name}")
    thread.start()
    thread.join(timeout=240)
    if thread.is_alive():
        raise AssertionError(f"{name}: the browser did not finish within 240 s")
    if failures:
        raise failures[0]
