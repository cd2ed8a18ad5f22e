"""The fair-play report in a browser, as a director reads it on a desktop and a phone: every
player listed, the one far from the field marked in words that say it is a screening; an online
event's report with its think time and focus columns, still fitting a phone."""

from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import Browser, expect

from tests.browser.conftest import log_in
from tests.browser.test_accessibility import blocking_findings, describe
from tests.factories import director_of
from tests.scoring.fairplay.test_fair_play_online import timed_game
from tests.scoring.fairplay.test_fair_play_report import NAMES, SUSPECT, seeded_event

SHOTS = Path("/tmp/fairplay")
ONLINE_SHOTS = Path(__file__).resolve().parents[4] / "var" / "screenshots"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_director_reads_the_report_on_a_desktop_and_a_phone(
    browser: Browser, live_server: object
) -> None:
    event, _entries = seeded_event()
    director_of(event)
    base = live_server.url  # type: ignore[attr-defined]
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, viewport in (
        ("desktop", {"width": 1280, "height": 900}),
        ("phone", {"width": 360, "height": 740}),
    ):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        try:
            log_in(page, base, "td", "correct-horse-battery")
            page.goto(f"{base}/events/{event.slug}/fair-play/")
            for player in NAMES:
                expect(page.get_by_text(player).first).to_be_visible()
            expect(page.get_by_text("not a proof", exact=False).first).to_be_visible()
            marked = page.locator("tr", has_text=SUSPECT).first
            expect(marked).to_contain_text("far from the field")
            violations = blocking_findings(page)
            assert not violations, describe(f"the fair-play report at {name}", violations)
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            page.screenshot(path=str(SHOTS / f"fair_play_{name}.png"), full_page=True)
        finally:
            context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("tasks_in_process")
def test_an_online_events_report_shows_think_times_and_focus(
    browser: Browser, live_server: object
) -> None:
    game = timed_game(Client())
    event = game.event_board.round.event
    director_of(event)
    base = live_server.url  # type: ignore[attr-defined]
    ONLINE_SHOTS.mkdir(parents=True, exist_ok=True)
    for name, viewport in (
        ("desktop", {"width": 1280, "height": 900}),
        ("phone", {"width": 360, "height": 740}),
    ):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        try:
            log_in(page, base, "td", "correct-horse-battery")
            page.goto(f"{base}/events/{event.slug}/fair-play/")
            expect(page.get_by_role("columnheader", name="Median think")).to_be_visible()
            expect(page.get_by_role("columnheader", name="Focus lost")).to_be_visible()
            alan = page.locator("tr.total", has_text="Alan Turing")
            expect(alan).to_contain_text("20.0 s")
            expect(alan).to_contain_text("100 %")
            violations = blocking_findings(page)
            assert not violations, describe(f"the online fair-play report at {name}", violations)
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            page.screenshot(path=str(ONLINE_SHOTS / f"fair_play_online_{name}.png"), full_page=True)
        finally:
            context.close()
