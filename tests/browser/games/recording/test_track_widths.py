"""Score tracks of 0-36 (partnership, solitaire) are drawn within their cards: no board page is
wider than the screen, on a 360 px phone or a 1,024 px tablet, for the arbiter or a spectator."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from games.models import Game
from games.recording.setup import game_for_board
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.browser.tournament.rounds.test_teams_and_solitaire_pages import TEAMS, published
from tests.factories import EntryFactory, EventFactory, PlayerFactory, arbiter_of
from tournament.models.events import Board

WIDTHS = (360, 1024)
# High on the double track: every bar past the first board's 18, one at the very end (36).
SIDE_SCORES = [[36, 30, 27, 24, 22, 19], [33, 29, 25, 21, 20, 18]]
LONG_NAMES = [
    ("Oluwaseun Adeyemi-Bankole", "Ahmed Karimi Hosseinzadeh"),
    ("Maximiliane Lindqvist-Oberhauser", "Bartholomew Fitzgerald-Smythe"),
]


def high_scores(board: Board, sides: list[list[int]]) -> None:
    """The cached position of the board's game, with these levels on the tracks."""
    game = game_for_board(board)
    position = dict(game.position)
    position["scores"] = sides
    position["lowest"] = [min(s) for s in sides]
    Game.objects.filter(pk=game.pk).update(position=position)


def widths(page: Page, url: str, shot: str = "") -> list[tuple[int, int, int]]:
    """(viewport width, page width, window width) at each of WIDTHS; a screenshot of each
    when ``shot`` names it (var/screenshots/<shot>-<width>.png)."""
    out = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        page.goto(url)
        page.wait_for_selector(".track-block")
        scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        out.append((width, scroll, inner))
        if shot:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"{shot}-{width}.png"), full_page=True)
    return out


def assert_within(page: Page, url: str, shot: str = "") -> None:
    for width, scroll, inner in widths(page, url, shot):
        assert scroll <= inner, f"{url} at {width} px: the page is {scroll} px wide"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_partnership_board_fits_a_phone_and_a_tablet(page: Page, live_server: Any) -> None:
    event = EventFactory(name="Pairs Cup", ruleset="partnership", table_size=4, rounds=1)
    for rank, (name, partner) in enumerate(LONG_NAMES, start=1):
        EntryFactory(
            event=event,
            starting_rank=rank,
            player=PlayerFactory(name=name),
            partner=PlayerFactory(name=partner),
        )
    board = published(event).boards.get()
    high_scores(board, SIDE_SCORES)
    url = f"{live_server.url}/games/board/{board.pk}/"
    assert_within(page, url)  # the spectator's page
    assert_within(page, f"{live_server.url}/games/board/{board.pk}/view/")
    log_in(page, live_server.url, arbiter_of(event).username, "correct-horse-battery")
    assert_within(page, url, "partnership-board")  # the arbiter's recording page
    # The bar at 36 fills its track and stops at the track's end.
    bar = page.locator('tr[data-seat="0"][data-colour-index="0"] td.bar')
    fill = bar.locator(".fill")
    assert abs(fill.bounding_box()["width"] - bar.bounding_box()["width"]) < 1.5
    # Every name in full: nothing is cut on the clocks.
    for name, partner in LONG_NAMES:
        assert name in page.locator(".clocks").inner_text()
        assert partner in page.locator(".clocks").inner_text()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_solitaire_board_fits_a_phone_and_a_tablet(page: Page, live_server: Any) -> None:
    event = EventFactory(name="Solitaire Night", ruleset="solitaire", table_size=1, rounds=1)
    for rank, (name, _partner) in enumerate(TEAMS, start=1):
        EntryFactory(event=event, starting_rank=rank, player=PlayerFactory(name=name))
    board = published(event).boards.order_by("number").first()
    assert board is not None
    high_scores(board, SIDE_SCORES[:1])
    url = f"{live_server.url}/games/board/{board.pk}/"
    assert_within(page, url)
    log_in(page, live_server.url, arbiter_of(event).username, "correct-horse-battery")
    assert_within(page, url, "solitaire-board")
