"""A logged-in director's header on a 360x740 phone: compact, and every link one tap away."""

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import SCREENSHOTS, log_in
from tests.factories import director_of
from tests.tournament.helpers import event_with_players

PHONE = {"width": 360, "height": 740}


def _header_height(page: Page) -> float:
    box = page.locator("header.site-header").bounding_box()
    assert box is not None
    return box["height"]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_directors_header_is_compact_on_a_phone_and_every_link_one_tap_away(
    browser: Browser, live_server: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    event, _ = event_with_players(4)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        log_in(page, base, "td", "correct-horse-battery")
        page.goto(f"{base}/events/{event.slug}/")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "phone-nav-closed.png"))
        height = _header_height(page)
        assert height <= 0.15 * PHONE["height"], f"header is {height}px of 740"

        header = page.locator("header.site-header")
        links = header.locator("a, button")
        hidden = [i for i in range(links.count()) if not links.nth(i).is_visible()]
        if hidden:  # behind the menu: one tap opens it
            header.get_by_text("Menu").tap()
        page.screenshot(path=str(SCREENSHOTS / "phone-nav-open.png"))
        texts = []
        for i in range(links.count()):
            link = links.nth(i)
            assert link.is_visible(), link.inner_text()
            box = link.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
            texts.append(link.inner_text().strip())
        for expected in ("Events", "Live", "Standings", "Crosstable", "Exports", "Entries", "API"):
            assert expected in texts, (expected, texts)
        assert "Log out" in texts
        # The menu's links work: Entries opens the director's entries page.
        header.get_by_role("link", name="Entries").tap()
        page.wait_for_url(f"**/events/{event.slug}/entries/")
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_on_a_wide_screen_every_link_shows_without_a_menu(page: Page, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    event, _ = event_with_players(4, name="MSO Ingenious Open Championship 2026")
    director_of(event, "director")  # a name as long as the demo's: the row must still fit
    log_in(page, base, "director", "correct-horse-battery")
    page.goto(f"{base}/events/{event.slug}/")
    header = page.locator("header.site-header")
    assert not header.get_by_text("Menu", exact=True).is_visible()
    links = header.locator("a, button")
    assert all(links.nth(i).is_visible() for i in range(links.count()))
    assert _header_height(page) <= 60
