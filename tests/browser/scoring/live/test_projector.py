"""The projector view fits a 1920x1080 screen without scrolling for a 40-player event."""

import pytest
from playwright.sync_api import Browser, expect

from games.recording.setup import create_games_for_round
from tests.browser.conftest import SCREENSHOTS
from tests.scoring.builders import HandBuilt

FIRST = ["Alexandra", "Bartholomew", "Chidimma", "Dmitri", "Eleanor", "Fitzgerald", "Guinevere"]
LAST = ["Montgomery-Smythe", "Okonkwo-Adeyemi", "Wojciechowski", "Vanderbilt", "Papadopoulos"]


def forty_players_in_round_four() -> HandBuilt:
    names = [f"{FIRST[n % 7]} {LAST[n % 5]} {n:02d}" for n in range(40)]
    built = HandBuilt(names)
    half = len(names) // 2
    for rnd in range(1, 4):
        built.round(
            rnd,
            [
                (names[i], names[half + (i + rnd - 1) % half], "1-0", 10 + i % 5, 8)
                for i in range(half)
            ],
        )
    built.round(4, [(names[i], names[half + i], "", None, None) for i in range(half)])
    create_games_for_round(built.rounds[4])
    return built


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_projector_fits_a_1920_by_1080_screen_for_40_players(
    browser: Browser, live_server: object
) -> None:
    built = forty_players_in_round_four()
    base = live_server.url  # type: ignore[attr-defined]
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    try:
        page.goto(f"{base}/events/{built.event.slug}/projector/")
        screens = page.locator("#projector .screen")
        expect(screens.first).to_be_attached()
        names = page.evaluate(
            "[...document.querySelectorAll('#projector .screen')].map(s => s.dataset.screen)"
        )
        assert names == ["pairings", "standings-1"]
        for n, name in enumerate(names):
            page.evaluate(
                """n => document.querySelectorAll('#projector .screen')
                     .forEach((el, i) => el.classList.toggle('active', i === n))""",
                n,
            )
            shown = screens.nth(n)
            expect(shown).to_be_visible()
            box = shown.bounding_box()
            assert box is not None
            assert box["y"] + box["height"] <= 1080, f"{name} runs off the bottom: {box}"
            assert page.evaluate("document.documentElement.scrollWidth") <= 1920, name
            rows = shown.locator("tbody tr")
            assert rows.count() == (20 if name == "pairings" else 40)
            last = rows.nth(rows.count() - 1).bounding_box()
            assert last is not None and last["y"] + last["height"] <= 1080, name
            # Long names may end in an ellipsis; ranks, scores and board numbers never.
            cut = shown.evaluate(
                """screen => [...screen.querySelectorAll('.pj-num, .pj-vp, .pj-tb, .pj-res')]
                     .filter(cell => cell.scrollWidth > cell.clientWidth)
                     .map(cell => cell.textContent)"""
            )
            assert cut == [], f"{name}: cut short: {cut}"
            if name == "pairings":  # players look for their own name to find their board
                cut_names = shown.evaluate(
                    """screen => [...screen.querySelectorAll('.pj-name')]
                         .filter(cell => cell.scrollWidth > cell.clientWidth)
                         .map(cell => cell.textContent)"""
                )
                assert cut_names == [], f"names cut short: {cut_names}"
            else:  # no header row over two columns: a legend says what they are
                expect(shown.locator(".pj-legend")).to_contain_text("VP victory points")
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"projector_1920x1080_{name}.png"))
    finally:
        context.close()
