"""The viewer with the engine's analysis, in a browser on a phone and a desktop: each step's
judgement beside the board, the engine's placement drawn as a ghost, the chart's cursor."""

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games.analysis.models import GameAnalysis
from games.analysis.services import analyse_game
from games.engine.randomgame import random_game
from games.recording import positions
from games.recording.services import import_record
from games.validation.services import validate_game
from tests.browser.test_accessibility import blocking_findings, describe
from tests.games.factories import board_with_game

SHOTS = Path("/tmp/h31site")

GHOST_SHOWN = """(step) => {
  const ghost = document.querySelector(`svg.board [data-ghost-step="${step}"]`);
  return ghost !== null && getComputedStyle(ghost).display !== 'none';
}"""
GHOSTS_SHOWN = """() => [...document.querySelectorAll('svg.board [data-ghost-step]')]
  .filter(g => getComputedStyle(g).display !== 'none').length"""


def analysed_board(settings: Any) -> tuple[Any, GameAnalysis]:
    settings.ANALYSIS_BUDGET = {"candidates": 2, "worlds": 4}
    board, game, arbiter = board_with_game(name="Viewer Analysis Cup")
    actions = positions.board_mode_actions(random_game("mso", "full", seed=4))
    record = positions.make_record(game.ruleset, game.options, game.players, actions)
    import_record(game=game, user=arbiter, source=record.to_json())
    assert validate_game(game.pk) is True
    analysis = analyse_game(game.pk)
    assert analysis is not None
    return board, analysis


def missed_step(analysis: GameAnalysis) -> int:
    """A step whose placement was not the engine's choice (its ghost is drawn), on other
    cells than the one played."""
    return next(
        j["index"] + 1
        for j in analysis.judgements
        if j["type"] == "place"
        and j["played"]["rank"] > 1
        and j["index"] > 10
        and not set(j["best"][0]["cells"]) & set(j["played"]["cells"])
    )


def check_step(page: Page, step: int) -> None:
    page.click(f'.move-list [data-goto="{step}"]')
    expect(page.locator("#step-no")).to_have_text(str(step))
    expect(page.locator(f'[data-judged-step="{step}"]')).to_be_visible()
    expect(page.locator("[data-judged-step]:visible")).to_have_count(1)
    assert page.evaluate(GHOST_SHOWN, step), "the engine's placement is drawn"
    assert page.evaluate(GHOSTS_SHOWN) == 1
    expect(page.locator(f'[data-judged-step="{step}"] .grade-badge')).to_be_visible()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_viewer_shows_the_analysis_on_a_desktop_and_a_phone(
    browser: Browser, live_server: object, settings: Any, task_runner: object
) -> None:
    board, analysis = analysed_board(settings)
    step = missed_step(analysis)
    url = f"{live_server.url}/games/board/{board.pk}/view/"  # type: ignore[attr-defined]
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, viewport in (
        ("desktop", {"width": 1280, "height": 900}),
        ("phone", {"width": 360, "height": 740}),
    ):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        try:
            page.goto(url)
            expect(page.locator("#analysis")).to_be_visible()
            expect(page.locator("svg.win-chart")).to_be_visible()
            check_step(page, step)
            cursor = page.locator("[data-chart-cursor]").get_attribute("x1")
            page.click('[data-step="prev"]')
            assert page.locator("[data-chart-cursor]").get_attribute("x1") != cursor
            page.click('[data-step="next"]')
            violations = blocking_findings(page)
            assert not violations, describe(f"the analysed viewer at {name}", violations)
            # Nothing is wider than the screen.
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            page.screenshot(path=str(SHOTS / f"viewer_analysis_{name}.png"), full_page=True)
            page.locator("svg.board").screenshot(path=str(SHOTS / f"viewer_ghost_{name}.png"))
            page.locator("#analysis").screenshot(path=str(SHOTS / f"viewer_judgement_{name}.png"))
        finally:
            context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_viewer_says_the_analysis_is_pending_on_a_phone(
    browser: Browser, live_server: object, task_runner: object
) -> None:
    board, game, arbiter = board_with_game(name="Pending Analysis Cup")
    actions = positions.board_mode_actions(random_game("mso", "full", seed=4))
    record = positions.make_record(game.ruleset, game.options, game.players, actions)
    import_record(game=game, user=arbiter, source=record.to_json())
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/games/board/{board.pk}/view/")  # type: ignore[attr-defined]
        expect(page.locator(".analysis-pending")).to_be_visible()
        assert page.locator("[data-ghost-step]").count() == 0
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "viewer_analysis_pending_phone.png"), full_page=True)
    finally:
        context.close()
