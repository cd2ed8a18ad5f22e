"""A player's socket at their online game (games/presence/sockets.py): opened only by the player
seated there while the game goes on, it hears the board's pushes (a kind and a version, never a
rack); a second socket of the same player takes the seat over; every connection is logged."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from games.clocks.services import pause_clock
from games.models import Game, GameAction
from games.presence.models import ConnectionEvent, SeatConnection
from games.presence.services import FIRST_CONNECTION
from games.presence.sockets import TAKEN_OVER
from tests.factories import UserFactory
from tests.games.factories import fresh
from tests.games.presence.helpers import OnlineBoard, board_in, online_board, play_socket
from tests.tournament.push.helpers import heard
from tournament.models.events import Board
from tournament.models.where import Played
from tournament.web.sockets import REFUSED, SPOKE

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tasks_in_process"),
]


def opens(game: Game, user: Any) -> tuple[bool, int | None]:
    communicator = play_socket(game, user)

    async def attempt() -> tuple[bool, int | None]:
        connected, code = await communicator.connect()
        if connected:
            await communicator.disconnect()
        return bool(connected), code

    return async_to_sync(attempt)()


def log_of(game: Game) -> list[tuple[int, str]]:
    rows = ConnectionEvent.objects.filter(game=game).order_by("at", "id")
    return [(row.seat, row.kind) for row in rows]


def test_the_seated_player_opens_their_games_socket_and_it_is_logged() -> None:
    online = online_board()
    assert opens(online.game, online.ada) == (True, None)
    assert log_of(online.game) == [(0, "connect"), (0, "disconnect")]
    row = ConnectionEvent.objects.get(game=online.game, kind="connect")
    assert row.user == online.ada and row.channel
    state = SeatConnection.objects.get(game=online.game, seat=0)
    assert not state.connected and state.first_connected_at is not None


def test_strangers_the_other_seats_player_and_the_arbiter_are_refused() -> None:
    online = online_board()
    other = online_board(number=2)
    assert opens(online.game, None) == (False, REFUSED)
    assert opens(online.game, UserFactory(username="stranger")) == (False, REFUSED)
    assert opens(online.game, other.ada) == (False, REFUSED)  # another board's player
    assert opens(online.game, online.arbiter) == (False, REFUSED)
    assert log_of(online.game) == []


def test_a_venue_boards_game_has_no_players_socket() -> None:
    online = online_board()
    venue = board_in(online.board.round, 2, played=Played.VENUE)
    assert opens(venue.game, venue.ada) == (False, REFUSED)


def test_a_finished_game_or_a_decided_board_refuses_its_players() -> None:
    online = online_board()
    Game.objects.filter(pk=online.game.pk).update(status=Game.Status.FINISHED)
    assert opens(online.game, online.ada) == (False, REFUSED)
    other = online_board(number=2)
    Board.objects.filter(pk=other.board.pk).update(result="1-0")
    assert opens(other.game, other.alan) == (False, REFUSED)


def test_the_first_connection_starts_the_clock_of_the_seat_to_move_through_the_log() -> None:
    online = online_board()
    assert not fresh(online.game).clock_started
    assert opens(online.game, online.alan)[0]  # seat 1 connects; seat 0 moves first
    game = fresh(online.game)
    assert game.status == Game.Status.PLAYING and game.clock_running and game.clock_seat == 0
    start = game.actions.get(kind=GameAction.Kind.START)
    assert start.user is None and start.reason == FIRST_CONNECTION
    length = game.log_length
    assert opens(online.game, online.ada)[0]  # a later connection starts nothing
    assert fresh(online.game).log_length == length


def pause(online: OnlineBoard) -> None:
    game = fresh(online.game)
    pause_clock(game=game, user=online.arbiter, expected_index=game.log_length, reason="a call")


def test_the_player_hears_the_boards_changes_as_kind_and_version_only() -> None:
    online = online_board()

    ada = play_socket(online.game, online.ada)

    async def scenario() -> list[dict[str, Any]]:
        assert (await ada.connect())[0]
        said = [await heard(ada)]  # the clock her connection started
        await database_sync_to_async(pause)(online)  # the arbiter's pause
        said.append(await heard(ada))
        await ada.disconnect()
        return said

    said = async_to_sync(scenario)()
    assert [set(message) for message in said] == [{"kind", "version"}] * 2
    assert [message["kind"] for message in said] == ["board", "board"]
    assert said[0]["version"] != said[1]["version"]


def test_a_second_connection_of_the_same_player_takes_over_the_first() -> None:
    online = online_board()

    first = play_socket(online.game, online.ada)
    second = play_socket(online.game, online.ada)

    async def scenario() -> dict[str, Any]:
        assert (await first.connect())[0]
        await heard(first)  # the clock's start
        assert (await second.connect())[0]
        closed = await first.receive_output(timeout=2)
        while closed["type"] != "websocket.close":  # a push may come first
            closed = await first.receive_output(timeout=2)
        await first.disconnect(code=TAKEN_OVER)
        assert await second.receive_nothing(timeout=0.3) or True
        await second.send_to(text_data='{"type": "ping"}')
        pong = await heard(second)
        await second.disconnect()
        return {"closed": closed, "pong": pong}

    result = async_to_sync(scenario)()
    assert result["closed"] == {"type": "websocket.close", "code": TAKEN_OVER}
    assert result["pong"] == {"type": "pong"}
    assert log_of(online.game) == [
        (0, "connect"),
        (0, "takeover"),
        (0, "disconnect"),
        (0, "disconnect"),
    ]
    takeover = ConnectionEvent.objects.get(game=online.game, kind="takeover")
    first_channel = ConnectionEvent.objects.get(game=online.game, kind="connect").channel
    assert takeover.replaced == first_channel and takeover.channel != first_channel
    closes = ConnectionEvent.objects.filter(game=online.game, kind="disconnect").order_by("id")
    assert [(row.channel == first_channel, row.code) for row in closes][0] == (True, TAKEN_OVER)


def test_the_taken_over_sockets_close_leaves_the_seat_connected() -> None:
    online = online_board()

    first = play_socket(online.game, online.ada)
    second = play_socket(online.game, online.ada)

    async def scenario() -> bool:
        assert (await first.connect())[0]
        assert (await second.connect())[0]
        output = await first.receive_output(timeout=2)
        while output["type"] != "websocket.close":
            output = await first.receive_output(timeout=2)
        await first.disconnect(code=TAKEN_OVER)
        state = await database_sync_to_async(SeatConnection.objects.get)(game=online.game, seat=0)
        await second.disconnect()
        return state.connected

    assert async_to_sync(scenario)()
    assert not SeatConnection.objects.get(game=online.game, seat=0).connected


def test_the_other_seats_connection_takes_nothing_over() -> None:
    online = online_board()

    ada = play_socket(online.game, online.ada)
    alan = play_socket(online.game, online.alan)

    async def scenario() -> bool:
        assert (await ada.connect())[0]
        assert (await alan.connect())[0]
        await heard(ada)  # the clock's start, nothing more
        quiet = bool(await ada.receive_nothing(timeout=0.3))
        await ada.disconnect()
        await alan.disconnect()
        return quiet

    assert async_to_sync(scenario)()
    assert [kind for _seat, kind in log_of(online.game)].count("takeover") == 0


def test_a_socket_that_says_anything_but_ping_is_closed() -> None:
    online = online_board()

    ada = play_socket(online.game, online.ada)

    async def scenario() -> Any:
        assert (await ada.connect())[0]
        await ada.send_to(text_data='{"type": "place", "tile": "RR"}')
        output = await ada.receive_output(timeout=2)
        while output["type"] != "websocket.close":
            output = await ada.receive_output(timeout=2)
        await ada.disconnect(code=SPOKE)
        return output

    assert async_to_sync(scenario)() == {"type": "websocket.close", "code": SPOKE}


def test_player_sockets_over_the_rate_of_one_address_are_refused(settings: Any) -> None:
    settings.SOCKET_RATE = "2/minute"
    online = online_board()
    assert [opens(online.game, online.ada)[0] for _ in range(3)] == [True, True, False]


def test_a_disconnection_leaves_the_clock_running() -> None:
    online = online_board()
    assert opens(online.game, online.ada)[0]
    game = fresh(online.game)
    assert game.clock_running and game.clock_seat == 0
    assert not SeatConnection.objects.get(game=game, seat=0).connected
    assert not GameAction.objects.filter(game=game, kind=GameAction.Kind.PAUSE).exists()
