"""The control room shows games.presence's word on each seat: connected or away (since when),
and its alerts (here a disconnection past the event's threshold) beside the players' calls."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import time_machine

from games.control_room import selectors
from games.presence import services
from games.presence.selectors import player_seat
from tests.games.presence.helpers import online_board
from tournament.models.events import Round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

T0 = datetime(2030, 8, 20, 14, 0, tzinfo=UTC)


def test_the_room_shows_each_seats_connection_and_presences_alerts() -> None:
    online = online_board(online_disconnect_alert_seconds=60, online_long_think_seconds=None)
    round_ = online.board.round
    Round.objects.filter(pk=round_.pk).update(published_at=T0)
    round_.refresh_from_db()
    ada, alan = player_seat(online.ada, online.game.pk), player_seat(online.alan, online.game.pk)
    assert ada is not None and alan is not None
    with time_machine.travel(T0, tick=False) as clock:
        services.connected(ada, "ada-phone")
        services.connected(alan, "alan-phone")
        (card,) = selectors.board_cards(round_)
        assert [s.connection.state for s in card.seats] == ["connected", "connected"]
        clock.shift(10)
        services.disconnected(alan, "alan-phone", 1006)
        clock.shift(61)
        services.seen(ada, "ada-phone")
        (card,) = selectors.board_cards(round_)
        assert [s.connection.state for s in card.seats] == ["connected", "disconnected"]
        found = selectors.round_alerts(round_)
        assert [(a.kind, a.seat, a.board_number) for a in found] == [("disconnected", 1, 1)]
        assert found[0].name == online.game.players[1]
