"""The arbiter's alerts of online boards (games.presence.selectors.alerts), worked out when read:
a seat disconnected longer than the event allows (its clock runs on), a no-show when the
first-move window has passed, a long think. Nothing is ever forfeited."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine

from games.models import Game, GameAction
from games.presence import services
from games.presence.models import ConnectionEvent
from games.presence.selectors import (
    STALE_AFTER,
    PlayerSeat,
    alerts,
    game_log,
    player_seat,
    seat_presence,
)
from tests.games.factories import fresh
from tests.games.presence.helpers import OnlineBoard, board_in, online_board
from tournament.models.events import Round
from tournament.models.where import Played

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

T0 = datetime(2030, 8, 20, 14, 0, tzinfo=UTC)  # after the boards are set up


def seat_of(online: OnlineBoard, user: Any) -> PlayerSeat:
    seat = player_seat(user, online.game.pk)
    assert seat is not None
    return seat


def published(online: OnlineBoard, at: datetime = T0) -> Round:
    round_ = online.board.round
    Round.objects.filter(pk=round_.pk).update(published_at=at)
    round_.refresh_from_db()
    return round_


def still_there(*seats: tuple[PlayerSeat, str]) -> None:
    """The pages' pings (every 25 s from static/js/presence.js): their sockets are still open."""
    for seat, channel in seats:
        services.seen(seat, channel)


def kinds(found: list[Any]) -> list[tuple[int, str]]:
    return [(alert.seat, alert.kind) for alert in found]


def test_a_disconnected_seat_is_an_alert_after_the_events_time_and_its_clock_runs_on() -> None:
    online = online_board(online_disconnect_alert_seconds=60, online_long_think_seconds=None)
    round_ = published(online)
    ada, alan = seat_of(online, online.ada), seat_of(online, online.alan)
    with time_machine.travel(T0, tick=False) as clock:
        services.connected(ada, "ada-phone")
        services.connected(alan, "alan-phone")
        clock.shift(10)
        services.disconnected(ada, "ada-phone", 1006)
        clock.shift(59)
        assert alerts(round_) == []
        clock.shift(2)
        found = alerts(round_)
        assert kinds(found) == [(0, "disconnected")]
        assert found[0].since == T0 + timedelta(seconds=10) and found[0].board == 1
        assert "Ada 1" in found[0].text and "for 1\xa0minute;" in found[0].text
        game = fresh(online.game)
        assert game.clock_running and game.clock_seat == 0
        assert game.readings(T0 + timedelta(seconds=71))[0] == game.clock_ms - 71_000
        services.connected(ada, "ada-laptop")  # back: no alert
        assert alerts(round_) == []
    assert fresh(online.game).board.result == ""  # type: ignore[union-attr]


def test_a_seat_neither_connected_nor_moved_after_the_first_move_window_is_a_no_show() -> None:
    online = online_board(
        online_first_move_seconds=120,
        online_disconnect_alert_seconds=60,
        online_long_think_seconds=None,
    )
    round_ = published(online)
    with time_machine.travel(T0 + timedelta(seconds=5), tick=False) as clock:
        ada = seat_of(online, online.ada)
        services.connected(ada, "ada-phone")  # the clock starts
        clock.shift(60)
        assert kinds(alerts(round_)) == [(1, "disconnected")]  # away since the clock started
        clock.move_to(T0 + timedelta(seconds=119))
        still_there((ada, "ada-phone"))
        assert kinds(alerts(round_)) == [(1, "disconnected")]
        clock.move_to(T0 + timedelta(seconds=120))
        found = alerts(round_)
        assert kinds(found) == [(1, "no_show")]
        assert found[0].since == T0 + timedelta(seconds=120) and "no-show" in found[0].text
    game = fresh(online.game)
    assert game.status == Game.Status.PLAYING and game.board.result == ""  # type: ignore[union-attr]


def test_without_a_window_nobody_is_a_no_show() -> None:
    online = online_board(online_first_move_seconds=None, online_long_think_seconds=None)
    round_ = published(online)
    with time_machine.travel(T0 + timedelta(hours=1), tick=False):
        assert alerts(round_) == []  # nobody connected: the clocks have not started


def test_a_turn_longer_than_the_events_threshold_is_a_long_think() -> None:
    online = online_board(online_long_think_seconds=120, clock_minutes=90)
    round_ = published(online)
    with time_machine.travel(T0, tick=False) as clock:
        ada, alan = seat_of(online, online.ada), seat_of(online, online.alan)
        services.connected(ada, "ada-phone")
        services.connected(alan, "alan-phone")
        clock.shift(60)
        still_there((ada, "ada-phone"), (alan, "alan-phone"))
        clock.shift(59)
        assert alerts(round_) == []
        clock.shift(1)
        found = alerts(round_)
        assert kinds(found) == [(0, "long_think")] and found[0].since == T0
        assert "2\xa0minutes" in found[0].text  # not "120 s"
        clock.shift(3600 + 75)
        still_there((ada, "ada-phone"), (alan, "alan-phone"))
        assert "1\xa0hour, 3\xa0minutes" in alerts(round_)[0].text


def test_a_seat_whose_time_has_run_out_is_not_thinking() -> None:
    """Its flag has fallen (recorded at the next write or the sweep): the others play on, and
    the arbiter is not told it is still thinking."""
    online = online_board(online_long_think_seconds=120, clock_minutes=5)
    round_ = published(online)
    with time_machine.travel(T0, tick=False) as clock:
        ada, alan = seat_of(online, online.ada), seat_of(online, online.alan)
        services.connected(ada, "ada-phone")
        services.connected(alan, "alan-phone")
        clock.shift(299)
        still_there((ada, "ada-phone"), (alan, "alan-phone"))
        assert kinds(alerts(round_)) == [(0, "long_think")]
        clock.shift(2)
        still_there((ada, "ada-phone"), (alan, "alan-phone"))
        assert alerts(round_) == []


def test_a_socket_not_heard_from_is_taken_as_gone() -> None:
    online = online_board()
    ada = seat_of(online, online.ada)
    with time_machine.travel(T0, tick=False) as clock:
        services.connected(ada, "ada-phone")
        clock.shift(60)
        services.seen(ada, "ada-phone")
        key = (online.game.pk, 0)
        assert seat_presence([online.game.pk])[key].connected
        clock.shift(STALE_AFTER.total_seconds() + 1)
        gone = seat_presence([online.game.pk])[key]
        assert not gone.connected and gone.since == T0 + timedelta(seconds=60)
        never = seat_presence([online.game.pk])[(online.game.pk, 1)]
        assert not never.connected and never.since is None


def test_venue_boards_finished_games_and_decided_boards_raise_no_alert() -> None:
    online = online_board(online_first_move_seconds=60)
    round_ = published(online)
    board_in(round_, 2, played=Played.VENUE)
    finished = board_in(round_, 3)
    Game.objects.filter(pk=finished.game.pk).update(status=Game.Status.FINISHED)
    with time_machine.travel(T0 + timedelta(seconds=61), tick=False):
        assert [(a.board, a.seat, a.kind) for a in alerts(round_)] == [
            (1, 0, "no_show"),
            (1, 1, "no_show"),
        ]
        online.board.result = "-/-"
        online.board.save(update_fields=["result"])
        assert alerts(round_) == []


def test_the_games_log_shows_its_connections_among_its_actions_and_the_record_ignores_them() -> (
    None
):
    online = online_board()
    ada = seat_of(online, online.ada)
    with time_machine.travel(T0, tick=False) as clock:
        services.connected(ada, "ada-phone")
        clock.shift(5)
        services.disconnected(ada, "ada-phone", 1001)
    lines = [(line.kind, line.seat) for line in game_log(online.game.pk)]
    assert lines == [("draw", 0), ("draw", 1), ("connect", 0), ("start", 0), ("disconnect", 0)]
    game = fresh(online.game)
    kinds_in_log = set(GameAction.objects.filter(game=game).values_list("kind", flat=True))
    assert kinds_in_log == {"draw", "start"} and game.log_length == 3


def test_the_admins_game_page_shows_the_connection_log_with_the_actions(admin_client: Any) -> None:
    online = online_board()
    ada = seat_of(online, online.ada)
    with time_machine.travel(T0, tick=False):
        services.connected(ada, "ada-phone")
    page = admin_client.get(f"/admin/games/game/{online.game.pk}/change/").content.decode()
    assert "ada-phone" in page and "Clock started" in page


def test_the_connection_log_is_append_only() -> None:
    online = online_board()
    services.connected(seat_of(online, online.ada), "ada-phone", start=False)
    row = ConnectionEvent.objects.get(game=online.game)
    row.channel = "elsewhere"
    with pytest.raises(ValueError, match="append-only"):
        row.save()
    with pytest.raises(ValueError, match="append-only"):
        row.delete()
    assert ConnectionEvent.objects.get(game=online.game).channel == "ada-phone"
