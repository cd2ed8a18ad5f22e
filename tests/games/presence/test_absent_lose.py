"""The MSO's "absent players lose", only where the director chose it (online_absent_lose,
games/presence/absence.py): when the first-move window ends, a no-show at a board of two loses
by forfeit, entered by the site through the one result path and logged; without the option, or
at a table of 3-4, the arbiter is told and decides; a board decided by then keeps its result."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games.models import GameAction
from games.presence import services
from games.presence.absence import REASON, apply_absent_rule
from games.presence.selectors import alerts, player_seat
from tests.factories import director_of
from tests.games.factories import fresh
from tests.games.play.factories import online_board as online_table
from tests.games.presence.helpers import OnlineBoard, online_board
from tournament.models.events import Round
from tournament.results.models import ResultCorrection
from tournament.results.services import set_board_result

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

T0 = datetime(2030, 8, 20, 14, 0, tzinfo=UTC)
WINDOW = 120


def published(round_: Round) -> Round:
    Round.objects.filter(pk=round_.pk).update(published_at=T0)
    round_.refresh_from_db()
    return round_


def ada_connects(online: OnlineBoard) -> None:
    seat = player_seat(online.ada, online.game.pk)
    assert seat is not None
    services.connected(seat, "ada-phone")


def with_the_rule(**fields: object) -> OnlineBoard:
    return online_board(
        online_absent_lose=True,
        online_first_move_seconds=WINDOW,
        online_long_think_seconds=None,
        **fields,
    )


def test_a_no_show_loses_by_forfeit_when_the_window_ends_entered_by_the_site_and_logged() -> None:
    online = with_the_rule()
    published(online.board.round)
    with time_machine.travel(T0 + timedelta(seconds=5), tick=False) as clock:
        ada_connects(online)  # Alan never comes
        clock.move_to(T0 + timedelta(seconds=WINDOW - 1))
        assert apply_absent_rule() == 0
        clock.move_to(T0 + timedelta(seconds=WINDOW))
        assert apply_absent_rule() == 1
        assert apply_absent_rule() == 0  # once
    board = fresh(online.game).board
    assert board is not None and board.result == "+/-"
    logged = ResultCorrection.objects.get(board=board)
    assert (logged.user, logged.new_result, logged.reason) == (None, "+/-", REASON)
    game = fresh(online.game)
    assert not game.clock_running  # Ada's clock is held: the board is decided
    held = GameAction.objects.filter(game=game, kind=GameAction.Kind.PAUSE).get()
    assert held.reason == "result +/- entered by the event's rule"


def test_both_absent_is_a_double_forfeit() -> None:
    online = with_the_rule()
    published(online.board.round)
    with time_machine.travel(T0 + timedelta(seconds=WINDOW), tick=False):
        assert apply_absent_rule() == 1
    assert fresh(online.game).board.result == "-/-"  # type: ignore[union-attr]


def test_without_the_option_the_arbiter_is_told_and_nothing_is_entered() -> None:
    online = online_board(online_first_move_seconds=WINDOW, online_long_think_seconds=None)
    round_ = published(online.board.round)
    with time_machine.travel(T0 + timedelta(seconds=WINDOW), tick=False):
        assert apply_absent_rule() == 0
        assert [a.kind for a in alerts(round_)] == ["no_show", "no_show"]
    assert fresh(online.game).board.result == ""  # type: ignore[union-attr]


def test_a_board_decided_before_the_window_ends_keeps_its_result() -> None:
    online = with_the_rule()
    published(online.board.round)
    with time_machine.travel(T0 + timedelta(seconds=60), tick=False) as clock:
        set_board_result(
            board=online.board, result="1-0", user=director_of(online.board.round.event)
        )
        clock.move_to(T0 + timedelta(seconds=WINDOW + 10))
        assert apply_absent_rule() == 0
    assert fresh(online.game).board.result == "1-0"  # type: ignore[union-attr]


def test_a_table_of_three_is_left_to_the_arbiter() -> None:
    online = online_table(
        ("ada", "alan", "grace"),
        table_size=3,
        online_absent_lose=True,
        online_first_move_seconds=WINDOW,
        online_long_think_seconds=None,
    )
    round_ = published(online.board.round)
    with time_machine.travel(T0 + timedelta(seconds=WINDOW), tick=False):
        assert apply_absent_rule() == 0
        assert [a.kind for a in alerts(round_)] == ["no_show"] * 3
    assert fresh(online.game).board.result == ""  # type: ignore[union-attr]
