"""A practice game on a 360x740 phone: the player starts an Easy game from /practice/, makes
one placement on the page (a rack tile, two hexes, Confirm, End turn) and sees the engine's
reply on the board."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games.practice.models import PracticeGame
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.factories import UserFactory

PHONE = {"width": 360, "height": 740}


def state(page: Page) -> dict[str, Any]:
    url = page.locator("#play").get_attribute("data-state-url")
    return page.evaluate("url => fetch(url, {cache: 'no-store'}).then(r => r.json())", url)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_placement_against_the_easy_engine_on_a_phone(browser: Browser, live_server: Any) -> None:
    UserFactory(username="ada")
    base = live_server.url
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(20_000)
    page = context.new_page()
    try:
        log_in(page, base, "ada", "correct-horse-battery")
        page.goto(f"{base}/practice/")
        page.get_by_label("Easy: a random legal placement").check()
        page.get_by_label("I move first").check()
        page.get_by_role("button", name="Start the game").tap()
        expect(page.get_by_role("heading", name="Your rack")).to_be_visible()
        assert PracticeGame.objects.count() == 1
        expect(page.locator("#play")).to_have_attribute("data-may", "place")
        seen = state(page)
        first, second = seen["legal_pairs"][0]
        page.locator("#play-rack .rack-tile").first.tap()
        page.locator(f'#play-board .cell[data-cell="{first}"]').tap()
        page.locator(f'#play-board .cell[data-cell="{second}"]').tap()
        expect(page.locator("#play-board .cell.preview")).to_have_count(2)
        page.get_by_role("button", name="Confirm placement").tap()
        expect(page.locator("#play")).not_to_have_attribute(
            "data-next-index", str(seen["next_index"])
        )
        seen = state(page)
        while seen["may"]["place"]:  # a bonus placement earned: the first legal one
            page.locator("#play-rack .rack-tile").first.tap()
            page.locator(f'#play-board .cell[data-cell="{seen["legal_pairs"][0][0]}"]').tap()
            page.locator(f'#play-board .cell[data-cell="{seen["legal_pairs"][0][1]}"]').tap()
            page.get_by_role("button", name="Confirm placement").tap()
            expect(page.locator("#play")).not_to_have_attribute(
                "data-next-index", str(seen["next_index"])
            )
            seen = state(page)
        placed = page.locator("#play-board .cell.placed").count()
        assert placed == 2 * seen["plies"]
        page.get_by_role("button", name="End turn", exact=True).tap()
        # The engine's turn comes with the answer: its tiles on the board, the owner's turn.
        expect(page.locator("#play")).to_have_attribute("data-may", "place")
        expect(page.locator("#play-board .cell.placed")).not_to_have_count(placed)
        after = state(page)
        assert after["plies"] > seen["plies"]
        assert page.locator("#play-board .cell.placed").count() == 2 * after["plies"]
        expect(page.locator("#play-error")).to_be_hidden()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "practice-phone.png"), full_page=True)
    finally:
        context.close()
