"""Confirming a paper result in the browser: both players confirm on 360 px phones, the page
fits the phone and has no serious accessibility violation; the round page then marks it."""

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import SCREENSHOTS, log_in
from tests.browser.test_accessibility import blocking_findings, describe
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
)
from tournament.models import Board, Round

PHONE = {"width": 360, "height": 740}
PASSWORD = "correct-horse-battery"


def confirm_on(page: Page, base: str, url: str, username: str, choice: str) -> None:
    log_in(page, base, username, PASSWORD)
    page.goto(f"{base}{url}")
    page.get_by_label(choice).check()
    button = page.get_by_role("button", name="Confirm this result")
    box = button.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide"
    violations = blocking_findings(page)
    assert not violations, describe(f"{username}'s confirm page", violations)
    button.tap()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_both_players_confirm_on_their_phones(browser: Browser, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    event = EventFactory(tiebreak_chain=["results_between", "buchholz"])
    round_ = RoundFactory(event=event, number=1, status=Round.Status.PUBLISHED)
    names = ("Ada Byron", "Alan Turing")
    first, second = (
        EntryFactory(event=event, player=PlayerFactory(name=name), starting_rank=rank)
        for rank, name in enumerate(names, start=1)
    )
    board = BoardFactory(round=round_, number=1, sides=[first, second])
    for entry, username in ((first, "ada"), (second, "alan")):
        entry.player.user = UserFactory(username=username)
        entry.player.save(update_fields=["user"])
    url = f"/events/{event.slug}/boards/{board.pk}/confirm/"

    contexts = [browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True) for _ in names]
    try:
        ada, alan = (context.new_page() for context in contexts)
        for page in (ada, alan):
            page.set_default_timeout(15_000)
        confirm_on(ada, base, url, "ada", "Ada Byron won (1-0)")
        expect(ada.get_by_text("Your word is noted")).to_be_visible()
        expect(ada.get_by_text("Awaiting confirmation: the result is not in yet.")).to_be_visible()
        assert Board.objects.get(pk=board.pk).result == ""

        confirm_on(alan, base, url, "alan", "Ada Byron won (1-0)")
        expect(alan.get_by_text("Both sides agree: 1-0 is entered.")).to_be_visible()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        alan.screenshot(path=str(SCREENSHOTS / "confirm-phone.png"), full_page=True)
        assert Board.objects.get(pk=board.pk).result == "1-0"

        alan.goto(f"{base}/events/{event.slug}/rounds/1/")
        mark = alan.locator("#board-1 .confirmed-mark")
        expect(mark).to_have_attribute("title", "Confirmed by both sides")
        expect(mark.locator(".visually-hidden")).to_have_text("confirmed by both sides")
    finally:
        for context in contexts:
            context.close()
