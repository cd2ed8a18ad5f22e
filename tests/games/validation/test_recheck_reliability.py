"""An event's re-check may be delivered twice (its worker died, or a director retried it): each
game is counted once; a re-check that has gone silent is shown with a Retry button."""

import datetime
from typing import Any

import pytest
import time_machine
from django.urls import reverse

from games.engine.randomgame import random_game
from games.models import Game, ValidationRun
from games.recording import positions
from games.recording.services import record_actions
from games.recording.setup import game_for_board
from games.validation.services import run_recheck, start_recheck, validate_game
from tests.factories import BoardFactory, RoundFactory, arbiter_of, director_of
from tests.games.factories import fresh
from tournament.models.events import Board, Event

pytestmark = pytest.mark.usefixtures("tasks_in_process")

T0 = datetime.datetime(2026, 8, 20, 10, 0, tzinfo=datetime.UTC)
SILENT = "The re-check has not reported for"


def event_with_games(count: int) -> tuple[Event, list[Game]]:
    """An event whose first round has ``count`` finished games recorded at the board."""
    round_ = RoundFactory()
    arbiter = arbiter_of(round_.event)
    games = []
    for number in range(1, count + 1):
        game = game_for_board(BoardFactory(round=round_, number=number))
        actions = positions.board_mode_actions(random_game("mso", "full", seed=number))
        record_actions(game=game, user=arbiter, expected_index=0, actions=actions)
        games.append(fresh(game))
    return round_.event, games


def counters(run: ValidationRun) -> tuple[int, int, int]:
    run.refresh_from_db()
    return run.total, run.done, run.failed


@pytest.mark.django_db
def test_a_recheck_delivered_twice_counts_each_game_once() -> None:
    event, games = event_with_games(3)
    run = start_recheck(event=event, user=director_of(event))

    run_recheck(run.pk)
    assert counters(run) == (3, 3, 0)
    finished_at = run.finished_at
    run_recheck(run.pk)  # the broker delivers it again
    assert counters(run) == (3, 3, 0)
    assert run.finished_at == finished_at and run.percent == 100
    assert all(fresh(g).validation == Game.Validation.VALID for g in games)


@pytest.mark.django_db
def test_a_recheck_whose_worker_died_resumes_where_it_stopped() -> None:
    event, games = event_with_games(3)
    run = start_recheck(event=event, user=director_of(event))
    # The first delivery checked one game, then its worker was killed.
    validate_game(games[0].pk)
    checked_at = fresh(games[0]).validated_at
    ValidationRun.objects.filter(pk=run.pk).update(checked={str(games[0].pk): True}, done=1)

    run_recheck(run.pk)
    assert counters(run) == (3, 3, 0) and run.finished_at is not None
    assert fresh(games[0]).validated_at == checked_at  # not replayed again
    assert all(fresh(g).validation == Game.Validation.VALID for g in games)


@pytest.mark.django_db
def test_a_game_validated_twice_ends_in_the_same_state() -> None:
    _event, (game,) = event_with_games(1)
    board = Board.objects.get(pk=game.board_id)
    states = []
    for _ in range(2):
        assert validate_game(game.pk) is True
        board.refresh_from_db()
        again = fresh(game)
        states.append((again.validation, again.validation_message, board.result_check))
    assert states[0] == states[1] == (Game.Validation.VALID, "", Board.Check.PASSED)


@pytest.mark.django_db
def test_a_silent_recheck_is_shown_to_the_director_and_retried(
    client: Any, django_capture_on_commit_callbacks: Any
) -> None:
    event, games = event_with_games(2)
    director = director_of(event)
    with time_machine.travel(T0, tick=False):
        run = start_recheck(event=event, user=director)  # its task never ran
    client.force_login(director)
    page_url = reverse("game-validation", args=[event.slug])
    progress_url = reverse("game-validation-progress", args=[event.slug])
    retry_url = reverse("game-validation-retry", args=[event.slug, run.pk])

    with time_machine.travel(T0 + datetime.timedelta(seconds=10), tick=False):
        assert SILENT not in client.get(page_url).content.decode()
        refused = client.post(retry_url, follow=True).content.decode()
    assert "The re-check reported less than 60 s ago: wait for it." in refused

    with time_machine.travel(T0 + datetime.timedelta(seconds=70), tick=False):
        page = client.get(page_url).content.decode()
        progress = client.get(progress_url).content.decode()
        assert f"{SILENT} 70 s: it may have been lost" in page and retry_url in page
        assert SILENT in progress and retry_url in progress
        with django_capture_on_commit_callbacks(execute=True):
            done = client.post(retry_url, follow=True).content.decode()
    assert "The re-check is queued again" in done  # and ran in-process (the games' conftest)
    assert counters(run) == (2, 2, 0) and run.finished_at is not None

    # Retried again after it finished: nothing happens.
    with django_capture_on_commit_callbacks() as queued:
        late = client.post(retry_url, follow=True).content.decode()
    assert "The re-check has finished meanwhile: nothing to retry." in late and queued == []
    assert counters(run) == (2, 2, 0)


@pytest.mark.django_db
def test_only_a_director_retries_a_recheck(client: Any) -> None:
    event, _games = event_with_games(1)
    with time_machine.travel(T0, tick=False):
        run = start_recheck(event=event, user=director_of(event))
    client.force_login(arbiter_of(event))
    with time_machine.travel(T0 + datetime.timedelta(seconds=300), tick=False):
        refused = client.post(
            reverse("game-validation-retry", args=[event.slug, run.pk]), follow=True
        )
        page = client.get(reverse("game-validation", args=[event.slug])).content.decode()
    assert refused.status_code == 200 and "director" in refused.content.decode().lower()
    assert SILENT in page and "Retry the re-check" not in page  # arbiters see it, cannot retry
    run.refresh_from_db()
    assert run.reported_at == T0 and run.done == 0
