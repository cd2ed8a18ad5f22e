"""An arbiter records a game at a table of four on the board page: four clocks, a score track
per seat, the clock pressed round the four seats; at 1280 px and on a 360 px phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games.engine.tiles import TILE_KINDS
from games.models import Game
from games.recording import positions
from games.recording.services import import_record
from games.recording.setup import game_for_board
from games.recording.writes import effective_rows
from tests.browser.conftest import log_in
from tests.factories import EntryFactory, EventFactory, RoundFactory, arbiter_of
from tournament.rounds.seating import Table, seat_boards

NAMES = ["Ada Byron", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"]
SHOTS = Path("/tmp/shots")


def four_seat_board() -> tuple[Any, Game, Any]:
    event = EventFactory(table_size=4, clock_minutes=20)
    round_ = RoundFactory(event=event)
    entries = [EntryFactory(event=event, player__name=name) for name in NAMES]
    (board,) = seat_boards(round_, [Table(entries=[e.pk for e in entries])], first_number=1)
    return board, game_for_board(board), arbiter_of(event)


def next_placement(game: Game) -> dict[str, Any]:
    """A legal placement for the seat the engine expects next, from the stored log."""
    game = Game.objects.get(pk=game.pk)
    rows = effective_rows(game)
    eng = positions.replay(game.ruleset, game.options, game.players, [r.payload for r in rows])
    return eng.legal_placements()[0]


def place_with_the_picker(page: Page, move: dict[str, Any]) -> None:
    """Pick the tile (a second click turns it round), click its two cells, confirm."""
    tile = move["tile"]
    kind = tile if tile in TILE_KINDS else tile[::-1]
    page.click(f'.tile-choice[data-tile="{kind}"]')
    if kind != tile:
        page.click(f'.tile-choice[data-tile="{kind}"]')
    for cell in move["cells"]:
        page.click(f'svg.board [data-cell="{cell}"]')
    expect(page.locator("#confirm")).to_be_enabled()
    page.click("#confirm")
    expect(page.locator("#board-messages")).to_contain_text("Recorded")


def clock_names(page: Page) -> list[str]:
    return [
        t.replace("▶", "").strip() for t in page.locator(".clocks .clock-name").all_inner_texts()
    ]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_an_arbiter_presses_the_clock_round_a_table_of_four(
    browser: Browser, live_server: object
) -> None:
    board, game, arbiter = four_seat_board()
    base = live_server.url  # type: ignore[attr-defined]
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        log_in(page, base, arbiter.username, "correct-horse-battery")
        page.goto(f"{base}/games/board/{board.pk}/")
        expect(page.locator(".clocks .clock")).to_have_count(4)
        assert clock_names(page) == NAMES
        expect(page.locator("[data-track-seat]")).to_have_count(4)
        # The board of four has radius 7: all 169 cells are in use.
        expect(page.locator("svg.board .cell.in-use")).to_have_count(169)
        page.click("text=Start clocks")
        on_clock = []
        for seat in range(5):
            expect(page.locator(".clock.on-clock")).to_have_attribute("data-seat", str(seat % 4))
            move = next_placement(game)
            assert move["player"] == seat % 4
            place_with_the_picker(page, move)
            page.click(".clock-buttons button.press")
            expect(page.locator("#board-messages")).to_contain_text("Clock pressed")
            on_clock.append(page.locator(".clock.on-clock").get_attribute("data-seat"))
        assert on_clock == ["1", "2", "3", "0", "1"]
        assert Game.objects.get(pk=game.pk).clock_seat == 1
        expect(page.locator(".clock.running")).to_have_count(1)
        expect(page.locator(".status-line")).to_contain_text("Alan Turing")
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
        page.screenshot(path=str(SHOTS / "table-recording-1280.png"))

        phone = browser.new_context(viewport={"width": 360, "height": 780})
        phone_page = phone.new_page()
        try:
            log_in(phone_page, base, arbiter.username, "correct-horse-battery")
            phone_page.goto(f"{base}/games/board/{board.pk}/")
            expect(phone_page.locator(".clocks .clock")).to_have_count(4)
            for clock in phone_page.locator(".clocks .clock").all():
                box = clock.bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
            assert phone_page.evaluate("document.documentElement.scrollWidth") <= 360
            phone_page.screenshot(path=str(SHOTS / "table-recording-360.png"))
            phone_page.screenshot(path=str(SHOTS / "table-recording-360-full.png"), full_page=True)
        finally:
            phone.close()
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_finished_table_shows_its_placings_on_the_board_live_page_viewer_and_projector(
    browser: Browser, live_server: object
) -> None:
    from games.engine.randomgame import random_game

    board, game, arbiter = four_seat_board()
    actions = positions.board_mode_actions(random_game("standard", "board", 5, 4))
    end = positions.replay(game.ruleset, game.options, game.players, actions)
    record = positions.make_record(game.ruleset, game.options, game.players, actions)
    import_record(game=game, user=arbiter, source=record.to_json())
    placings = positions.placings(end)
    base = live_server.url  # type: ignore[attr-defined]
    slug = board.round.event.slug
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto(f"{base}/games/board/{board.pk}/")
        expect(page.locator(".status-line")).to_contain_text("Game over")
        expect(page.locator(".clocks .badge.placing")).to_have_count(4)
        page.screenshot(path=str(SHOTS / "table-finished-board-1280.png"))
        page.goto(f"{base}/games/board/{board.pk}/view/")
        expect(page.locator("[data-view-clock]")).to_have_count(4)
        page.screenshot(path=str(SHOTS / "table-viewer-1280.png"))
        page.set_viewport_size({"width": 360, "height": 780})
        page.goto(f"{base}/events/{slug}/live/")
        seats = page.locator("#live-board-1 .lb-player")
        expect(seats).to_have_count(4)
        for seat, placing in enumerate(placings):
            expect(seats.nth(seat)).to_contain_text(f"placing {placing}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.screenshot(path=str(SHOTS / "table-live-360.png"), full_page=True)
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.goto(f"{base}/events/{slug}/projector/")
        expect(page.locator(".pj-pairings")).to_contain_text(NAMES[3])
        page.screenshot(path=str(SHOTS / "table-projector-1920.png"))
    finally:
        context.close()
