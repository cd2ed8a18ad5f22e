"""Recording whole games through the API: the result reaches the round, the record is exact."""

from typing import Any

import pytest

from games.engine.gamerecord import Record
from games.engine.randomgame import random_game
from games.engine.replaying import replay
from games.models import Game, GameAction
from games.recording import positions
from tests.games.factories import has_bonus, scripted_actions
from tests.result_calls import lowest as side_lowest
from tournament.models.events import Round
from tournament.results.models import ResultCorrection

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def engine_result(actions: list[dict[str, Any]]) -> tuple[str, list[int]]:
    game = replay(Record("mso", "board", ["a", "b"], actions))
    assert game.over
    return positions.result_code(game), game.lowest_levels()


@pytest.mark.django_db
def test_a_random_engine_game_recorded_through_the_api_reaches_the_round(
    table: Any, django_capture_on_commit_callbacks: Any
) -> None:
    board, game, arbiter, tablet = table()
    actions = positions.board_mode_actions(random_game("mso", "full", seed=5))
    result, lowest = engine_result(actions)

    with django_capture_on_commit_callbacks(execute=True):
        assert tablet.clock("start").status_code == 200
        tablet.play(actions)

    state = tablet.state()
    assert state["status"] == "finished"
    assert state["position"]["over"] is True
    assert state["position"]["record_length"] == len(actions)
    assert state["clock"]["seat"] is None and state["clock"]["running"] is False
    board.refresh_from_db()
    assert (board.result, *side_lowest(board)) == (result, *lowest)
    correction = ResultCorrection.objects.get(board=board)
    assert correction.reason == "game over (recorded at the board)"
    assert correction.user == arbiter
    assert board.round.__class__.objects.get(pk=board.round_id).status == Round.Status.COMPLETE
    assert Game.objects.get(pk=game.pk).validation == Game.Validation.VALID
    # Every entry names who made it and both clocks at that moment.
    log = state["log"]
    assert {e["user"] for e in log} == {arbiter.username}
    assert all(len(e["clock_ms"]) == 2 for e in log)
    assert sum(1 for e in log if e["kind"] == "press") >= len(actions) // 2 - 1
    # The download is the game exactly as played.
    exported = tablet.client.get(tablet.url("api-game-record")).json()
    assert exported["actions"] == actions
    assert exported["players"] == [board.sides[0].player.name, board.sides[1].player.name]


@pytest.mark.django_db
def test_a_whole_game_with_a_bonus_placement_a_swap_and_a_take_back(
    table: Any, django_capture_on_commit_callbacks: Any
) -> None:
    board, game, arbiter, tablet = table()
    actions = scripted_actions(seed=1)
    assert has_bonus(actions) and any(a["type"] == "swap" for a in actions)
    bonus = next(
        i
        for i in range(1, len(actions))
        if actions[i]["type"] == "place" == actions[i - 1]["type"]
        and actions[i]["player"] == actions[i - 1]["player"]
    )
    assert tablet.clock("start").status_code == 200

    # Up to the placement that earns the bonus: the clock may not be pressed then.
    tablet.play(actions[:bonus])
    state = tablet.state()
    assert state["position"]["bonus_owed"] == 1
    refused = tablet.clock("press")
    assert refused.status_code == 400
    assert refused.json()["code"] == "bonus_owed"
    assert tablet.state()["next_index"] == state["next_index"]

    # A mistaken bonus placement is taken back: it stays in the log, marked.
    wrong = _another_legal_placement(actions[:bonus], actions[bonus])
    assert tablet.act(wrong).status_code == 201
    response = tablet.take_back(1, "the player placed the tile elsewhere")
    assert response.status_code == 200
    assert response.json()["stored"][0]["kind"] == "takeback"
    after = tablet.state()
    assert after["position"] == state["position"]
    marked = [e for e in after["log"] if e["taken_back_by"] is not None]
    assert [e["payload"] for e in marked] == [wrong]
    assert after["log"][-1]["kind"] == "takeback"
    assert after["log"][-1]["reason"] == "the player placed the tile elsewhere"
    assert after["log"][-1]["payload"]["indices"] == [marked[0]["index"]]

    with django_capture_on_commit_callbacks(execute=True):
        tablet.play(actions[bonus:])

    state = tablet.state()
    assert state["status"] == "finished"
    result, lowest = engine_result(actions)
    board.refresh_from_db()
    assert (board.result, *side_lowest(board)) == (result, *lowest)
    exported = tablet.client.get(tablet.url("api-game-record")).json()
    assert exported["actions"] == actions  # the taken-back placement is not in the record
    assert GameAction.objects.filter(game=game, taken_back_by__isnull=False).count() == 1
    assert Game.objects.get(pk=game.pk).validation == Game.Validation.VALID


def _another_legal_placement(
    played: list[dict[str, Any]], intended: dict[str, Any]
) -> dict[str, Any]:
    game = replay(Record("mso", "board", ["a", "b"], played))
    for move in game.legal_placements():
        if move != intended:
            return move
    raise AssertionError("no other legal placement")


@pytest.mark.django_db
def test_a_turn_typed_in_the_notation_is_recorded_whole(table: Any) -> None:
    _board, _game, _arbiter, tablet = table()
    response = tablet.post("api-game-actions", {"text": "RO C9 D9"})
    assert response.status_code == 201, response.content
    assert response.json()["stored"][-1]["payload"] == {
        "type": "place",
        "player": 0,
        "tile": "RO",
        "cells": ["C9", "D9"],
    }
    # Unreadable notation: the engine's reader says where, nothing is stored.
    bad = tablet.post("api-game-actions", {"text": "RO C9"})
    assert bad.status_code == 400
    assert bad.json()["code"] == "BAD_RECORD"
    assert tablet.state()["next_index"] == 1


@pytest.mark.django_db
def test_the_preview_shows_the_points_without_storing_anything(table: Any) -> None:
    _board, _game, _arbiter, tablet = table()
    response = tablet.client.get(tablet.url("api-game-preview"), {"tile": "RR", "cells": "C9,D9"})
    assert response.status_code == 200
    body = response.json()
    assert body["seat"] == 0
    assert body["points"]["R"] >= 1  # C9 touches the red start symbol on C8
    assert tablet.state()["next_index"] == 0
    illegal = tablet.client.get(tablet.url("api-game-preview"), {"tile": "RR", "cells": "C8,C9"})
    assert illegal.status_code == 400
    assert illegal.json()["code"] == "CELL_OCCUPIED"
