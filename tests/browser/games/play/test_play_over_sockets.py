"""The player's page on daphne, with its own socket (ws/play/<game>/): both players' pages are
connected (the arbiter's control room says so), a placement and the press of one player reach
the other's page by push (its poll, with the socket open, is 30 s apart), and no frame either
socket receives carries a tile of anybody's rack."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games.presence.selectors import seat_presence
from tests.browser.conftest import log_in
from tests.browser.games.play.test_two_players import PASSWORD, place_through_the_page, state
from tests.games.play.factories import online_board
from tests.tournament.push.servers import daphne, fresh_slug


def frames_of(page: Page) -> list[str]:
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(str(data))))
    return frames


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_placement_reaches_the_opponents_page_by_its_socket_and_no_rack_travels(
    browser: Browser, worker_database_url: str, redis_url: str, tmp_path: Path
) -> None:
    online = online_board(clock_minutes=60, slug=fresh_slug())
    game = online.game
    with daphne(worker_database_url, redis_url, tmp_path / "daphne.log") as base:
        contexts = [browser.new_context() for _ in online.players]
        try:
            pages = [context.new_page() for context in contexts]
            frames = [frames_of(page) for page in pages]
            for page, account in zip(pages, online.players, strict=True):
                log_in(page, base, account.username, PASSWORD)
                page.goto(f"{base}/play/{game.pk}/")
                page.wait_for_function("() => !!document.querySelector('#play')")
            pages[0].wait_for_timeout(1500)
            presence = seat_presence([game.pk])
            assert [presence[(game.pk, seat)].connected for seat in (0, 1)] == [True, True]
            racks: list[Any] = [state(page)["rack"] for page in pages]
            mover = pages[0]
            seen = state(mover)
            place_through_the_page(mover, seen)
            seen = state(mover)
            while seen["may"]["place"]:  # a bonus placement
                place_through_the_page(mover, seen)
                seen = state(mover)
            mover.get_by_role("button", name="End turn (press my clock)").click()
            # The opponent's page, polling only every 30 s with its socket open, is told.
            expect(pages[1].locator("#play")).to_have_attribute("data-may", "place", timeout=10_000)
        finally:
            for context in contexts:
                context.close()
    assert all(frames), "each page's socket heard the game"
    tiles = {t["tile"] for rack in racks for t in rack}
    for frame in (f for page_frames in frames for f in page_frames):
        assert set(json.loads(frame)) <= {"kind", "version", "type"}, frame
        assert not any(f'"{tile}"' in frame for tile in tiles), frame
