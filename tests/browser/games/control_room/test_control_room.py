"""The arbiter's control room in Chromium on a desktop (1366x768): two online boards with their
seats, running clocks and move counts, a player's call as an alert; a move made elsewhere shows
without a reload; a pause is made from the page with its reason."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from games.control_room.services import call_arbiter
from games.models import GameAction
from games.recording.services import record_action
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.games.control_room.world import build_room
from tests.games.recording.test_online_boards import engine_of


def place(room: Any, n: int) -> None:
    game = room.game(n)
    action = engine_of(game).legal_placements()[0]
    record_action(game=game, user=room.arbiter, expected_index=game.log_length, action=action)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_control_room_on_a_desktop(browser: Browser, live_server: Any) -> None:
    room = build_room()
    place(room, 0)
    call_arbiter(game=room.game(0), user=room.players[1], text="My opponent left the call")
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        log_in(page, live_server.url, room.arbiter.username, "correct-horse-battery")
        page.goto(live_server.url + room.url)
        first, second = page.locator("#control-board-1"), page.locator("#control-board-2")
        expect(first).to_contain_text("Ada Byron")
        expect(first).to_contain_text("Alan Turing")
        expect(second).to_contain_text("Grace Hopper")
        expect(second).to_contain_text("Edsger Dijkstra")
        alerts = page.locator(".alerts")
        expect(alerts).to_contain_text("Alan Turing calls the arbiter")
        expect(alerts).to_contain_text("My opponent left the call")
        # The running clock counts down between fetches (Ada Byron's: her turn ends on her press).
        running = first.locator("tr.running .clock-time")
        shown = running.inner_text()
        page.wait_for_timeout(1_300)
        assert running.inner_text() != shown
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "control-room-desktop-1366.png"))

        # A move made at board 2 (by its player's page, here the service) shows without a
        # reload: by the event's socket, or under this WSGI server by the poll.
        place(room, 1)
        moves = second.locator("tbody tr").first.locator("td").last
        expect(moves).to_have_text("1", timeout=15_000)

        # A pause, with its reason, from the board's actions.
        first.locator("summary").click()
        page.screenshot(path=str(SCREENSHOTS / "control-room-desktop-1366-actions.png"))
        form = first.locator("form.clock-form")
        form.locator("input[name=reason]").fill("fire alarm in the hall")
        form.get_by_role("button", name="Pause").click()
        expect(page.locator(".messages")).to_contain_text("Board 1: clocks paused.")
        expect(page.locator("#control-board-1 .badge.status")).to_have_text("Paused")
        pause = GameAction.objects.get(game=room.games[0], kind="pause")
        assert pause.reason == "fire alarm in the hall" and pause.user == room.arbiter
        page.screenshot(
            path=str(SCREENSHOTS / "control-room-desktop-1366-paused.png"), full_page=True
        )
        assert re.search(
            r"\d+:\d\d", page.locator("#control-board-2 .clock-time").first.inner_text()
        )
    finally:
        context.close()
