"""The live part of a board polls every 3 seconds with what it shows (issue 28): the event's live
version (nothing spectators see has changed: a 204 from the cache, no query), the game's log
length and the board's state. A result a director enters on the board, which adds nothing to
the game's log, is shown at the next poll; a clock run down asks afresh."""

import html
import re
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import director_of
from tests.games.factories import board_with_game
from tournament.results.services import set_board_result

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    cache.clear()


def polled_url(page: str) -> tuple[str, str]:
    """The address the live part polls and the version it holds, as the page says them."""
    tag = re.search(r'<section id="game-live"[^>]*>', page, re.S)
    assert tag, "no live part"
    url = re.search(r'hx-get="([^"]+)"', tag.group(0))
    version = re.search(r'data-version="([^"]+)"', tag.group(0))
    assert url and version, tag.group(0)
    assert 'hx-trigger="every 3s, refresh, push"' in tag.group(0)
    return html.unescape(url.group(1)), version.group(1)


def poll(client: Client, url: str, version: str = "") -> Any:
    headers = {"HTTP_X_HELD_VERSION": version} if version else {}
    return client.get(url, HTTP_HX_REQUEST="true", **headers)


def test_a_directors_result_shows_at_the_next_poll(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    board, _game, _arbiter = board_with_game()
    page = client.get(reverse("game-board", args=[board.pk])).content.decode()
    url, version = polled_url(page)
    with CaptureQueriesContext(connection) as queries:
        nothing_new = poll(client, url, version)
    assert nothing_new.status_code == 204 and nothing_new["X-Version"] == version
    assert len(queries) == 0, [q["sql"] for q in queries]
    # Another board's move bumps the event's version, not this board's log or state.
    assert poll(client, url, "l-older").status_code == 204

    with django_capture_on_commit_callbacks(execute=True):
        set_board_result(
            board=board,
            result="1-0",
            user=director_of(board.round.event),
            first_lowest=12,
            second_lowest=9,
        )
    shown = poll(client, url, version)
    assert shown.status_code == 200
    body = shown.content.decode()
    assert "Board decided:" in body and shown["X-Version"] != version
    # The same poll without the version (a copy sent after an entry) reads the board's state.
    assert poll(client, url).status_code == 200
    assert poll(client, polled_url(body)[0]).status_code == 204


def test_a_clock_run_down_asks_afresh(client: Client) -> None:
    board, _game, _arbiter = board_with_game()
    page = client.get(reverse("game-board", args=[board.pk])).content.decode()
    url, version = polled_url(page)
    assert poll(client, url, version).status_code == 204
    assert poll(client, f"{url}&fresh=1", version).status_code == 200
