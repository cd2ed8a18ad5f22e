"""A decided board is closed: nothing more is recorded there until a director reopens it with a
reason, and a recorded game never overwrites a result already entered."""

from typing import Any

import pytest
from django.urls import reverse

from games.clocks.services import start_clock
from games.engine.randomgame import random_game
from games.models import Game, GameAction
from games.recording import positions
from games.recording.corrections import take_back
from games.recording.services import import_record, record_action, record_actions
from tests.factories import director_of
from tests.games.factories import board_with_game, fresh
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.results.models import ResultCorrection
from tournament.results.services import reopen_board, set_board_result

pytestmark = pytest.mark.usefixtures("tasks_in_process")

RO = {"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]}


def record_ending(result: str) -> Any:
    """A complete random game whose result is ``result``."""
    for seed in range(40):
        record = random_game("mso", "full", seed=seed)
        eng = positions.replay("mso", {}, ["A", "B"], positions.board_mode_actions(record))
        if positions.result_code(eng) == result:
            return record
    raise AssertionError(f"no random game ends {result}")


def decided(result: str = "0-1") -> tuple[Any, Game, Any, Any]:
    board, game, arbiter = board_with_game()
    director = director_of(board.round.event)
    set_board_result(board=board, result=result, user=director)
    return board, fresh(game), arbiter, director


@pytest.mark.django_db
def test_a_board_a_director_decided_takes_no_move_clock_start_or_import() -> None:
    board, game, arbiter, _director = decided("0-1")
    with pytest.raises(Conflict, match="decided \\(0-1, entered by td\\)") as refused:
        record_action(game=game, user=arbiter, expected_index=0, action=RO)
    assert refused.value.code == "board_closed"
    with pytest.raises(Conflict, match="reopens the board"):
        start_clock(game=game, user=arbiter, expected_index=0)
    with pytest.raises(Conflict, match="decided"):
        import_record(game=game, user=arbiter, source=record_ending("1-0").to_json())
    assert fresh(game).log_length == 0
    board.refresh_from_db()
    assert board.result == "0-1"


@pytest.mark.django_db
def test_the_api_answers_409_on_a_closed_board_and_says_why(table: Any) -> None:
    board, game, arbiter, tablet = table()
    set_board_result(board=board, result="1-0", user=director_of(board.round.event))
    response = tablet.act(RO, expected=0)
    assert response.status_code == 409
    assert response.json()["code"] == "board_closed"
    assert "1-0" in response.json()["detail"]
    assert tablet.state(log=False)["board_closed"] is True


@pytest.mark.django_db
def test_an_import_never_flips_a_result_a_director_entered(
    django_capture_on_commit_callbacks: Any,
) -> None:
    board, game, arbiter, director = decided("0-1")
    with pytest.raises(DomainError, match="Say why"):
        reopen_board(board=board, user=director, reason=" ")
    with pytest.raises(NotAllowed):
        reopen_board(board=board, user=arbiter, reason="scoresheet")
    reopen_board(board=board, user=director, reason="record the scoresheet")
    reopening = ResultCorrection.objects.get(board=board, kind=ResultCorrection.Kind.REOPEN)
    assert (reopening.user, reopening.reason) == (director, "record the scoresheet")

    # The paper record ends 1-0: refused, naming both results; nothing is stored.
    with pytest.raises(Conflict) as refused:
        import_record(game=game, user=arbiter, source=record_ending("1-0").to_json())
    assert "ends 1-0" in refused.value.message and "result 0-1" in refused.value.message
    assert fresh(game).log_length == 0
    board.refresh_from_db()
    assert (board.result, board.recording_open) == ("0-1", True)

    # The record that agrees is taken; the board is closed again with its result unchanged.
    with django_capture_on_commit_callbacks(execute=True):
        import_record(game=game, user=arbiter, source=record_ending("0-1").to_json())
    board.refresh_from_db()
    assert (board.result, board.recording_open, board.closed) == ("0-1", False, True)
    assert board.result_check == board.Check.NONE  # the director's result, counted at once
    assert fresh(game).status == Game.Status.FINISHED
    kinds = list(board.corrections.values_list("kind", "new_result"))
    assert kinds == [("result", "0-1"), ("reopen", "0-1")]


@pytest.mark.django_db
def test_a_director_result_holds_a_running_clock_in_the_log() -> None:
    board, game, arbiter = board_with_game()
    start_clock(game=game, user=arbiter, expected_index=0)
    set_board_result(board=board, result="1-0", user=director_of(board.round.event))
    game = fresh(game)
    assert game.clock_running is False
    hold = GameAction.objects.get(game=game, kind="pause")
    assert hold.reason == "result 1-0 entered by a director"


@pytest.mark.django_db
def test_a_take_back_cannot_undo_a_directors_result_but_undoes_the_games_own(
    django_capture_on_commit_callbacks: Any,
) -> None:
    board, game, arbiter = board_with_game()
    actions = positions.board_mode_actions(random_game("mso", "full", seed=4))
    with django_capture_on_commit_callbacks(execute=True):
        record_actions(game=game, user=arbiter, expected_index=0, actions=actions)
    board.refresh_from_db()
    own = board.result
    # The game's own result: the arbiter may take back the last move (the result goes).
    take_back(game=fresh(game), user=arbiter, expected_index=len(actions), reason="slip")
    board.refresh_from_db()
    assert board.result == "" and fresh(game).status == Game.Status.PLAYING

    # A director's result stands against the arbiter's take-back.
    other = "0-1" if own == "1-0" else "1-0"
    director = director_of(board.round.event)
    set_board_result(board=board, result=other, user=director)
    with pytest.raises(Conflict, match="reopens the board"):
        take_back(
            game=fresh(game), user=arbiter, expected_index=fresh(game).log_length, reason="slip"
        )
    # And the game's last move, replayed after a reopening, cannot overwrite it.
    reopen_board(board=board, user=director, reason="finish the record")
    with pytest.raises(Conflict, match=f"ends {own}.*result {other}"):
        record_action(
            game=fresh(game),
            user=arbiter,
            expected_index=fresh(game).log_length,
            action=actions[-1],
        )
    board.refresh_from_db()
    assert board.result == other


@pytest.mark.django_db
def test_the_director_reopens_a_board_from_its_result_page(client: Any) -> None:
    board, game, _arbiter, director = decided("1-0")
    client.force_login(director)
    page = client.get(reverse("board-result", args=[board.round.event.slug, board.pk]))
    assert "Reopen board 1" in page.content.decode()
    url = reverse("board-reopen", args=[board.round.event.slug, board.pk])
    refused = client.post(url, {"reason": ""}, follow=True)
    assert "The board stays closed" in refused.content.decode()
    board.refresh_from_db()
    assert board.recording_open is False
    client.post(url, {"reason": "scoresheet found"})
    board.refresh_from_db()
    assert board.recording_open is True
    log = client.get(reverse("event-log", args=[board.round.event.slug])).content.decode()
    assert "reopened for recording (1-0)" in log and "scoresheet found" in log


@pytest.mark.django_db
def test_a_games_own_result_is_corrected_by_a_take_back_not_reopened(
    django_capture_on_commit_callbacks: Any,
) -> None:
    board, game, arbiter = board_with_game()
    actions = positions.board_mode_actions(random_game("mso", "full", seed=4))
    with django_capture_on_commit_callbacks(execute=True):
        record_actions(game=game, user=arbiter, expected_index=0, actions=actions)
    board.refresh_from_db()
    director = director_of(board.round.event)
    with pytest.raises(DomainError, match="comes from the game recorded there"):
        reopen_board(board=board, user=director, reason="why not")
    board.refresh_from_db()
    assert board.recording_open is False


@pytest.mark.django_db
def test_a_final_move_refused_on_a_decided_board_names_both_results() -> None:
    board, game, arbiter = board_with_game()
    actions = positions.board_mode_actions(random_game("mso", "full", seed=4))
    record_actions(game=game, user=arbiter, expected_index=0, actions=actions[:-1])
    ends = positions.result_code(positions.replay("mso", {}, ["A", "B"], actions))
    other = "0-1" if ends == "1-0" else "1-0"
    set_board_result(board=board, result=other, user=director_of(board.round.event))
    game = fresh(game)
    with pytest.raises(Conflict) as refused:
        record_action(game=game, user=arbiter, expected_index=game.log_length, action=actions[-1])
    assert f"decided ({other}" in refused.value.message
    assert f"the move would end the game {ends}" in refused.value.message
    assert fresh(game).status != Game.Status.FINISHED
