"""Replay validation: every finished game is replayed again; a failure holds its result."""

import time
from typing import Any

import pytest
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse

from games.engine.randomgame import random_game
from games.models import Game, GameAction, ValidationRun
from games.recording import positions
from games.recording.services import record_actions
from games.validation.services import start_recheck, validate_game
from scoring.standings.cache import cache_key
from tests.factories import director_of
from tests.games.factories import board_with_game, fresh
from tournament.errors import NotAllowed

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def finished_game(seed: int = 4) -> tuple[Any, Game, Any]:
    board, game, arbiter = board_with_game()
    actions = positions.board_mode_actions(random_game("mso", "full", seed=seed))
    record_actions(game=game, user=arbiter, expected_index=0, actions=actions)
    return board, fresh(game), arbiter


def corrupt(game: Game) -> GameAction:
    """What a changed engine or a hand-edited database would do: a placement no longer legal."""
    row = GameAction.objects.filter(game=game, kind="place").order_by("index")[3]
    first = GameAction.objects.filter(game=game, kind="place").order_by("index")[0]
    GameAction.objects.filter(pk=row.pk).update(
        payload={**row.payload, "cells": first.payload["cells"]}
    )
    return row


@pytest.mark.django_db
def test_a_finished_game_is_replayed_and_found_valid(
    django_capture_on_commit_callbacks: Any,
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        board, game, _arbiter = finished_game()
    game = fresh(game)
    assert game.validation == Game.Validation.VALID
    assert game.validated_at is not None
    board.refresh_from_db()
    assert board.result_held is False


@pytest.mark.django_db
def test_a_failed_replay_holds_the_result_and_warns_arbiter_and_director(
    client: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        board, game, arbiter = finished_game()
    row = corrupt(game)
    cache.set(cache_key(board.round.event_id), "stale standings")
    with django_capture_on_commit_callbacks(execute=True):
        assert validate_game(game.pk) is False
    game = fresh(game)
    assert game.validation == Game.Validation.INVALID
    assert f"log action {row.index}" in game.validation_message
    assert "already taken" in game.validation_message
    board.refresh_from_db()
    assert board.result_held is True
    assert cache.get(cache_key(board.round.event_id)) != "stale standings"  # recomputed

    client.force_login(arbiter)
    page = client.get(reverse("game-board", args=[board.pk])).content.decode()
    assert "Replay validation failed" in page
    director = director_of(board.round.event)
    client.force_login(director)
    overview = client.get(reverse("game-validation", args=[board.round.event.slug]))
    assert overview.status_code == 200
    assert "1 game failed replay validation" in overview.content.decode()


@pytest.mark.django_db
def test_a_director_rechecks_the_whole_event_with_progress(
    client: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        board, game, arbiter = finished_game(seed=4)
    event = board.round.event
    row = corrupt(game)
    director = director_of(event)
    with pytest.raises(NotAllowed):
        start_recheck(event=event, user=arbiter)

    client.force_login(director)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("game-validation-recheck", args=[event.slug]))
    assert response.status_code == 302
    run = ValidationRun.objects.get(event=event)
    assert (run.total, run.done, run.failed) == (1, 1, 1)
    assert run.finished_at is not None and run.percent == 100
    progress = client.get(reverse("game-validation-progress", args=[event.slug])).content.decode()
    assert "1 of 1 game checked" in progress and "1 failed" in progress
    assert "hx-trigger" not in progress  # finished: the page stops polling
    board.refresh_from_db()
    assert board.result_held is True

    # Resolved (here: the row put right): the next re-check releases the result.
    GameAction.objects.filter(pk=row.pk).update(payload=row.payload)
    with django_capture_on_commit_callbacks(execute=True):
        api = client.post(reverse("api-event-recheck", args=[event.slug]))
    assert api.status_code == 202
    assert client.get(reverse("api-event-recheck", args=[event.slug])).json()["failed"] == 0
    board.refresh_from_db()
    assert board.result_held is False
    assert fresh(game).validation == Game.Validation.VALID


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_replays_a_game_when_it_ends(live_worker: object) -> None:
    with transaction.atomic():
        board, game, _arbiter = finished_game(seed=6)
        assert fresh(game).validation == Game.Validation.PENDING
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and fresh(game).validation == Game.Validation.PENDING:
        time.sleep(0.1)
    assert fresh(game).validation == Game.Validation.VALID, "no worker replayed the game"

    # And a failed replay, found by the worker, holds the result.
    corrupt(game)
    with transaction.atomic():
        run = start_recheck(event=board.round.event, user=director_of(board.round.event))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not ValidationRun.objects.get(pk=run.pk).finished_at:
        time.sleep(0.1)
    run.refresh_from_db()
    assert (run.done, run.failed) == (1, 1)
    board.refresh_from_db()
    assert board.result_held is True
