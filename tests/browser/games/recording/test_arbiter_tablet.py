"""The arbiter's board page on a 1024x768 tablet: the whole board and the clock buttons in view,
a disabled button that looks disabled, messages where they are seen and in words, and a board
that works from the keyboard."""

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from games.clocks.services import clock_operation
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.games.factories import board_with_game

WIDTH, HEIGHT = 1024, 768
ACCENT = "rgb(31, 95, 191)"  # --accent: the colour of a button that can be pressed
INTERNAL_CODE = re.compile(r"\b[A-Z]+_[A-Z_]+\b|\(s\)|#\d")


@pytest.fixture
def tablet(browser: Browser, live_server: object) -> Iterator[tuple[Page, Any]]:
    """The arbiter's board page at 1024x768, clocks not started; and the game and arbiter."""
    board, game, arbiter = board_with_game()
    base = live_server.url  # type: ignore[attr-defined]
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    context.set_default_timeout(15_000)
    page = context.new_page()
    log_in(page, base, arbiter.username, "correct-horse-battery")
    page.goto(f"{base}/games/board/{board.pk}/")
    try:
        yield page, (game, arbiter)
    finally:
        context.close()


def in_view(locator: Locator) -> bool:
    """Wholly inside the viewport as the page is scrolled now."""
    box = locator.bounding_box()
    assert box is not None, locator
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= WIDTH
        and box["y"] + box["height"] <= HEIGHT
    )


def cells_out_of_view(page: Page) -> list[str]:
    return page.evaluate(
        """([w, h]) => [...document.querySelectorAll('svg.board .cell')].filter(cell => {
             const r = cell.getBoundingClientRect();
             return r.top < 0 || r.left < 0 || r.bottom > h || r.right > w;
           }).map(cell => cell.dataset.cell)""",
        [WIDTH, HEIGHT],
    )


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_whole_board_and_the_clock_buttons_fit_the_tablet_screen(
    tablet: tuple[Page, Any],
) -> None:
    page, _ = tablet
    page.click("text=Start clocks")
    expect(page.locator(".clock-buttons")).to_contain_text("Press clock")
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    for button in ("Press clock", "Pause"):
        assert in_view(page.locator(".clock-buttons button", has_text=button)), button
    assert in_view(page.locator("svg.board")), "the board runs off the screen"
    assert cells_out_of_view(page) == [], "every row, A to O, is on the screen"
    # Rows C to M are the board in use; a finger still finds a cell.
    for cell in ("C8", "H8", "M8", "M4", "C13"):
        box = page.locator(f'svg.board [data-cell="{cell}"]').bounding_box()
        assert box is not None and box["width"] >= 28, cell
    assert in_view(page.locator("#confirm")), "the tile picker's Confirm sits beside the board"
    shot(page, "tablet_1024x768_board")

    # Scrolled down to the other controls, the board and its clocks stay where they were.
    page.locator("#notation").scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 0
    assert in_view(page.locator(".clock-buttons button", has_text="Press clock"))
    assert cells_out_of_view(page) == []


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_disabled_button_looks_disabled(tablet: tuple[Page, Any]) -> None:
    page, _ = tablet
    confirm = page.locator("#confirm")
    expect(confirm).to_be_disabled()

    def look() -> dict[str, str]:
        return confirm.evaluate(
            """b => { const s = getComputedStyle(b);
                      return {background: s.backgroundColor, color: s.color, cursor: s.cursor}; }"""
        )

    disabled = look()
    assert disabled["background"] != ACCENT, "a disabled Confirm is as blue as an enabled one"
    assert disabled["cursor"] == "not-allowed"
    page.click('.tile-choice[data-tile="RO"]')
    page.click('svg.board [data-cell="C9"]')
    page.click('svg.board [data-cell="D9"]')
    expect(page.locator("#preview")).to_contain_text("scores")
    expect(confirm).to_be_enabled()
    enabled = look()
    assert enabled["background"] == ACCENT and enabled["cursor"] == "pointer"
    assert enabled != disabled


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_messages_show_beside_the_board_in_words(tablet: tuple[Page, Any]) -> None:
    page, _ = tablet
    page.click("text=Start clocks")
    expect(page.locator(".flash.success")).to_have_text("Clocks started.")
    board_box = page.locator("svg.board").bounding_box()

    # A placement: the message is on the screen, said to screen readers, and the board stays put.
    page.click('.tile-choice[data-tile="RO"]')
    page.click('svg.board [data-cell="C9"]')
    page.click('svg.board [data-cell="D9"]')
    expect(page.locator("#preview")).to_contain_text("scores")
    page.click("#confirm")
    success = page.locator(".flash.success")
    expect(success).to_have_text("Recorded: Ada Byron: RO on C9 D9.")
    assert in_view(success)
    assert page.locator("svg.board").bounding_box() == board_box, "the board moved"
    expect(page.locator("#board-announcer")).to_have_text("Recorded: Ada Byron: RO on C9 D9.")
    expect(page.locator("#board-announcer")).to_have_attribute("role", "status")

    # A refused swap, entered far down the page: the refusal is on the screen, in words.
    page.fill("#swap-rack", "RR")
    page.locator("#swap-rack").scroll_into_view_if_needed()
    page.click("text=Record swap")
    error = page.locator(".flash.error")
    expect(error).to_contain_text("swap")
    assert in_view(error), "the refusal landed out of view"
    expect(error).to_have_attribute("role", "alert")
    text = error.inner_text()
    assert not INTERNAL_CODE.search(text), text
    assert text[0].isupper() and text.endswith("."), text

    # A take-back says what it took back, and so does the log.
    page.click("text=Take back")
    page.fill("#tb-reason", "wrong cells")
    page.click("form button.danger")
    expect(success).to_have_text("Took back Ada Byron's placement RO on C9 D9.")
    assert in_view(success)
    page.click(".log summary")
    log = page.locator(".log-list")
    expect(log).to_contain_text("Took back Ada Byron's placement RO on C9 D9")
    assert not INTERNAL_CODE.search(log.inner_text()), log.inner_text()

    # The engine's refusal (a start symbol's cell) reads as a sentence, without its code.
    page.fill("#notation", "RO C8 C9")
    page.locator("#notation").press("Enter")
    expect(error).to_contain_text("C8 is the red start symbol")
    assert in_view(error)
    text = error.inner_text()
    assert not INTERNAL_CODE.search(text), text
    assert text[0].isupper() and text.endswith("."), text
    shot(page, "tablet_1024x768_messages")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_board_is_operated_by_keyboard(tablet: tuple[Page, Any]) -> None:
    page, (game, arbiter) = tablet
    page.click("text=Start clocks")
    expect(page.locator(".clock-buttons")).to_contain_text("Press clock")
    # One tab stop on the board: Tab from the Zoom button lands on the centre cell.
    assert page.locator('svg.board [tabindex="0"]').count() == 1
    page.focus("[data-zoom]")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.dataset.cell")
    assert focused == "H8"
    expect(page.get_by_role("button", name="H8, empty")).to_be_focused()
    expect(page.get_by_role("button", name="C8, red start symbol")).to_have_attribute(
        "aria-disabled", "true"
    )

    # A tile from the picker, then C9 and D9 by arrow keys, Enter and Space. The tile chosen by
    # keyboard sends the focus to the board.
    page.focus('.tile-choice[data-tile="RO"]')
    page.keyboard.press("Enter")
    expect(page.locator("#sel-tile")).to_contain_text("RO")
    expect(page.get_by_role("button", name="H8, empty")).to_be_focused()
    for key in ["ArrowUp"] * 5 + ["ArrowRight"]:
        page.keyboard.press(key)
    assert page.evaluate("document.activeElement.dataset.cell") == "C9"
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.cell") == "D9"
    page.keyboard.press(" ")
    expect(page.locator("#sel-cells")).to_have_text("C9 D9")
    for cell in ("C9", "D9"):
        expect(page.locator(f'svg.board [data-cell="{cell}"]')).to_have_attribute(
            "aria-pressed", "true"
        )
    expect(page.locator("#preview")).to_contain_text("scores")
    # The pair found legal, Confirm has the focus; Shift+Tab goes back to the board, on D9.
    expect(page.locator("#confirm")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.dataset.cell") == "D9"
    # Enter again on a chosen cell lets it go; a second Space takes it back.
    page.keyboard.press("Enter")
    expect(page.locator("#sel-cells")).to_have_text("C9")
    page.keyboard.press(" ")
    expect(page.locator("#sel-cells")).to_have_text("C9 D9")
    expect(page.locator("#preview")).to_contain_text("scores")
    expect(page.locator("#confirm")).to_be_enabled()
    page.focus("#confirm")
    page.keyboard.press("Enter")
    expect(page.locator(".flash.success")).to_have_text("Recorded: Ada Byron: RO on C9 D9.")
    # The new board keeps one tab stop, where the arbiter left off; placed cells say what holds
    # them and cannot be picked.
    assert page.locator('svg.board [tabindex="0"]').count() == 1
    assert page.locator('svg.board [tabindex="0"]').get_attribute("data-cell") == "D9"
    expect(page.get_by_role("button", name="C9, red star")).to_have_attribute(
        "aria-disabled", "true"
    )
    expect(page.get_by_role("button", name="D9, orange square")).to_be_attached()

    # Focus on the board survives the live part being replaced (here by the clock's press
    # entered elsewhere, which the page's polling picks up).
    page.focus('svg.board [data-cell="D9"]')
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.cell") == "D10"
    game.refresh_from_db()
    clock_operation(game=game, user=arbiter, expected_index=game.log_length, operation="press")
    page.evaluate("htmx.trigger('#game-live', 'refresh')")
    expect(page.locator(".clock-name").nth(1)).to_contain_text("▶")
    assert page.evaluate("document.activeElement.dataset.cell") == "D10"
