"""static/js/presence.js in a browser against daphne: the player's socket opens with the page's
session, each change of the board reaches the page's callback and the "ingenious:changed" event
(a kind and a version), and the same player opening the game in another tab takes it over: the
first tab is told ("ingenious:taken-over") and does not reconnect."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from playwright.sync_api import Browser, Page

from games.clocks.services import pause_clock
from games.models import GameAction
from games.presence.models import ConnectionEvent
from tests.browser.conftest import log_in
from tests.games.factories import fresh
from tests.games.presence.helpers import OnlineBoard, online_board
from tests.tournament.push.servers import daphne, fresh_slug

SCRIPT = Path(settings.BASE_DIR) / "static" / "js" / "presence.js"
LISTEN = """url => {
  window.heard = []; window.events = []; window.takenOver = false;
  document.addEventListener("ingenious:changed", ev => window.events.push(ev.detail));
  document.addEventListener("ingenious:taken-over", () => { window.takenOver = true; });
  window.presence = window.ingeniousPresence(url, message => window.heard.push(message));
}"""


def listen(page: Page, base: str, url: str) -> None:
    page.goto(f"{base}/")
    page.add_script_tag(path=str(SCRIPT))
    page.evaluate(LISTEN, url)


def pause(online: OnlineBoard) -> None:
    """The arbiter's pause, in a thread of its own (Playwright keeps an event loop in this one)."""

    def run() -> None:
        try:
            game = fresh(online.game)
            pause_clock(
                game=game, user=online.arbiter, expected_index=game.log_length, reason="call"
            )
        finally:
            connection.close()

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_players_page_hears_its_board_and_a_second_tab_takes_it_over(
    browser: Browser, worker_database_url: str, redis_url: str, tmp_path: Path
) -> None:
    online = online_board(slug=fresh_slug())
    url = f"/ws/play/{online.game.pk}/"
    with daphne(worker_database_url, redis_url, tmp_path / "daphne.log") as base:
        context = browser.new_context()
        try:
            first = context.new_page()
            log_in(first, base, online.ada.username, "correct-horse-battery")
            listen(first, base, url)
            first.wait_for_function("window.heard.length >= 1")  # her connection started the clock
            assert GameAction.objects.filter(game=online.game, kind="start").exists()
            pause(online)
            first.wait_for_function("window.heard.length >= 2")
            heard = first.evaluate("window.heard")
            assert [sorted(message) for message in heard] == [["kind", "version"]] * 2
            assert first.evaluate("window.events") == heard

            second = context.new_page()
            listen(second, base, url)
            first.wait_for_function("window.takenOver === true")
            second.wait_for_timeout(500)
            assert first.evaluate("window.presence.open") is False
            assert second.evaluate("window.presence.open") is True
            kinds = list(
                ConnectionEvent.objects.filter(game=online.game)
                .order_by("id")
                .values_list("kind", flat=True)
            )
            assert kinds[:3] == ["connect", "takeover", "disconnect"]
            first.wait_for_timeout(2500)  # past the first reconnection's wait: none is made
            assert ConnectionEvent.objects.filter(game=online.game, kind="connect").count() == 1
        finally:
            context.close()
