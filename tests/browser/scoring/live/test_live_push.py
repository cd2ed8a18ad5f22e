"""The live page hears a move as it happens (issue 30, docs/push.md): with its socket open it
stops polling and fetches its boards when the server says they changed; without a socket (a
server that serves no /ws/, as a WSGI server) it polls as before and still shows the move."""

import time
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect
from rest_framework.authtoken.models import Token

from games.clocks.services import start_clock
from games.recording.services import record_action
from tests.games.factories import board_with_game, fresh, scripted_actions
from tests.tournament.push.servers import daphne, fresh_slug, post

POLL_SECONDS = 2  # the live boards' poll (templates/live/event_live.html)


def boards_requests(page: Page) -> list[float]:
    """When the page asked for its live boards (each request's time, as it goes out)."""
    seen: list[float] = []
    page.on("request", lambda r: "/live/boards/" in r.url and seen.append(time.monotonic()))
    return seen


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_live_page_shows_a_move_at_once_without_polling(
    browser: Browser, worker_database_url: str, tmp_path: Path
) -> None:
    board, _game, arbiter = board_with_game(slug=fresh_slug())
    token = Token.objects.create(user=arbiter).key
    # The move is made through the page's own server: its layer (in memory, or Redis) tells it.
    # A spectators' window far longer than the test: the page's fetches after the clock's start
    # pin the window's version, and the move's push must still show the move at once.
    window = {"SPECTATOR_STALE_SECONDS": "600"}
    with daphne(worker_database_url, settings.REDIS_URL, tmp_path / "daphne.log", window) as base:
        page = browser.new_page()
        try:
            asked = boards_requests(page)
            page.goto(f"{base}/events/{board.round.event.slug}/live/")
            expect(page.locator("html")).to_have_attribute("data-push", "open")
            moves = page.locator("#live-board-1 .lb-moves")
            expect(moves).to_contain_text("0 moves")
            before = len(asked)
            page.wait_for_timeout(POLL_SECONDS * 1500)  # (Playwright's events arrive meanwhile)
            assert len(asked) == before, "the page polled with its socket open"

            started_clock = post(
                base,
                reverse("api-game-clock", args=[board.pk]),
                token,
                {"operation": "start"} | {"expected_index": 0},
            )
            assert started_clock == 200
            action = scripted_actions(seed=1)[0]
            started = time.monotonic()
            stored = post(
                base,
                reverse("api-game-actions", args=[board.pk]),
                token,
                {"action": action, "expected_index": 1},
            )
            assert stored in (200, 201)
            expect(moves).to_contain_text("1 move", timeout=POLL_SECONDS * 1000)
            shown = time.monotonic() - started
            print(f"\nthe move showed {shown:.2f} s after it was sent")
            assert shown < POLL_SECONDS, shown
        finally:
            page.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_without_a_socket_the_live_page_still_shows_a_move_by_polling(
    browser: Browser, live_server: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]  # WSGI: no /ws/ here
    board, game, arbiter = board_with_game(slug=fresh_slug())
    page = browser.new_page()
    try:
        asked = boards_requests(page)
        page.goto(f"{base}/events/{board.round.event.slug}/live/")
        expect(page.locator("html")).to_have_attribute("data-push", "closed")
        moves = page.locator("#live-board-1 .lb-moves")
        expect(moves).to_contain_text("0 moves")
        start_clock(game=game, user=arbiter, expected_index=0)
        game = fresh(game)
        action = scripted_actions(seed=1)[0]
        record_action(game=game, user=arbiter, expected_index=game.log_length, action=action)
        expect(moves).to_contain_text("1 move", timeout=POLL_SECONDS * 2500)
        assert len(asked) >= 2, "the page did not poll"
    finally:
        page.close()
