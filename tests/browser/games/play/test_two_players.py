"""Two players, each at their own screen (two Chromium contexts: a desktop and a phone), play a
whole online game against each other through the player's page: every placement chosen on the
page (a rack tile, two hexes, the preview) and sent by its Confirm, every turn ended by the
clock's press; one reloads mid-game and gets the board, the rack and the clocks back."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from games.models import Game
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.games.factories import fresh
from tests.games.play.factories import online_board

PASSWORD = "correct-horse-battery"


def state(page: Page) -> dict[str, Any]:
    """The seat's state as the page fetches it (play-state)."""
    url = page.locator("#play").get_attribute("data-state-url")
    return page.evaluate("url => fetch(url, {cache: 'no-store'}).then(r => r.json())", url)


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def place_through_the_page(page: Page, seen: dict[str, Any], shot_name: str = "") -> None:
    """Choose the rack's first tile and the engine's first legal pair on the page, see the
    preview, Confirm, and wait for the page to show the new state."""
    tile = seen["rack"][0]["tile"]
    first, second = seen["legal_pairs"][0]
    page.locator("#play-rack .rack-tile").first.click()
    page.locator(f'#play-board .cell[data-cell="{first}"]').click()
    page.locator(f'#play-board .cell[data-cell="{second}"]').click()
    expect(page.locator("#play-board .cell.preview")).to_have_count(2)
    confirm = page.get_by_role("button", name="Confirm placement")
    expect(confirm).to_be_enabled()
    expect(page.locator("#play-preview")).to_contain_text(tile)
    if shot_name:
        shot(page, shot_name)
    confirm.click()
    # A busy machine (CI) may take seconds over the first placement (it starts the clocks too).
    expect(page.locator("#play")).not_to_have_attribute(
        "data-next-index", str(seen["next_index"]), timeout=20_000
    )


@pytest.fixture
def contexts(browser: Browser) -> Iterator[tuple[BrowserContext, BrowserContext]]:
    desktop = browser.new_context(viewport={"width": 1280, "height": 900})
    phone = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    for context in (desktop, phone):
        context.set_default_timeout(20_000)
    try:
        yield desktop, phone
    finally:
        desktop.close()
        phone.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_two_players_play_a_whole_game_through_their_pages(
    contexts: tuple[BrowserContext, BrowserContext], live_server: Any
) -> None:
    online = online_board(clock_minutes=90)
    base = live_server.url
    pages = [context.new_page() for context in contexts]
    for page, account in zip(pages, online.players, strict=True):
        log_in(page, base, account.username, PASSWORD)
        page.goto(f"{base}/play/{online.game.pk}/")
        expect(page.get_by_role("heading", name="Your rack")).to_be_visible()
    shot(pages[1], "play-phone-start")
    turns = 0
    reloaded = swapped = False
    while turns < 200:
        game = fresh(online.game)
        if game.status == Game.Status.FINISHED:
            break
        seat = game.clock_seat if game.clock_seat is not None else 0
        page = pages[seat]
        # The page learns by push or poll that it is its turn.
        expect(page.locator("#play")).to_have_attribute("data-may", "place", timeout=20_000)
        seen = state(page)
        while seen["may"]["place"]:
            if turns >= 3 and seat == 1 and not reloaded:
                reload_and_check(page, seen)
                reloaded = True
                seen = state(page)
            name = f"play-{'phone' if seat else 'desktop'}-preview" if turns in (4, 5) else ""
            place_through_the_page(page, seen, name)
            seen = state(page)
        if seen["may"]["swap"] and not swapped:
            page.get_by_role("button", name="Swap my whole rack").click()
            expect(page.locator("#play")).not_to_have_attribute(
                "data-next-index", str(seen["next_index"]), timeout=20_000
            )
            swapped = True
            seen = state(page)
        if seen["over"]:
            break
        end = page.get_by_role("button", name="End turn (press my clock)")
        expect(end).to_be_enabled()
        if turns == 4:
            shot(page, f"play-{'phone' if seat else 'desktop'}-end-turn")
        end.click()
        expect(page.locator("#play")).not_to_have_attribute(
            "data-next-index", str(seen["next_index"]), timeout=20_000
        )
        turns += 1
    game = fresh(online.game)
    assert game.status == Game.Status.FINISHED, turns
    assert reloaded
    for page in pages:
        expect(page.locator("#play")).to_have_attribute("data-over", "1", timeout=20_000)
    shot(pages[0], "play-desktop-over")
    shot(pages[1], "play-phone-over")
    assert online.board.__class__.objects.get(pk=online.board.pk).result


def reload_and_check(page: Page, seen: dict[str, Any]) -> None:
    """A reload mid-game gives back the board, the rack and the clocks."""
    placed = page.locator("#play-board .cell.placed").count()
    page.reload()
    tiles = page.locator("#play-rack .rack-tile")
    expect(tiles).to_have_count(len(seen["rack"]))
    assert [tiles.nth(i).get_attribute("data-tile") for i in range(len(seen["rack"]))] == [
        t["tile"] for t in seen["rack"]
    ]
    assert placed >= 2
    expect(page.locator("#play-board .cell.placed")).to_have_count(placed)
    expect(page.locator("#play-clocks .clock.running")).to_have_count(1)
    expect(page.locator("#play-clocks .clock-time").first).to_have_text(re.compile(r"^\d+:\d\d$"))
