"""A duplicate round's page in a browser: the comparison of its boards fetched into the page,
read by anyone on a desktop and a phone."""

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.test_accessibility import blocking_findings, describe
from tests.scoring.duplicate.test_comparison import decide, duplicate_round

SHOTS = Path(__file__).resolve().parents[4] / "var" / "screenshots"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("tasks_in_process")
def test_the_round_page_shows_how_each_board_did_against_the_others(
    browser: Browser, live_server: object
) -> None:
    round_, td = duplicate_round()
    decide(round_, td, {1: (12, 9), 2: (8, 10), 3: (15, 7)})
    event = round_.event
    base = live_server.url  # type: ignore[attr-defined]
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, viewport in (
        ("desktop", {"width": 1280, "height": 900}),
        ("phone", {"width": 360, "height": 740}),
    ):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        try:
            page.goto(f"{base}/events/{event.slug}/rounds/{round_.number}/")
            section = page.locator("section#duplicate-comparison")
            expect(section.get_by_role("heading", name="Duplicate boards compared")).to_be_visible()
            expect(section.locator("tr[data-board]")).to_have_count(4)
            expect(section.locator('tr[data-board="3"]')).to_contain_text("+3")
            violations = blocking_findings(page)
            assert not violations, describe(f"the duplicate round at {name}", violations)
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            page.screenshot(path=str(SHOTS / f"duplicate_round_{name}.png"), full_page=True)
        finally:
            context.close()
