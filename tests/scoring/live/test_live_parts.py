"""What a spectator's request costs after a change (issue 29, cheaper requests): a move renders
its own board's part of the live boards again, not the round's, and the other parts are as they
were; the live standings change with results, not with moves; a game's live part is rendered
once per change for every anonymous spectator."""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.signals import template_rendered
from django.test.utils import CaptureQueriesContext

from games.models import Game
from games.recording.services import record_action
from tests.factories import arbiter_of
from tests.games.factories import scripted_actions
from tests.scoring.builders import HandBuilt
from tests.scoring.live.test_live_pages import event_in_play, first_board_won
from tournament.models.events import Board

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    cache.clear()


@contextmanager
def rendered() -> Iterator[list[str]]:
    """The names of the templates rendered meanwhile (the test run instruments them)."""
    names: list[str] = []

    def seen(sender: Any, template: Any, **kwargs: Any) -> None:
        names.append(template.name)

    template_rendered.connect(seen)
    try:
        yield names
    finally:
        template_rendered.disconnect(seen)


def move_at(built: HandBuilt, number: int, on_commit: Any) -> Board:
    """The first placement of round 4's board ``number``, recorded by an arbiter; its
    after-commit work (the new live version) runs at once."""
    board = Board.objects.get(round=built.rounds[4], number=number)
    game = Game.objects.get(board=board)
    arbiter = arbiter_of(built.event, username=f"arb-{board.pk}")
    with on_commit(execute=True):
        record_action(game=game, user=arbiter, expected_index=0, action=scripted_actions()[0])
    return board


def parts(body: str) -> dict[str, str]:
    """The live boards' parts by their element's id."""
    out = {}
    for chunk in body.split('<li class="live-board')[1:]:
        part = chunk.split("</li>", 1)[0]
        out[part.split('id="', 1)[1].split('"', 1)[0]] = part
    return out


def test_a_move_renders_its_own_boards_part_again_and_no_other(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    built = event_in_play(8)
    url = f"/events/{built.event.slug}/live/boards/"
    with rendered() as first_names:
        before = parts(client.get(url).content.decode())
    assert first_names.count("live/_board.html") == 4 and len(before) == 4
    move_at(built, 2, django_capture_on_commit_callbacks)
    with rendered() as names:
        after = parts(client.get(url).content.decode())
    assert names.count("live/_board.html") == 1
    assert "1 move" in after["live-board-2"] and "1 move" not in before["live-board-2"]
    assert {k: v for k, v in after.items() if k != "live-board-2"} == {
        k: v for k, v in before.items() if k != "live-board-2"
    }


def test_a_result_renders_its_own_boards_part_again(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    built = event_in_play(8)
    url = f"/events/{built.event.slug}/live/boards/"
    before = parts(client.get(url).content.decode())
    first_board_won(built, django_capture_on_commit_callbacks)
    with rendered() as names:
        after = parts(client.get(url).content.decode())
    assert names.count("live/_board.html") == 1
    assert 'data-result="1-0"' in after["live-board-1"]
    assert after["live-board-3"] == before["live-board-3"]


def test_the_live_standings_stay_as_they_were_after_a_move(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    built = event_in_play(8)
    url = f"/events/{built.event.slug}/live/standings/"
    first = client.get(url, HTTP_HX_REQUEST="true")
    version = first["X-Version"]
    move_at(built, 1, django_capture_on_commit_callbacks)
    with CaptureQueriesContext(connection) as queries:
        polled = client.get(url, HTTP_HX_REQUEST="true", HTTP_X_HELD_VERSION=version)
    assert polled.status_code == 204 and polled["X-Version"] == version
    assert len(queries) == 0, [q["sql"] for q in queries]
    with rendered() as names, CaptureQueriesContext(connection) as queries:
        again = client.get(url)
    assert again.content == first.content and names == [] and len(queries) == 0
    # A result is news to them.
    first_board_won(built, django_capture_on_commit_callbacks)
    changed = client.get(url, HTTP_HX_REQUEST="true", HTTP_X_HELD_VERSION=version)
    assert changed.status_code == 200 and changed["X-Version"] != version


def test_a_games_live_part_is_rendered_once_per_change_for_every_spectator(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    built = event_in_play(8)
    board = Board.objects.get(round=built.rounds[4], number=1)
    url = f"/games/board/{board.pk}/live/"
    first = client.get(url)
    assert first.status_code == 200 and first["X-Version"]
    with CaptureQueriesContext(connection) as queries:
        again = Client().get(url)
    assert again.status_code == 200 and again.content == first.content
    assert again["X-Version"] == first["X-Version"] and again["X-Server-Ms"].isdigit()
    assert len(queries) == 0, [q["sql"] for q in queries]
    move_at(built, 1, django_capture_on_commit_callbacks)
    moved = client.get(url)
    assert moved.content != first.content and moved["X-Version"] != first["X-Version"]
    # A run-down clock's poll is read at that moment, never from the cache.
    with CaptureQueriesContext(connection) as queries:
        fresh = client.get(f"{url}?fresh=1")
    assert fresh.status_code == 200 and len(queries) > 0
