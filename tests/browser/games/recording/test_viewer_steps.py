"""The replay viewer draws, at every step, exactly the tiles the record has placed by then."""

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games.engine.gamerecord import Record
from games.recording import selectors
from games.recording.services import import_record
from tests.browser.conftest import SCREENSHOTS
from tests.games.factories import board_with_game, scripted_actions

# Cells drawn as tiles: their hexagon is not filled like an empty cell of the board in use, or a
# symbol shows on them. Counted from what the browser draws (computed styles), not from classes.
DRAWN = """() => {
  const board = document.querySelector('svg.board');
  const empty = board.querySelector('.cell.in-use:not(.placed):not(.start) polygon');
  const emptyFill = getComputedStyle(empty).fill;
  return [...board.querySelectorAll('.cell.in-use:not(.start)')].filter(cell => {
    const filled = getComputedStyle(cell.querySelector('polygon')).fill !== emptyFill;
    const symbol = [...cell.querySelectorAll('use')]
      .some(use => getComputedStyle(use).display !== 'none');
    return filled || symbol;
  }).map(cell => cell.dataset.cell).sort();
}"""


# Cells of the board in use that show no cell name, as an empty cell does.
UNNAMED = """() => [...document.querySelectorAll('svg.board .cell.in-use:not(.start)')]
  .filter(cell => {
    const name = cell.querySelector('.cell-name');
    return !name || getComputedStyle(name).display === 'none';
  }).map(cell => cell.dataset.cell).sort()"""


def placed_by(actions: list[dict[str, Any]], step: int) -> list[str]:
    """The cells the record's first ``step`` actions have covered."""
    return sorted(c for a in actions[:step] if a["type"] == "place" for c in a["cells"])


def drawn(page: Page) -> list[str]:
    return page.evaluate(DRAWN)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_viewer_draws_only_the_tiles_placed_by_each_step(
    browser: Browser, live_server: object, task_runner: object
) -> None:
    board, game, arbiter = board_with_game()
    played = Record("mso", "board", list(game.players), scripted_actions(seed=2))
    import_record(game=game, user=arbiter, source=played.to_json())
    actions = selectors.record_for_game(game).actions
    last = len(actions)
    assert sum(a["type"] == "place" for a in actions) > 30

    base = live_server.url  # type: ignore[attr-defined]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{base}/games/board/{board.pk}/view/")
        expect(page.locator("#step-no")).to_have_text(str(last))
        assert drawn(page) == placed_by(actions, last)

        page.click('[data-step="first"]')
        expect(page.locator("#step-no")).to_have_text("0")
        assert drawn(page) == [], "the start position has no tiles"
        for step in (1, 2, 3):
            page.click('[data-step="next"]')
            expect(page.locator("#step-no")).to_have_text(str(step))
            assert drawn(page) == placed_by(actions, step), f"step {step}"
            # A cell whose tile comes later looks empty: it shows its name, and only such
            # cells do.
            assert page.evaluate(UNNAMED) == placed_by(actions, step), f"step {step}"
            if step == 3:
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SCREENSHOTS / "viewer_step_3.png"), full_page=True)

        middle = last // 2
        page.click(f'.move-list [data-goto="{middle}"]')
        expect(page.locator("#step-no")).to_have_text(str(middle))
        assert drawn(page) == placed_by(actions, middle), "the middle of the game"

        # Every step, forwards with the keyboard, then back with the slider.
        page.click('[data-step="first"]')
        for step in range(1, last + 1):
            page.keyboard.press("ArrowRight")
            assert drawn(page) == placed_by(actions, step), f"step {step} of {last}"
        for step in (last - 1, middle + 1, 3, 0):
            page.locator("#step-range").fill(str(step))
            expect(page.locator("#step-no")).to_have_text(str(step))
            assert len(drawn(page)) == 2 * sum(a["type"] == "place" for a in actions[:step])

        page.click('[data-step="last"]')
        assert drawn(page) == placed_by(actions, last)
        # The join between a tile's halves shows only for tiles on the board.
        page.click('[data-step="first"]')
        page.click('[data-step="next"]')
        joins = page.evaluate(
            """() => [...document.querySelectorAll('svg.board line.tile-join')]
                 .filter(line => getComputedStyle(line).display !== 'none').length"""
        )
        assert joins == (1 if actions[0]["type"] == "place" else 0)
    finally:
        context.close()
