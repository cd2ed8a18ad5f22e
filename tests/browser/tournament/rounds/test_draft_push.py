"""A director waiting for a pairing learns that the draft is ready as it is made (issue 29):
the round page's socket hears the draft's change and the page shows the draft, with no poll
going out meanwhile. The page is served by daphne; the draft is made by this process (as a
Celery worker makes it), so the two share the channel layer on Redis."""

import threading
import time
from pathlib import Path

import pytest
from django.db import connection
from playwright.sync_api import Browser, expect

from tests.browser.conftest import log_in
from tests.factories import EventFactory, RoundFactory, director_of
from tests.tournament.push.servers import daphne, fresh_slug
from tournament import effects
from tournament.models.events import Round

POLL_SECONDS = 1  # the progress's poll (templates/tournament/_round_progress.html)


def report_draft(event_id: int, number: int) -> None:
    try:
        effects.draft_changed(event_id, number)
    finally:
        connection.close()  # this thread's own: the test database is dropped at the end


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_round_page_shows_the_draft_when_it_is_ready_without_polling(
    browser: Browser, worker_database_url: str, redis_url: str, tmp_path: Path
) -> None:
    event = EventFactory(slug=fresh_slug())
    round_ = RoundFactory(event=event, number=1, status=Round.Status.PAIRING)
    director = director_of(event)
    with daphne(worker_database_url, redis_url, tmp_path / "daphne.log") as base:
        page = browser.new_page()
        try:
            log_in(page, base, director.username, "correct-horse-battery")  # type: ignore[attr-defined]
            asked: list[str] = []
            page.on("request", lambda r: "/progress/" in r.url and asked.append(r.url))
            page.goto(f"{base}/events/{event.slug}/rounds/1/")
            expect(page.locator("#round-progress")).to_be_visible()
            expect(page.locator("html")).to_have_attribute("data-push", "open")
            page.wait_for_timeout(POLL_SECONDS * 2500)  # (Playwright's events arrive meanwhile)
            assert asked == [], "the page polled with its socket open"

            Round.objects.filter(pk=round_.pk).update(status=Round.Status.DRAFT)
            started = time.monotonic()
            # As the pairing task reports its draft: in a thread of its own, since Playwright
            # keeps an event loop in this one (a push is sent from sync code, as by a worker).
            reporter = threading.Thread(target=report_draft, args=(event.pk, 1))
            reporter.start()
            reporter.join()
            expect(page.locator("#review-heading")).to_be_visible(timeout=5000)
            print(f"\nthe draft showed {time.monotonic() - started:.2f} s after it was made")
            assert len(asked) == 1, asked  # the one fetch the push asked for
        finally:
            page.close()
