"""axe-core on the pages of online and practice play (issues 30 and 31), at a 360x740 phone and
a 1280x900 desktop, by the same rule as the main pages (tests/browser/test_accessibility.py):
no moderate, serious or critical violation, the board's cell names at 4.5:1 or more, and
nothing wider than the screen (a page that scrolls sideways hides its edge on a phone).

The pages: the player's page of an online board with a placement previewed, the arbiter's
control room with a player's call (and a board's actions open), the practice table's start
page, a practice game with a placement previewed, and a finished practice game's viewer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games.control_room.services import call_arbiter
from games.models import Game
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.browser.test_accessibility import (
    SIZES,
    blocking_findings,
    describe,
    low_contrast_board_text,
)
from tests.factories import UserFactory
from tests.games.control_room.world import build_room
from tests.games.play.factories import online_board
from tests.games.practice.factories import fresh, practice, turn_of

PASSWORD = "correct-horse-battery"
PAGE_WIDTH = "() => document.documentElement.scrollWidth"


def previewed(page: Page) -> None:
    """A rack tile and the first legal pair chosen: the preview and the Confirm button shown."""
    url = page.locator("#play").get_attribute("data-state-url")
    seen = page.evaluate("url => fetch(url, {cache: 'no-store'}).then(r => r.json())", url)
    first, second = seen["legal_pairs"][0]
    page.locator("#play-rack .rack-tile").first.click()
    page.locator(f'#play-board .cell[data-cell="{first}"]').click()
    page.locator(f'#play-board .cell[data-cell="{second}"]').click()
    expect(page.locator("#play-board .cell.preview")).to_have_count(2)
    expect(page.get_by_role("button", name="Confirm placement")).to_be_enabled()


def acting_on_a_board(page: Page) -> None:
    page.get_by_text("Act on board 1").click()
    expect(page.locator("#control-board-1 details[open]")).to_be_attached()


@dataclass(frozen=True)
class Visit:
    """A page: who signs in, where to go (from what was built), what to wait for, what is done
    there before the check."""

    build: Callable[[], tuple[str, str]]  # the username and the path
    ready: str = "main"
    act: Callable[[Page], None] | None = None


def play_page() -> tuple[str, str]:
    online = online_board(clock_minutes=90)
    return online.players[0].username, f"/play/{online.game.pk}/"


def control_room() -> tuple[str, str]:
    room = build_room()
    call_arbiter(game=room.game(0), user=room.players[1], text="My opponent left the call")
    return room.arbiter.username, room.url


def practice_start() -> tuple[str, str]:
    return UserFactory(username="ada").username, "/practice/"


def practice_game() -> tuple[str, str]:
    game = practice(UserFactory(username="ada"), "easy")
    return "ada", f"/practice/{game.pk}/"


def practice_viewer() -> tuple[str, str]:
    game = practice(UserFactory(username="ada"), "easy")
    while fresh(game).game.status != Game.Status.FINISHED:
        game = turn_of(game)
    return "ada", f"/practice/{game.pk}/view/"


PAGES: dict[str, Visit] = {
    "play-previewed": Visit(play_page, ready="#play-board .cell", act=previewed),
    "control-room": Visit(control_room, ready=".alerts"),
    "control-room-acting": Visit(control_room, ready=".alerts", act=acting_on_a_board),
    "practice-start": Visit(practice_start),
    "practice-previewed": Visit(practice_game, ready="#play-board .cell", act=previewed),
    "practice-viewer": Visit(practice_viewer, ready="svg.board"),
}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("name", list(PAGES))
def test_no_moderate_serious_or_critical_axe_violations(
    name: str, browser: Browser, live_server: Any
) -> None:
    visit = PAGES[name]
    username, path = visit.build()
    failures: list[str] = []
    for size in SIZES:
        context = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone")
        context.set_default_timeout(15_000)
        page = context.new_page()
        try:
            log_in(page, live_server.url, username, PASSWORD)
            response = page.goto(f"{live_server.url}{path}")
            assert response is not None and response.status == 200, (name, size)
            expect(page.locator(visit.ready).first).to_be_attached()
            if visit.act:
                visit.act(page)
            where = f"{name} at {size} ({page.url})"
            if violations := blocking_findings(page):
                failures.append(describe(where, violations))
            if low := low_contrast_board_text(page):
                failures.append(f"{where}: cell names under 4.5:1 contrast: {', '.join(low)}")
            if (wide := page.evaluate(PAGE_WIDTH)) > SIZES[size]["width"]:
                failures.append(f"{where}: the page is {wide} px wide: it scrolls sideways")
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"a11y-{name}-{size}.png"), full_page=True)
        finally:
            context.close()
    assert not failures, "\n\n".join(failures)
