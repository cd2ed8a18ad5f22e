"""The director's check-in desk in the browser, on a 360 px phone: find a player by typing,
check them in and out with a tap while the page stays (no navigation), then check everyone
present in after confirming in the dialog; nobody withdrawn is checked in."""

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import SCREENSHOTS, log_in
from tests.factories import EntryFactory, PlayerFactory
from tests.tournament.helpers import event_with_players
from tournament.checkin.models import CheckIn
from tournament.entries.services import withdraw_entry
from tournament.models.events import Entry

PHONE = {"width": 360, "height": 740}
PASSWORD = "correct-horse-battery"


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_director_finds_taps_and_checks_everyone_in_on_a_phone(
    browser: Browser, live_server: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    event, td = event_with_players(12, rounds=5, system="swiss", check_in_required=True)
    emile = EntryFactory(
        event=event, player=PlayerFactory(name="Émile Zola-Durand"), starting_rank=13
    )
    gone = EntryFactory(event=event, player=PlayerFactory(name="Wanda Gone"), starting_rank=14)
    withdraw_entry(entry=gone, user=td)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        log_in(page, base, "td", PASSWORD)
        page.goto(f"{base}/events/{event.slug}/check-in/manage/")
        counts = page.locator("#check-in-counts")
        expect(counts).to_contain_text("Checked in: 0 of 13")
        expect(counts).to_contain_text("Absent: 1")
        no_sideways_scroll(page)
        # A mark on the window: a page load would wipe it.
        page.evaluate("window.deskMark = 'still here'")
        navigations: list[str] = []
        page.on("framenavigated", lambda f: navigations.append(f.url))

        # Typing narrows the list (accents need not be typed).
        page.fill("#desk-search", "emile")
        rows = page.locator("#desk-list .desk-row")
        expect(rows.filter(has_text="Émile Zola-Durand")).to_be_visible()
        expect(page.locator("#desk-list .desk-row:visible")).to_have_count(1)

        page.get_by_role("button", name="Check in Émile Zola-Durand").tap()
        expect(page.locator("#check-in-status")).to_have_text(
            "Émile Zola-Durand is checked in for round 1."
        )
        expect(counts).to_contain_text("Checked in: 1 of 13")
        expect(page.get_by_role("button", name="Check out Émile Zola-Durand")).to_be_visible()
        assert CheckIn.objects.filter(entry=emile, round_number=1).exists()

        # And out again with a second tap.
        page.get_by_role("button", name="Check out Émile Zola-Durand").tap()
        expect(counts).to_contain_text("Checked in: 0 of 13")
        assert not CheckIn.objects.filter(entry=emile).exists()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "check-in-desk-search-phone.png"), full_page=True)

        # Everyone present, after the dialog asks.
        page.fill("#desk-search", "")
        expect(page.locator("#desk-list .desk-row:visible")).to_have_count(14)
        page.get_by_role("link", name="Check in everyone present").tap()
        dialog = page.get_by_role("dialog")
        expect(dialog).to_contain_text("13 players will be checked in by hand:")
        expect(dialog).not_to_contain_text("Wanda Gone")
        no_sideways_scroll(page)
        page.screenshot(path=str(SCREENSHOTS / "check-in-desk-dialog-phone.png"))
        dialog.get_by_role("button", name="Check in 13 players").tap()
        expect(page.locator("#check-in-status")).to_have_text(
            "13 players are checked in for round 1."
        )
        expect(dialog).to_be_hidden()
        expect(counts).to_contain_text("Checked in: 13 of 13")
        expect(counts).to_contain_text("Missing: 0")
        no_sideways_scroll(page)
        page.screenshot(path=str(SCREENSHOTS / "check-in-desk-phone.png"), full_page=True)

        assert page.evaluate("window.deskMark") == "still here"
        assert navigations == []
        checked = set(CheckIn.objects.values_list("entry_id", flat=True))
        playing = set(event.entries.exclude(pk=gone.pk).values_list("pk", flat=True))
        assert checked == playing
        assert Entry.objects.get(pk=gone.pk).status == Entry.Status.WITHDRAWN
    finally:
        context.close()
