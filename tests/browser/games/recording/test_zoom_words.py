"""The board's zoom button speaks the reader's language in both of its states: on a German
phone the zoomed board offers "Ganzes Brett", not "Full board" (the script wrote English words
over the page's German, found in the walk of issue 28)."""

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.games.factories import board_with_game


@pytest.fixture
def german_phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="de-DE")
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("page_name", ["game-view", "game-board"])
def test_the_zoom_button_is_german_in_both_states(
    german_phone: Page, live_server: Any, page_name: str
) -> None:
    board, _game, _arbiter = board_with_game()
    path = {"game-view": "view/", "game-board": ""}[page_name]
    german_phone.goto(f"{live_server.url}/games/board/{board.pk}/{path}")
    zoom = german_phone.locator("[data-zoom]").first
    # a phone starts zoomed in: the button offers the whole board
    expect(zoom).to_have_text("Ganzes Brett")
    expect(zoom).to_have_attribute("aria-pressed", "true")
    zoom.click()
    expect(zoom).to_have_text("Vergrößern")
    expect(zoom).to_have_attribute("aria-pressed", "false")
