"""Fair clocks (issue 29): a clock operation is charged when it was made on the device, within the
seat's lag allowance (docs/clocks.md): at most the cap per operation, from a bank that starts
full, spends what it credits and gains half the cap back with every operation."""

import datetime as dt
from typing import Any

import pytest
import time_machine
from django.utils import timezone

from games.clocks.lag import Allowance
from games.clocks.services import clock_operation, sweep_flags
from games.models import Game, GameAction
from games.recording import positions
from games.recording.services import record_action
from games.recording.writes import effective_rows
from tests.games.factories import board_with_game, fresh
from tournament.errors import Conflict

pytestmark = pytest.mark.usefixtures("tasks_in_process")

T0 = dt.datetime(2026, 8, 20, 10, 0, 0, tzinfo=dt.UTC)
MIN = 60_000
RO = {"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]}


def seconds(s: float) -> dt.timedelta:
    return dt.timedelta(seconds=s)


def op(game: Game, user: Any, operation: str, **kw: Any) -> GameAction:
    game = fresh(game)
    return clock_operation(
        game=game, user=user, expected_index=game.log_length, operation=operation, **kw
    )


def place_turn(game: Game, user: Any) -> None:
    """The seat to move places the first legal tile, and its bonus placements if it earns any."""
    while True:
        game = fresh(game)
        rows = effective_rows(game)
        eng = positions.replay(game.ruleset, game.options, game.players, [r.payload for r in rows])
        move = eng.legal_placements()[0]
        record_action(game=game, user=user, expected_index=game.log_length, action=move)
        if not fresh(game).position.get("bonus_owed"):
            return


def credited(row: GameAction) -> int:
    credit: int = row.payload["lag"]["credited_ms"]
    return credit


def test_the_bank_spends_what_it_credits_and_gains_half_the_cap_back() -> None:
    rules = Allowance(cap_ms=2000, bank_ms=6000)
    assert rules.gain_ms == 1000
    assert rules.bank_after([]) == 6000
    assert rules.bank_after([2000]) == 5000
    assert rules.bank_after([0, 0]) == 6000  # never above full
    assert rules.bank_after([2000] * 5) == 1000
    assert rules.bank_after([2000] * 5 + [1000]) == 1000
    assert rules.bank_after([2000] * 5 + [0]) == 2000


@pytest.mark.django_db
def test_a_press_that_reaches_the_server_late_is_charged_when_it_was_made() -> None:
    """The issue's example: made at 32 s, it reaches the server 1.5 s later."""
    _board, game, arbiter = board_with_game()
    with time_machine.travel(T0, tick=False) as clock:
        op(game, arbiter, "start")
        clock.shift(30)
        record_action(game=fresh(game), user=arbiter, expected_index=1, action=RO)
        clock.shift(2)
        pressed = T0 + seconds(32)
        clock.shift(1.5)
        row = op(game, arbiter, "press", client_at=pressed)
        assert row.at == pressed
        assert credited(row) == 1500
        assert row.payload["lag"] == {
            "seat": 0,
            "client_at": pressed.isoformat(),
            "received_at": (T0 + seconds(33.5)).isoformat(),
            "credited_ms": 1500,
        }
        game = fresh(game)
        # Seat 0 used 32 s; seat 1's clock has run since the press, not since it arrived.
        assert game.remaining_ms == [10 * MIN - 32_000, 10 * MIN]
        assert game.clock_since == pressed
        assert game.readings(T0 + seconds(33.5)) == [10 * MIN - 32_000, 10 * MIN - 1500]


@pytest.mark.django_db
def test_with_a_one_second_cap_one_second_is_credited_and_the_rest_charged() -> None:
    _board, game, arbiter = board_with_game(clock_lag_cap_ms=1000)
    with time_machine.travel(T0, tick=False) as clock:
        op(game, arbiter, "start")
        clock.shift(30)
        record_action(game=fresh(game), user=arbiter, expected_index=1, action=RO)
        clock.shift(3.5)
        row = op(game, arbiter, "press", client_at=T0 + seconds(32))
        assert credited(row) == 1000
        assert fresh(game).remaining_ms == [10 * MIN - 32_500, 10 * MIN]


@pytest.mark.django_db
def test_a_client_claiming_thirty_seconds_of_lag_gets_the_cap() -> None:
    _board, game, arbiter = board_with_game()
    with time_machine.travel(T0, tick=False) as clock:
        op(game, arbiter, "start")
        clock.shift(10)
        record_action(game=fresh(game), user=arbiter, expected_index=1, action=RO)
        clock.shift(30)
        row = op(game, arbiter, "press", client_at=T0 + seconds(10))
        assert credited(row) == 2000
        assert row.at == T0 + seconds(38)
        assert fresh(game).remaining_ms == [10 * MIN - 38_000, 10 * MIN]


@pytest.mark.django_db
def test_a_moment_before_the_last_clock_operation_is_clamped_to_it() -> None:
    _board, game, arbiter = board_with_game(clock_lag_cap_ms=10_000, clock_lag_bank_ms=60_000)
    with time_machine.travel(T0, tick=False) as clock:
        op(game, arbiter, "start")
        clock.shift(2)
        record_action(game=fresh(game), user=arbiter, expected_index=1, action=RO)
        clock.shift(3)
        row = op(game, arbiter, "press", client_at=T0 - seconds(10))
        # Back to the start and no further: 5 s credited, not 15.
        assert credited(row) == 5000
        assert row.at == T0
        assert fresh(game).remaining_ms == [10 * MIN, 10 * MIN]


@pytest.mark.django_db
def test_a_moment_in_the_future_is_clamped_to_now() -> None:
    _board, game, arbiter = board_with_game()
    with time_machine.travel(T0, tick=False) as clock:
        op(game, arbiter, "start")
        clock.shift(20)
        record_action(game=fresh(game), user=arbiter, expected_index=1, action=RO)
        clock.shift(5)
        row = op(game, arbiter, "press", client_at=T0 + seconds(60))
        assert credited(row) == 0
        assert row.at == T0 + seconds(25)
        assert fresh(game).remaining_ms == [10 * MIN - 25_000, 10 * MIN]


@pytest.mark.django_db
def test_a_press_without_its_moment_is_charged_on_arrival_as_before() -> None:
    _board, game, arbiter = board_with_game()
    with time_machine.travel(T0, tick=False) as clock:
        op(game, arbiter, "start")
        clock.shift(20)
        record_action(game=fresh(game), user=arbiter, expected_index=1, action=RO)
        clock.shift(5)
        row = op(game, arbiter, "press")
        assert row.payload == {"seat": 0, "to": 1}
        assert row.at == T0 + seconds(25)
        assert fresh(game).remaining_ms == [10 * MIN - 25_000, 10 * MIN]


@pytest.mark.django_db
def test_a_constant_lag_empties_the_bank_and_presses_without_lag_refill_it() -> None:
    """Defaults: 2 s a press at most, a 6 s bank, 1 s back a press. Each seat has its own."""
    _board, game, arbiter = board_with_game()
    credits: dict[int, list[int]] = {0: [], 1: []}
    with time_machine.travel(T0, tick=False) as clock:
        op(game, arbiter, "start")

        def press_late(lag: float) -> None:
            place_turn(game, arbiter)
            clock.shift(1)
            made = timezone.now()
            clock.shift(lag)
            row = op(game, arbiter, "press", client_at=made)
            credits[row.payload["seat"]].append(credited(row))

        for _ in range(7):
            press_late(3)  # seat 0's press, then seat 1's
            press_late(3)
        assert credits[0] == [2000, 2000, 2000, 2000, 2000, 1000, 1000]
        assert credits[1] == credits[0]
        for _ in range(2):  # two presses on time: two seconds back in each bank
            press_late(0)
            press_late(0)
        press_late(3)
        press_late(3)
        assert credits[0][-3:] == [0, 0, 2000] and credits[1][-3:] == [0, 0, 2000]


@pytest.mark.django_db
def test_the_events_allowance_of_none_charges_every_operation_on_arrival() -> None:
    _board, game, arbiter = board_with_game(clock_lag_cap_ms=0)
    with time_machine.travel(T0, tick=False) as clock:
        op(game, arbiter, "start")
        clock.shift(10)
        record_action(game=fresh(game), user=arbiter, expected_index=1, action=RO)
        clock.shift(2)
        row = op(game, arbiter, "press", client_at=T0 + seconds(10.5))
        assert credited(row) == 0 and row.at == T0 + seconds(12)


@pytest.mark.django_db
def test_start_pause_resume_and_adjust_are_charged_when_they_were_made() -> None:
    _board, game, arbiter = board_with_game()
    with time_machine.travel(T0, tick=False) as clock:
        clock.shift(1)
        start = op(game, arbiter, "start", client_at=T0)  # seat 0's clock runs from T0
        assert start.at == T0 and credited(start) == 1000
        clock.shift(19)
        pause = op(game, arbiter, "pause", reason="dispute", client_at=T0 + seconds(19))
        assert pause.at == T0 + seconds(19)
        assert fresh(game).remaining_ms == [10 * MIN - 19_000, 10 * MIN]
        clock.shift(60)
        resume = op(game, arbiter, "resume", client_at=T0 + seconds(79))
        assert resume.at == T0 + seconds(79)
        clock.shift(10)  # seat 0 has played 19 s + 11 s
        adjust = op(
            game,
            arbiter,
            "adjust",
            seat=1,
            remaining_ms=5 * MIN,
            reason="clock error",
            client_at=T0 + seconds(89.5),
        )
        assert adjust.payload["from_ms"] == 10 * MIN and credited(adjust) == 500
        game = fresh(game)
        assert game.readings(T0 + seconds(90)) == [10 * MIN - 30_000, 5 * MIN]
        assert [r.payload["lag"]["seat"] for r in (start, pause, resume, adjust)] == [0] * 4


@pytest.mark.django_db
def test_a_press_made_in_time_that_arrives_after_the_flag_fell_is_credited() -> None:
    """The fairness that matters most: the last seconds. Made at 59 s of a one-minute clock, it
    reaches the server at 60.5 s: seat 0 still has a second, no flag falls."""
    _board, game, arbiter = board_with_game(clock_minutes=1)
    with time_machine.travel(T0, tick=False) as clock:
        op(game, arbiter, "start")
        clock.shift(10)
        record_action(game=fresh(game), user=arbiter, expected_index=1, action=RO)
        clock.shift(50.5)
        row = op(game, arbiter, "press", client_at=T0 + seconds(59))
        assert row.kind == "press" and credited(row) == 1500
        game = fresh(game)
        assert game.remaining_ms == [1000, MIN] and game.position.get("flagged", []) == []
        assert not GameAction.objects.filter(game=game, kind="flag").exists()


@pytest.mark.django_db
def test_a_press_made_after_the_flag_fell_finds_the_flag_recorded() -> None:
    _board, game, arbiter = board_with_game(clock_minutes=1)
    with time_machine.travel(T0, tick=False) as clock:
        op(game, arbiter, "start")
        clock.shift(10)
        record_action(game=fresh(game), user=arbiter, expected_index=1, action=RO)
        clock.shift(51)
        with pytest.raises(Conflict, match="time has run out"):
            op(game, arbiter, "press", client_at=T0 + seconds(60.2))
        assert fresh(game).position["flagged"] == [0]


@pytest.mark.django_db
def test_the_sweep_waits_out_the_grace_of_a_board_whose_device_says_its_moments() -> None:
    """A press on its way is not beaten by the beat's sweep: at a board whose device sends its
    moments, a flag is recorded once the seat's time has been out longer than its next press
    could be credited (2 s by default); at a board whose device does not, as soon as it is out
    (tests/games/clocks/test_clock.py)."""
    _board, game, arbiter = board_with_game(clock_minutes=1)
    with time_machine.travel(T0, tick=False) as clock:
        op(game, arbiter, "start", client_at=T0)
        clock.shift(61.5)
        assert sweep_flags() == 0
        clock.shift(0.6)
        assert sweep_flags() == 1
        assert fresh(game).position["flagged"] == [0]


@pytest.mark.django_db
def test_a_turn_made_in_time_whose_entries_arrive_after_the_fall_is_not_flagged() -> None:
    """Placed at 59 s and pressed at 59.5 s of a one-minute clock, the turn reaches the server
    at 60.8 s and 61 s: the placement finds the flag within its grace, the press is credited."""
    _board, game, arbiter = board_with_game(clock_minutes=1)
    with time_machine.travel(T0, tick=False) as clock:
        op(game, arbiter, "start", client_at=T0)
        clock.shift(60.8)
        record_action(game=fresh(game), user=arbiter, expected_index=1, action=RO)
        clock.shift(0.2)
        row = op(game, arbiter, "press", client_at=T0 + seconds(59.5))
        assert credited(row) == 1500
        game = fresh(game)
        assert game.remaining_ms == [500, MIN] and game.position.get("flagged", []) == []
