"""Check-in in the browser: a player checks in on a 360 px phone; the director's event page
counts the check-ins live, without a reload."""

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import SCREENSHOTS, log_in
from tests.factories import UserFactory
from tests.tournament.helpers import event_with_players
from tournament.checkin import services as checkin
from tournament.checkin.models import CheckIn

PHONE = {"width": 360, "height": 740}
PASSWORD = "correct-horse-battery"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_player_checks_in_on_a_phone_and_the_directors_count_follows(
    browser: Browser, live_server: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    event, td = event_with_players(4, system="swiss", check_in_required=True)
    entries = list(event.entries.select_related("player").order_by("starting_rank"))
    ann = UserFactory(username="ann")
    entries[0].player.user = ann
    entries[0].player.save(update_fields=["user"])

    desk = browser.new_context(viewport={"width": 1280, "height": 900})
    desk.set_default_timeout(15_000)
    director = desk.new_page()
    phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    phone.set_default_timeout(15_000)
    player = phone.new_page()
    try:
        log_in(director, base, "td", PASSWORD)
        director.goto(f"{base}/events/{event.slug}/")
        count = director.locator("#check-in-progress .check-in-count")
        expect(count).to_have_text("Checked in: 0 of 4")

        log_in(player, base, "ann", PASSWORD)
        player.goto(f"{base}/events/{event.slug}/check-in/")
        button = player.get_by_role("button", name="Check in")
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        button.tap()
        expect(player.get_by_text("You are checked in for round 1.")).to_be_visible()
        expect(player.get_by_role("button", name="Check out")).to_be_visible()
        width = player.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page is {width}px wide"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        player.screenshot(path=str(SCREENSHOTS / "check-in-phone.png"), full_page=True)
        assert CheckIn.objects.filter(entry=entries[0], round_number=1).exists()

        # The director's page polls its fragment: the count follows without a reload.
        expect(count).to_have_text("Checked in: 1 of 4", timeout=15_000)
        checkin.check_in(entry=entries[1], user=td, by_hand=True)
        expect(count).to_have_text("Checked in: 2 of 4", timeout=15_000)
        missing = director.locator("#check-in-progress .check-in-missing")
        expect(missing).to_contain_text(entries[2].player.name)
        expect(missing).not_to_contain_text(entries[0].player.name)
        director.screenshot(path=str(SCREENSHOTS / "check-in-director.png"), full_page=True)

        # On a phone too, the director checks a player in by hand from the list.
        hand = phone.new_page()
        phone.clear_cookies()
        log_in(hand, base, "td", PASSWORD)
        hand.goto(f"{base}/events/{event.slug}/check-in/manage/")
        name = entries[2].player.name
        hand.get_by_role("button", name=f"Check in {name}").tap()
        expect(hand.get_by_text(f"{name} is checked in for round 1.")).to_be_visible()
        expect(hand.get_by_text("Checked in: 3 of 4")).to_be_visible()
        hand.screenshot(path=str(SCREENSHOTS / "check-in-manage-phone.png"), full_page=True)
    finally:
        desk.close()
        phone.close()
