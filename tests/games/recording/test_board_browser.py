"""The board page in Chromium: pick a tile, click two cells, see the points, confirm; the clocks
count down in the browser; the viewer steps back through the game. Also on a 360 px phone."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.engine.gamerecord import Record
from games.engine.replaying import replay
from games.engine.tiles import tile_kind
from games.models import GameAction
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.games.factories import board_with_game, fresh, has_bonus, scripted_actions
from tests.games.recording.chromium import run_in_chromium
from tests.result_calls import lowest

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def place(page: Page, tile: str, first: str, second: str) -> None:
    page.click(f'.tile-choice[data-tile="{tile}"]')
    page.click(f'svg.board [data-cell="{first}"]')
    page.click(f'svg.board [data-cell="{second}"]')
    expect(page.locator("#preview")).to_contain_text("scores")
    page.click("#confirm")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_an_arbiter_records_moves_by_clicking_the_board(live_server: object) -> None:
    board, game, arbiter = board_with_game()
    base = live_server.url  # type: ignore[attr-defined]

    def at_the_board(page: Page) -> None:
        record_by_clicking(page, base, board.pk, arbiter.username)

    run_in_chromium("games_board_recording", at_the_board)
    assert GameAction.objects.filter(game=game, taken_back_by__isnull=False).count() == 1
    assert fresh(game).position["record_length"] == 1


def record_by_clicking(page: Page, base: str, board_pk: int, username: str) -> None:
    log_in(page, base, username, "correct-horse-battery")
    page.goto(f"{base}/games/board/{board_pk}/")
    page.click("text=Start clocks")
    expect(page.locator(".clock-buttons")).to_contain_text("Press clock")

    place(page, "RO", "C9", "D9")
    expect(page.locator(".flash.success")).to_contain_text("Recorded: Ada Byron: RO on C9 D9")
    expect(page.locator('svg.board [data-cell="C9"]')).to_have_class(re.compile("placed"))
    # The clock counts down in the browser between the server's readings.
    first = page.locator('[data-clock-seat="0"]').inner_text()
    page.wait_for_timeout(1300)
    assert page.locator('[data-clock-seat="0"]').inner_text() != first

    # Turning the tile round: the second click on the kind flips which colour goes first.
    page.click("text=Press clock")
    expect(page.locator(".flash.success")).to_contain_text("Clock pressed")
    page.click('.tile-choice[data-tile="GO"]')
    page.click('.tile-choice[data-tile="GO"]')
    expect(page.locator("#sel-tile")).to_contain_text("OG")
    page.click('svg.board [data-cell="H12"]')
    page.click('svg.board [data-cell="G12"]')
    expect(page.locator("#preview")).to_contain_text("scores")
    page.click("#confirm")
    expect(page.locator(".flash.success")).to_contain_text("Alan Turing: OG on H12 G12")

    # A take-back with its reason.
    page.click("text=Take back")
    page.fill("#tb-reason", "wrong cells")
    page.click("form button.danger")
    expect(page.locator(".log-list")).to_contain_text(
        "Took back Alan Turing's placement OG on H12 G12"
    )

    # The viewer steps back to the start.
    page.goto(f"{base}/games/board/{board_pk}/view/")
    expect(page.locator("#step-no")).to_have_text("1")
    page.click('[data-step="prev"]')
    expect(page.locator("#step-no")).to_have_text("0")
    expect(page.locator('svg.board [data-cell="C9"]')).to_have_class(re.compile("future"))


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_board_page_fits_a_360_pixel_phone(live_server: object) -> None:
    board, game, arbiter = board_with_game()
    base = live_server.url  # type: ignore[attr-defined]

    def on_a_phone(page: Page) -> None:
        phone(page, base, board.pk, arbiter.username)

    run_in_chromium("games_board_phone", on_a_phone, width=360)
    assert fresh(game).position["record_length"] == 1


def phone(page: Page, base: str, board_pk: int, username: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    log_in(page, base, username, "correct-horse-battery")
    page.goto(f"{base}/games/board/{board_pk}/")
    expect(page.locator("svg.board")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # Zoomed to the cells in use, a cell is big enough to tap.
    box = page.locator('svg.board [data-cell="H8"]').bounding_box()
    assert box is not None and box["width"] >= 24
    place(page, "RO", "C9", "D9")
    expect(page.locator(".flash.success")).to_contain_text("Recorded")
    page.goto(f"{base}/games/board/{board_pk}/view/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_whole_game_by_clicking_with_bonus_swap_and_take_back(
    live_server: object, task_runner: object
) -> None:
    board, game, arbiter = board_with_game()
    base = live_server.url  # type: ignore[attr-defined]
    actions = scripted_actions(seed=1)
    assert has_bonus(actions) and any(a["type"] == "swap" for a in actions)
    winner = replay(Record("mso", "board", ["Ada Byron", "Alan Turing"], actions)).winner
    assert winner is not None, "the scripted game should have a winner"
    expected_result = "1-0" if winner == 0 else "0-1"
    winner_name = ["Ada Byron", "Alan Turing"][winner]

    def whole_game(page: Page) -> None:
        # A spectator follows the event's public page on a phone from before the first move.
        spectator = page.context.browser.new_context(viewport={"width": 360, "height": 740})
        public = spectator.new_page()
        public.goto(f"{base}/events/{board.round.event.slug}/live/")
        expect(public.locator("#live-board-1")).to_contain_text("Ada Byron")
        public.evaluate("window.notReloaded = true")

        log_in(page, base, arbiter.username, "correct-horse-battery")
        page.goto(f"{base}/games/board/{board.pk}/")
        page.click("text=Start clocks")
        expect(page.locator(".clock-buttons")).to_contain_text("Press clock")
        on_clock = 0
        for n, action in enumerate(actions):
            if action["player"] != on_clock:
                page.click("text=Press clock")
                expect(page.locator(".flash.success")).to_have_text("Clock pressed.")
                on_clock = action["player"]
            if action["type"] == "swap":
                page.fill("#swap-rack", " ".join(action["rack"]))
                page.click("text=Record swap")
                expect(page.locator(".flash.success")).to_contain_text("swap, showing")
                continue
            if n == 5:  # entered on the wrong cells, then taken back
                click_placement(page, {**action, "cells": action["cells"][::-1]})
                page.click("text=Take back")
                page.fill("#tb-reason", "halves the wrong way round")
                page.click("form button.danger")
                who = ["Ada Byron", "Alan Turing"][action["player"]]
                cells = " ".join(action["cells"][::-1])
                expect(page.locator(".flash.success")).to_have_text(
                    f"Took back {who}'s placement {action['tile']} on {cells}."
                )
            click_placement(page, action)
        expect(page.locator(".status-line")).to_contain_text("Game over.")

        # The public page picks up the result and the new standings by itself.
        expect(public.locator("#live-board-1 .badge.result")).to_have_attribute(
            "data-result", expected_result, timeout=20_000
        )
        leader = public.locator("#live-standings tbody tr").first
        expect(leader).to_contain_text(winner_name, timeout=20_000)
        expect(leader.locator("td.vp")).to_have_text("1")
        assert public.evaluate("window.notReloaded === true"), "the public page was reloaded"
        assert public.evaluate("document.documentElement.scrollWidth") <= 360
        public.screenshot(path=str(SCREENSHOTS / "games_board_whole_game-public-phone.png"))
        spectator.close()

    run_in_chromium("games_board_whole_game", whole_game)
    game = fresh(game)
    assert game.status == "finished"
    assert [
        r.payload
        for r in game.actions.filter(kind__in=["place", "swap"])
        .filter(taken_back_by__isnull=True)
        .order_by("index")
    ] == actions
    board.refresh_from_db()
    assert board.result == expected_result and lowest(board)[0] is not None


def click_placement(page: Page, action: dict[str, object]) -> None:
    tile = str(action["tile"])
    kind = tile_kind(tile)
    page.click(f'.tile-choice[data-tile="{kind}"]')
    if tile != kind:
        page.click(f'.tile-choice[data-tile="{kind}"]')  # turned round
    expect(page.locator("#sel-tile")).to_contain_text(tile)
    first, second = action["cells"]  # type: ignore[misc]
    page.click(f'svg.board [data-cell="{first}"]')
    page.click(f'svg.board [data-cell="{second}"]')
    expect(page.locator("#confirm")).to_be_enabled()
    page.click("#confirm")
    expect(page.locator(".flash.success")).to_contain_text(f"{tile} on {first} {second}")
