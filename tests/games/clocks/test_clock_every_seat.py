"""Every seat's clock at a table of 3 or 4 (and a partnership's four): adjusted, paused and
started on the board page and through the API; a seat the board does not have is refused by
name and nothing changes."""

from __future__ import annotations

import datetime as dt
import html as html_lib
from typing import Any

import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import Game, GameAction
from games.recording.setup import game_for_board
from tests.factories import arbiter_of
from tests.games.factories import fresh
from tests.games.recording.test_board_page import BoardPage
from tests.games.recording.test_table_games import place_legal, press, table_round

pytestmark = pytest.mark.usefixtures("tasks_in_process")

T0 = dt.datetime(2026, 8, 20, 10, 0, 0, tzinfo=dt.UTC)
MIN = 60_000


def table_game(size: int) -> tuple[Any, Game, Any]:
    event, _round, (board,) = table_round(size, clock_minutes=10)
    return board, game_for_board(board), arbiter_of(event)


def clock_call(api: APIClient, board: Any, game: Game, operation: str, **body: Any) -> Any:
    body = {"operation": operation, "expected_index": fresh(game).log_length, **body}
    return api.post(reverse("api-game-clock", args=[board.pk]), body, format="json")


def turn_to(game: Game, user: Any, seat: int) -> None:
    """Play legal placements and press until ``seat``'s clock runs."""
    while fresh(game).clock_seat != seat:
        place_legal(game, user)
        press(game, user)


@pytest.mark.django_db
def test_seats_2_and_3_are_started_paused_and_adjusted_through_the_api() -> None:
    board, game, arbiter = table_game(4)
    api = APIClient()
    api.force_authenticate(arbiter)
    with time_machine.travel(T0, tick=False) as clock:
        assert clock_call(api, board, game, "start").status_code == 200
        turn_to(game, arbiter, 2)
        clock.shift(dt.timedelta(seconds=30))
        response = clock_call(api, board, game, "pause", reason="a question to the arbiter")
        assert response.status_code == 200, response.content
        readings = response.json()["clock"]["readings_ms"]
        assert readings[2] == 10 * MIN - 30_000  # seat 2's turn took the 30 seconds
        assert readings[3] == 10 * MIN
        assert response.json()["clock"]["running"] is False
        clock.shift(dt.timedelta(minutes=5))  # paused: nobody's time runs
        assert fresh(game).readings(dt.datetime.now(tz=dt.UTC))[2] == 10 * MIN - 30_000

        response = clock_call(
            api, board, game, "adjust", seat=3, remaining_ms=4 * MIN, reason="faulty clock"
        )
        assert response.status_code == 200, response.content
        assert response.json()["clock"]["readings_ms"][3] == 4 * MIN
        response = clock_call(
            api, board, game, "adjust", seat=2, remaining_ms=7 * MIN, reason="time given back"
        )
        assert response.status_code == 200, response.content
        adjusts = GameAction.objects.filter(game=game, kind="adjust").order_by("index")
        assert [a.payload for a in adjusts] == [
            {"seat": 3, "from_ms": 10 * MIN, "to_ms": 4 * MIN},
            {"seat": 2, "from_ms": 10 * MIN - 30_000, "to_ms": 7 * MIN},
        ]
        assert clock_call(api, board, game, "resume").status_code == 200
        clock.shift(dt.timedelta(seconds=10))
        now = dt.datetime.now(tz=dt.UTC)
        assert fresh(game).readings(now)[2:] == [7 * MIN - 10_000, 4 * MIN]


@pytest.mark.django_db
def test_seat_3_cannot_be_adjusted_at_a_board_of_three_seats_through_the_api() -> None:
    board, game, arbiter = table_game(3)
    api = APIClient()
    api.force_authenticate(arbiter)
    assert clock_call(api, board, game, "start").status_code == 200
    before = fresh(game)
    response = clock_call(api, board, game, "adjust", seat=3, remaining_ms=MIN, reason="x")
    assert response.status_code == 400
    assert response.json()["detail"] == (
        "Board 1 has no seat 3: its seats are 0 (Ada Byron), 1 (Alan Turing) and 2 (Grace Hopper)."
    )
    after = fresh(game)
    assert after.log_length == before.log_length
    assert after.remaining_ms == before.remaining_ms


@pytest.mark.django_db
def test_seats_2_and_3_are_started_paused_and_adjusted_on_the_board_page(client: Client) -> None:
    board, game, arbiter = table_game(4)
    client.force_login(arbiter)
    page = BoardPage(client, board.pk, game)
    with time_machine.travel(T0, tick=False) as clock:
        page.ok("start")
        turn_to(game, arbiter, 3)
        clock.shift(dt.timedelta(seconds=45))
        html = page.ok("pause")
        assert "Clocks paused." in html
        assert fresh(game).remaining_ms[3] == 10 * MIN - 45_000
        html = page.ok("adjust", seat="3", time="4:30", reason="penalty for a phone call")
        assert "Clock of Edsger Dijkstra set to 4:30." in html
        html = page.ok("adjust", seat="2", time="9:00", reason="faulty clock")
        assert "Clock of Grace Hopper set to 9:00." in html
        assert fresh(game).remaining_ms == [10 * MIN, 10 * MIN, 9 * MIN, 270_000]
        page.ok("resume")
        clock.shift(dt.timedelta(seconds=20))
        now = dt.datetime.now(tz=dt.UTC)
        assert fresh(game).readings(now)[3] == 270_000 - 20_000
    # The adjust form offers every seat of the board.
    html = client.get(reverse("game-board", args=[board.pk])).content.decode()
    for n in range(4):
        assert f'<option value="{n}">' in html


@pytest.mark.django_db
def test_seat_3_is_refused_by_name_on_the_page_at_a_board_of_three(client: Client) -> None:
    board, game, arbiter = table_game(3)
    client.force_login(arbiter)
    page = BoardPage(client, board.pk, game)
    page.ok("start")
    before = fresh(game)
    html = html_lib.unescape(page.post("adjust", seat="3", time="4:30", reason="faulty clock"))
    assert "Board 1 has no seat 3: its seats are 0 (Ada Byron), 1 (Alan Turing) and 2" in html
    after = fresh(game)
    assert (after.log_length, after.remaining_ms) == (before.log_length, before.remaining_ms)
