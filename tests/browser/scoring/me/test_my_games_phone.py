"""A player on a 360 px phone: enters an open event from its page, then finds it, with their
board, on "My games", which fits the screen's width."""

import datetime

import pytest
from playwright.sync_api import Browser

from tests.browser.conftest import SCREENSHOTS, log_in
from tests.factories import BoardFactory, EntryFactory, EventFactory, PlayerFactory, UserFactory
from tournament.models.events import Round

PHONE = {"width": 360, "height": 740}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_player_enters_online_and_follows_their_games_on_a_phone(
    browser: Browser, live_server: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    user = UserFactory(username="alice")
    alice = PlayerFactory(name="Alice Able", user=user)
    opened = EventFactory(name="Open Rapid", entry_open=True)
    played = EventFactory(name="MSO Ingenious Championship", start_date=datetime.date(2026, 8, 2))
    mine = EntryFactory(event=played, player=alice, starting_rank=1)
    rival = EntryFactory(
        event=played, player=PlayerFactory(name="Bartholomew Longname-Smythe"), starting_rank=2
    )
    round_ = played.round_set.create(number=1, status=Round.Status.PUBLISHED)
    BoardFactory(round=round_, number=7, sides=[rival, mine])
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        log_in(page, base, "alice", "correct-horse-battery")
        page.goto(f"{base}/events/{opened.slug}/")
        page.get_by_role("button", name="Enter this event").tap()
        # The post redirects back to the event page, which then says so.
        page.get_by_text("You are entered in Open Rapid").wait_for()
        assert "You are entered as #1" in page.inner_text("main")
        assert opened.entries.filter(player=alice).exists()

        page.goto(f"{base}/me/")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "my-games-phone.png"), full_page=True)
        main = page.inner_text("main")
        assert "Open Rapid" in main and "MSO Ingenious Championship" in main
        assert "Bartholomew Longname-Smythe" in main and "Confirm the result" in main
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page is {width}px wide on a 360px screen"
        confirm = page.get_by_role("link", name="Confirm the result")
        box = confirm.bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    finally:
        context.close()
