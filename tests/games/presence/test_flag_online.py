"""A flag falls on the server at an online board as at the venue (RULINGS.md): the flagged player
stops, the other plays on alone; nothing waits for a page, connected or not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import time_machine

from games.clocks.services import sweep_flags
from games.models import Game, GameAction
from games.presence import services
from games.presence.selectors import player_seat
from tests.games.factories import fresh
from tests.games.presence.helpers import online_board

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

T0 = datetime(2030, 8, 20, 14, 0, tzinfo=UTC)  # after the board is set up


def test_a_disconnected_players_flag_falls_on_the_server_and_the_other_plays_on() -> None:
    online = online_board(clock_minutes=1)
    ada = player_seat(online.ada, online.game.pk)
    assert ada is not None
    with time_machine.travel(T0, tick=False) as clock:
        services.connected(ada, "ada-phone")  # her clock starts: seat 0 moves first
        clock.shift(5)
        services.disconnected(ada, "ada-phone", 1006)
        clock.shift(54)
        assert sweep_flags() == 0
        clock.shift(2)  # 61 s: her minute is out
        assert sweep_flags() == 1
        assert sweep_flags() == 0  # once
    game = fresh(online.game)
    flag = game.actions.get(kind=GameAction.Kind.FLAG)
    assert flag.payload == {"type": "flag", "player": 0} and flag.user is None
    assert game.status == Game.Status.PLAYING  # the other plays on alone
    assert (game.clock_seat, game.clock_running) == (1, True)
    assert game.board is not None and game.board.result == ""
    assert player_seat(online.alan, game.pk) is not None  # his socket still opens
