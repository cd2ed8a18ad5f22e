"""The festival page on a 360x740 phone: readable without sideways scrolling of the page (the
wide results table scrolls in its own box), and its links work."""

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import SCREENSHOTS
from tests.tournament.festivals.builders import TwoEvents

PHONE = {"width": 360, "height": 740}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_festival_page_on_a_phone(browser: Browser, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    festival = TwoEvents()
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto(f"{base}/festivals/mso-2026/")
        expect(page.locator("h1")).to_have_text("MSO 2026")
        for name in ("Events", "Schedule", "Results"):
            expect(page.get_by_role("heading", name=name, exact=True)).to_be_visible()
        expect(page.get_by_text("Round 1: check-in 10:00–10:15")).to_be_visible()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "festival-phone.png"), full_page=True)
        # The page itself is no wider than the phone; the results table scrolls in its box.
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page is {width}px wide"
        results = page.locator("table.festival-results")
        expect(results.get_by_role("rowheader", name="Alice")).to_have_count(1)
        csv_link = page.get_by_role("link", name="CSV")
        box = csv_link.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        # An event's link opens the event, which links back to its festival.
        page.locator("table.festival-events").get_by_role("link", name="Ingenious Blitz").tap()
        page.wait_for_url(f"**/events/{festival.blitz.slug}/")
        page.get_by_role("link", name="MSO 2026").tap()
        page.wait_for_url("**/festivals/mso-2026/")
    finally:
        context.close()
