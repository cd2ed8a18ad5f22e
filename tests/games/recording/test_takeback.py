"""Corrections: taken-back actions stay in the log, marked; the position is recomputed."""

import datetime as dt
from typing import Any

import pytest
import time_machine

from games.clocks.services import press_clock, resume_clock, start_clock
from games.engine.randomgame import random_game
from games.models import Game, GameAction
from games.recording import positions
from games.recording.corrections import REOPENED_REASON, take_back
from games.recording.services import record_action, record_actions
from tests.games.factories import board_with_game, fresh
from tests.result_calls import lowest
from tournament.errors import DomainError
from tournament.results.models import ResultCorrection

pytestmark = pytest.mark.usefixtures("tasks_in_process")

T0 = dt.datetime(2026, 8, 20, 10, 0, 0, tzinfo=dt.UTC)
RO = {"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]}
GG = {"type": "place", "player": 1, "tile": "GG", "cells": ["C12", "D12"]}


def call(fn: Any, game: Game, user: Any, **kw: Any) -> Game:
    game = fresh(game)
    fn(game=game, user=user, expected_index=game.log_length, **kw)
    return fresh(game)


@pytest.mark.django_db
def test_a_take_back_across_the_press_gives_the_clock_back() -> None:
    _board, game, arbiter = board_with_game()
    with time_machine.travel(T0, tick=False) as clock:
        game = call(start_clock, game, arbiter)
        clock.shift(20)
        game = call(record_action, game, arbiter, action=RO)
        game = call(press_clock, game, arbiter)
        clock.shift(10)
        game = call(record_action, game, arbiter, action=GG)
        before_gg = dict(fresh(game).position)
        # Both placements were wrong: take back two, the first player is to place again.
        clock.shift(5)
        game = call(take_back, game, arbiter, count=2, reason="tiles were misread")
        assert game.position["record_length"] == 0
        assert (
            game.position["cells"]
            == positions.summarise(positions.new_engine("mso", {}, game.players), 0)["cells"]
        )
        assert game.clock_seat == 0 and game.clock_running
        assert game.readings(T0 + dt.timedelta(seconds=35)) == [600_000 - 20_000, 600_000 - 15_000]
        rows = list(GameAction.objects.filter(game=game).order_by("index"))
        takeback = rows[-1]
        assert takeback.kind == "takeback" and takeback.reason == "tiles were misread"
        assert takeback.payload == {"indices": [1, 3], "clock_to": 0}
        assert [r.index for r in rows if r.taken_back_by_id == takeback.pk] == [1, 3]
        assert rows[1].payload == RO and rows[3].payload == GG  # the rows are kept intact
        assert before_gg != game.position
        # Recording goes on from the recomputed position.
        game = call(record_action, game, arbiter, action=RO)
        assert game.position["record_length"] == 1


@pytest.mark.django_db
def test_cannot_take_back_more_than_was_recorded() -> None:
    _board, game, arbiter = board_with_game()
    game = call(record_action, game, arbiter, action=RO)
    with pytest.raises(DomainError, match="cannot take back 2"):
        call(take_back, game, arbiter, count=2, reason="oops")
    assert fresh(game).log_length == 1


@pytest.mark.django_db
def test_taking_back_the_last_move_reopens_a_finished_game_and_withdraws_its_result(
    django_capture_on_commit_callbacks: Any,
) -> None:
    board, game, arbiter = board_with_game()
    actions = positions.board_mode_actions(random_game("mso", "full", seed=2))
    with django_capture_on_commit_callbacks(execute=True):
        game = call(record_actions, game, arbiter, actions=actions)
    assert game.status == Game.Status.FINISHED
    board.refresh_from_db()
    assert board.result
    with django_capture_on_commit_callbacks(execute=True):
        game = call(take_back, game, arbiter, count=1, reason="last tile misplaced")
    assert game.status == Game.Status.PLAYING
    assert game.validation == Game.Validation.UNCHECKED
    assert game.clock_seat is None and not game.clock_running  # recorded without the clocks
    board.refresh_from_db()
    assert (board.result, *lowest(board)) == ("", None, None)
    assert ResultCorrection.objects.filter(board=board).last().reason == (REOPENED_REASON)
    # Re-entering the move ends the game again with the same result.
    with django_capture_on_commit_callbacks(execute=True):
        game = call(record_action, game, arbiter, action=actions[-1])
    assert game.status == Game.Status.FINISHED
    board.refresh_from_db()
    assert board.result


@pytest.mark.django_db
def test_reopening_a_game_played_on_the_clocks_holds_them_for_the_player_to_move(
    django_capture_on_commit_callbacks: Any,
) -> None:
    board, game, arbiter = board_with_game()
    actions = positions.board_mode_actions(random_game("mso", "full", seed=2))
    with time_machine.travel(T0, tick=False) as clock:
        game = call(start_clock, game, arbiter)
        with django_capture_on_commit_callbacks(execute=True):
            for action in actions:
                if action["player"] != game.clock_seat:
                    game = call(press_clock, game, arbiter)
                clock.shift(3)
                game = call(record_action, game, arbiter, action=action)
        assert game.status == Game.Status.FINISHED and game.clock_seat is None
        final = game.remaining_ms
        clock.shift(120)  # the correction comes two minutes later: nobody's time runs meanwhile
        game = call(take_back, game, arbiter, count=1, reason="last tile misplaced")
        assert game.clock_seat == actions[-1]["player"] and not game.clock_running
        assert game.remaining_ms == final
        game = call(resume_clock, game, arbiter)
        clock.shift(4)
        game = call(record_action, game, arbiter, action=actions[-1])
        assert game.status == Game.Status.FINISHED
        seat = actions[-1]["player"]
        assert game.remaining_ms[seat] == final[seat] - 4000
