"""A spectator's board page of an online board with a delay of two placements, on a 360 x 740
phone: it shows the position two placements behind the play (the board, the log, the clocks
held), says so, and moves on when the game does, still two placements behind."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import SCREENSHOTS
from tests.games.recording.chromium import run_in_chromium
from tests.games.spectating.online import online_board, place

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def placed(page: Page, cell: str) -> bool:
    classes = page.locator(f'svg.board [data-cell="{cell}"]').get_attribute("class") or ""
    return "placed" in classes.split()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_spectator_on_a_phone_sees_the_board_two_placements_behind(live_server: object) -> None:
    online = online_board(placements=2)
    made = place(online, 3)
    base = live_server.url  # type: ignore[attr-defined]

    def watch(page: Page) -> None:
        page.set_viewport_size({"width": 360, "height": 740})
        page.goto(f"{base}/games/board/{online.board.pk}/")
        expect(page.locator(".delayed-view")).to_contain_text("2 placements behind")
        assert all(placed(page, cell) for cell in made[0]["cells"])
        assert not any(placed(page, cell) for action in made[1:] for cell in action["cells"])
        expect(page.locator(".status-line")).to_contain_text("delayed")
        page.screenshot(path=str(SCREENSHOTS / "spectator_delay_phone_top.png"))
        # The game goes on: the page (its poll) moves on with it, two placements behind.
        place(online, 1)
        page.wait_for_function(
            "cells => cells.every(c => document.querySelector("
            "`svg.board [data-cell='${c}']`).classList.contains('placed'))",
            arg=made[1]["cells"],
            timeout=15_000,
        )
        assert not any(placed(page, cell) for cell in made[2]["cells"])

    run_in_chromium("spectator_delay_phone", watch, width=360)
