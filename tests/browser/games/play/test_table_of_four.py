"""Four players at a table of 4, each at their own screen (four Chromium contexts, phones), play
two rounds of turns through the player's page: the turn passes seat by seat as the engine says,
each page shows its own rack only (no other seat's tiles in its state), and each placement is
chosen on the page and sent by Confirm, each turn ended by the press."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from games.recording.writes import engine_at
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.browser.games.play.test_two_players import PASSWORD, place_through_the_page, state
from tests.games.factories import fresh
from tests.games.play.factories import online_board

NAMES = ("ada", "alan", "grace", "edsger")


@pytest.fixture
def phones(browser: Browser) -> Iterator[list[BrowserContext]]:
    contexts = [
        browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True) for _ in NAMES
    ]
    for context in contexts:
        context.set_default_timeout(20_000)
    try:
        yield contexts
    finally:
        for context in contexts:
            context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_four_players_play_their_table_through_their_pages(
    phones: list[BrowserContext], live_server: Any
) -> None:
    online = online_board(NAMES, clock_minutes=60, table_size=4)
    game = online.game
    assert len(game.players) == 4
    pages = [context.new_page() for context in phones]
    for page, account in zip(pages, online.players, strict=True):
        log_in(page, live_server.url, account.username, PASSWORD)
        page.goto(f"{live_server.url}/play/{game.pk}/")
        expect(page.get_by_role("heading", name="Your rack")).to_be_visible()
    racks = engine_at(fresh(game)).racks
    assert racks is not None
    for seat, page in enumerate(pages):
        mine = [t["tile"] for t in state(page)["rack"]]
        assert sorted(mine) == sorted(racks[seat])
    movers = []
    for turn in range(8):
        current = fresh(game)
        seat = current.clock_seat if current.clock_seat is not None else engine_at(current).to_move
        movers.append(seat)
        page = pages[seat]
        expect(page.locator("#play")).to_have_attribute("data-may", "place", timeout=20_000)
        seen = state(page)
        while seen["may"]["place"]:
            place_through_the_page(page, seen)
            seen = state(page)
        if turn == 5:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / "play-table-of-four-phone.png"), full_page=True)
        page.get_by_role("button", name="End turn (press my clock)").click()
        expect(page.locator("#play")).not_to_have_attribute(
            "data-next-index", str(seen["next_index"]), timeout=20_000
        )
        # Every page holds its own rack and no tile of another seat's.
        racks = engine_at(fresh(game)).racks
        assert racks is not None
        for other, other_page in enumerate(pages):
            shown = state(other_page)
            assert sorted(t["tile"] for t in shown["rack"]) == sorted(racks[other])
            assert "racks" not in shown
    assert movers == [0, 1, 2, 3, 0, 1, 2, 3]
