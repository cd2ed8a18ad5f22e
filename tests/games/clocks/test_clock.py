"""The clocks: server-side arithmetic from stored timestamps, flags, and the MSO flag rule."""

import datetime as dt
from typing import Any

import pytest
import time_machine

from games.clocks import services as clock_services
from games.clocks.readings import Clock, format_ms
from games.clocks.services import (
    clock_operation,
    detect_flag,
    press_clock,
)
from games.models import Game, GameAction
from games.recording.corrections import take_back
from games.recording.services import record_action
from games.tasks import sweep_flags
from tests.games.factories import board_with_game, fresh
from tests.result_calls import lowest
from tournament.errors import Conflict, DomainError

pytestmark = pytest.mark.usefixtures("tasks_in_process")

T0 = dt.datetime(2026, 8, 20, 10, 0, 0, tzinfo=dt.UTC)
MIN = 60_000

RO = {"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]}
GG = {"type": "place", "player": 1, "tile": "GG", "cells": ["C12", "D12"]}


def place(game: Game, user: Any, action: dict[str, Any]) -> Game:
    game = fresh(game)
    record_action(game=game, user=user, expected_index=game.log_length, action=action)
    return fresh(game)


def op(game: Game, user: Any, operation: str, **kw: Any) -> Game:
    game = fresh(game)
    clock_operation(game=game, user=user, expected_index=game.log_length, operation=operation, **kw)
    return fresh(game)


def readings(game: Game) -> list[int]:
    from django.utils import timezone

    return fresh(game).readings(timezone.now())


def test_clock_arithmetic_is_pure() -> None:
    clock = Clock.new(2, 10 * MIN).start(T0, 0)
    later = T0 + dt.timedelta(seconds=90)
    assert clock.readings(later) == [10 * MIN - 90_000, 10 * MIN]
    switched = clock.switch(later, 1)
    assert switched.readings(later + dt.timedelta(seconds=5)) == [8.5 * MIN, 10 * MIN - 5000]
    assert clock.expired_seat(T0 + dt.timedelta(minutes=10)) == 0
    assert clock.expired_seat(T0 + dt.timedelta(minutes=9, seconds=59)) is None
    paused = clock.pause(later)
    assert paused.readings(later + dt.timedelta(hours=1)) == [10 * MIN - 90_000, 10 * MIN]
    assert format_ms(0) == "0:00" and format_ms(59_001) == "1:00" and format_ms(600_000) == "10:00"


@pytest.mark.django_db
def test_press_pause_resume_and_adjust_with_time_machine() -> None:
    board, game, arbiter = board_with_game()
    with time_machine.travel(T0, tick=False) as clock:
        game = op(game, arbiter, "start")
        assert (game.clock_seat, game.clock_running) == (0, True)
        clock.shift(30)
        assert readings(game) == [10 * MIN - 30_000, 10 * MIN]
        game = place(game, arbiter, RO)
        clock.shift(2)
        game = op(game, arbiter, "press")
        assert game.clock_seat == 1
        assert game.remaining_ms == [10 * MIN - 32_000, 10 * MIN]
        clock.shift(20)
        assert readings(game) == [10 * MIN - 32_000, 10 * MIN - 20_000]

        game = op(game, arbiter, "pause", reason="dispute at the table")
        clock.shift(300)  # a long dispute costs nobody time
        assert readings(game) == [10 * MIN - 32_000, 10 * MIN - 20_000]
        game = op(game, arbiter, "resume")
        clock.shift(10)
        assert readings(game) == [10 * MIN - 32_000, 10 * MIN - 30_000]

        game = op(game, arbiter, "adjust", seat=1, remaining_ms=2 * MIN, reason="clock error")
        clock.shift(15)
        assert readings(game) == [10 * MIN - 32_000, 2 * MIN - 15_000]
        adjust = GameAction.objects.get(game=game, kind="adjust")
        assert adjust.payload == {"seat": 1, "from_ms": 10 * MIN - 30_000, "to_ms": 2 * MIN}
        assert adjust.reason == "clock error" and adjust.user == arbiter
        assert adjust.clock_ms == [10 * MIN - 32_000, 2 * MIN]
        kinds = list(GameAction.objects.filter(game=game).values_list("kind", flat=True))
        assert kinds == ["start", "place", "press", "pause", "resume", "adjust"]


@pytest.mark.django_db
def test_the_clock_state_survives_a_restart() -> None:
    """Nothing lives in memory: a fresh process reads the same clocks from the database."""
    _board, game, arbiter = board_with_game()
    with time_machine.travel(T0, tick=False) as clock:
        op(game, arbiter, "start")
        clock.shift(42)
        # What a restarted server has: the row, nothing else.
        reloaded = Game.objects.get(pk=game.pk)
        assert reloaded.clock_since == T0
        assert reloaded.readings(T0 + dt.timedelta(seconds=42)) == [10 * MIN - 42_000, 10 * MIN]


@pytest.mark.django_db
def test_a_flag_shows_on_read_is_stored_once_by_the_next_write_and_the_opponent_plays_on(
    client: Any, django_capture_on_commit_callbacks: Any
) -> None:
    board, game, arbiter = board_with_game(clock_minutes=1)
    with time_machine.travel(T0, tick=False) as clock:
        op(game, arbiter, "start")
        clock.shift(10)
        game = place(game, arbiter, RO)
        clock.shift(55)  # 65 s on seat 0's clock: the flag has fallen
        state = client.get(f"/api/games/{board.pk}/?log=0").json()
        assert state["clock"]["flag_fallen"] == 0 and state["clock"]["readings_ms"] == [0, MIN]
        flags = GameAction.objects.filter(game=game, kind="flag")
        assert not flags.exists()  # reads never write
        # The next write records the flag first, and is refused so the arbiter sees it.
        with pytest.raises(Conflict, match="time has run out: the flag is recorded"):
            press_clock(game=fresh(game), user=arbiter, expected_index=2)
        with pytest.raises(Conflict, match="the next action is number 3, not 2"):
            press_clock(game=fresh(game), user=arbiter, expected_index=2)
        assert flags.count() == 1  # two writes, one flag
        state = client.get(f"/api/games/{board.pk}/?log=0").json()
        assert state["clock"]["flag_fallen"] is None
        flag = flags.get()
        assert flag.user is None and flag.payload == {"type": "flag", "player": 0}
        assert flag.clock_ms == [0, MIN]
        assert state["position"]["flagged"] == [0]
        assert state["clock"]["seat"] == 1 and state["clock"]["running"] is True
        assert state["clock"]["readings_ms"] == [0, MIN]

        # The flagged player makes no more moves; the opponent plays on alone.
        clock.shift(5)
        game = place(game, arbiter, GG)
        refused = fresh(game)
        with pytest.raises(DomainError):
            record_action(
                game=refused,
                user=arbiter,
                expected_index=refused.log_length,
                action={"type": "place", "player": 0, "tile": "BB", "cells": ["H12", "I12"]},
            )
        game = op(game, arbiter, "press")
        assert (game.clock_seat, game.clock_running) == (1, True)  # the same clock runs on
        clock.shift(5)
        game = place(game, arbiter, {**GG, "tile": "BB", "cells": ["H12", "I12"]})
        assert fresh(game).status == Game.Status.PLAYING

        # The opponent's time runs out too: the game is over, decided by the scores.
        clock.shift(60)
        with django_capture_on_commit_callbacks(execute=True):
            assert sweep_flags() == 1
        game = fresh(game)
        assert game.status == Game.Status.FINISHED
        assert game.position["flagged"] == [0, 1]
        board.refresh_from_db()
        scores = game.position["scores"]
        expected = "1-0" if sorted(scores[0]) > sorted(scores[1]) else "0-1"
        if sorted(scores[0]) == sorted(scores[1]):
            expected = "1/2-1/2"
        assert board.result == expected
        assert lowest(board) == (min(scores[0]), min(scores[1]))


@pytest.mark.django_db
def test_the_beat_sweep_records_only_fallen_flags() -> None:
    _b1, running_out, arbiter = board_with_game(clock_minutes=1)
    _b2, still_time, arbiter2 = board_with_game(clock_minutes=5)
    with time_machine.travel(T0, tick=False) as clock:
        op(running_out, arbiter, "start")
        op(still_time, arbiter2, "start")
        clock.shift(59)
        assert clock_services.sweep_flags() == 0
        clock.shift(2)
        assert clock_services.sweep_flags() == 1
        assert clock_services.sweep_flags() == 0  # idempotent
        assert fresh(running_out).position["flagged"] == [0]
        assert GameAction.objects.filter(game=still_time, kind="flag").count() == 0


@pytest.mark.django_db
def test_a_write_after_the_flag_fell_is_refused_as_stale(client: Any) -> None:
    """The arbiter's tablet is behind: the server records the flag first, the entry is stale."""
    _board, game, arbiter = board_with_game(clock_minutes=1)
    with time_machine.travel(T0, tick=False) as clock:
        game = op(game, arbiter, "start")
        clock.shift(61)
        expected = game.log_length
        with pytest.raises(Conflict):
            record_action(game=game, user=arbiter, expected_index=expected, action=RO)
        assert GameAction.objects.filter(game=game, kind="flag").count() == 1
        assert GameAction.objects.filter(game=game, kind="place").count() == 0


@pytest.mark.django_db
def test_a_flag_taken_back_after_time_is_given_back_lets_the_player_play_on() -> None:
    _board, game, arbiter = board_with_game(clock_minutes=1)
    with time_machine.travel(T0, tick=False) as clock:
        op(game, arbiter, "start")
        clock.shift(61)
        assert detect_flag(game.pk) is not None
        game = fresh(game)
        assert game.clock_seat == 1 and game.position["flagged"] == [0]
        # The clock was faulty: seat 0 gets 30 s back, then the flag is taken back.
        game = op(game, arbiter, "adjust", seat=0, remaining_ms=30_000, reason="faulty clock")
        game = fresh(game)
        take_back(
            game=game, user=arbiter, expected_index=game.log_length, count=1, reason="faulty clock"
        )
        game = fresh(game)
        assert game.position["flagged"] == []
        assert game.clock_seat == 0 and game.clock_running
        clock.shift(10)
        assert readings(game)[0] == 20_000
        game = place(game, arbiter, RO)
        assert detect_flag(game.pk) is None
        # When those 30 s are used up too, the flag falls again.
        clock.shift(25)
        assert detect_flag(game.pk) is not None
