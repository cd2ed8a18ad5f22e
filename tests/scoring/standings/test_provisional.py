"""Validation gates publication: a game's result counts in the published standings only once
its replay has passed; until then it shows as provisional, and a failure holds it out."""

from typing import Any

import pytest
from django.core.cache import cache
from django.urls import reverse

from games.engine.randomgame import random_game
from games.models import GameAction
from games.recording import positions
from games.recording.services import record_actions
from games.validation.services import validate_game
from scoring.standings import build as standings
from scoring.standings import cache as standings_cache
from tests.factories import director_of
from tests.games.factories import board_with_game, fresh
from tournament.results.services import set_board_result


def vp(event: Any, name: str) -> float:
    table = standings.build_standings(event)
    return next(line.vp for line in table.lines if line.contender.name == name)


@pytest.mark.django_db
def test_a_games_result_counts_only_once_its_replay_passed(
    client: Any, django_capture_on_commit_callbacks: Any, tasks_in_process: None
) -> None:
    board, game, arbiter = board_with_game()
    event = board.round.event
    actions = positions.board_mode_actions(random_game("mso", "full", seed=4))
    # The game ends; its replay check is queued, not yet run (no commit here).
    record_actions(game=game, user=arbiter, expected_index=0, actions=actions)
    board.refresh_from_db()
    assert board.result and board.result_provisional
    winner = "Ada Byron" if board.result == "1-0" else "Alan Turing"
    assert vp(event, winner) == 0.0  # provisional: not counted
    table = standings.build_standings(event)
    assert [(p.number, p.provisional) for p in table.provisional] == [(1, board.result)]
    cell = next(c for c in table.lines[0].cells if c is not None)
    assert cell.kind == "provisional" and cell.label == "provisional"
    # Nothing has committed in this test: drop what an earlier test's event of this id cached.
    cache.delete(standings_cache.cache_key(event.pk))
    page = client.get(reverse("event-standings", args=[event.slug])).content.decode()
    assert "waiting for the replay check" in page

    # The director sees which results wait, and why.
    client.force_login(director_of(event))
    round_page = client.get(reverse("event-round", args=[event.slug, 1])).content.decode()
    assert "Results that wait" in round_page and "replay check is queued" in round_page

    with django_capture_on_commit_callbacks(execute=True):
        assert validate_game(game.pk) is True
    board.refresh_from_db()
    assert board.result_check == board.Check.PASSED and not board.result_provisional
    assert vp(event, winner) == 1.0


@pytest.mark.django_db
def test_a_failed_replay_holds_the_result_out_and_the_director_sees_why(client: Any) -> None:
    board, game, arbiter = board_with_game()
    event = board.round.event
    actions = positions.board_mode_actions(random_game("mso", "full", seed=4))
    record_actions(game=game, user=arbiter, expected_index=0, actions=actions)
    row = GameAction.objects.filter(game=game, kind="place").order_by("index")[3]
    first = GameAction.objects.filter(game=game, kind="place").order_by("index")[0]
    GameAction.objects.filter(pk=row.pk).update(
        payload={**row.payload, "cells": first.payload["cells"]}
    )
    assert validate_game(fresh(game).pk) is False
    board.refresh_from_db()
    assert board.result_held and "already taken" in board.check_message
    assert {line.vp for line in standings.build_standings(event).lines} == {0.0}

    director = director_of(event)
    client.force_login(director)
    round_page = client.get(reverse("event-round", args=[event.slug, 1])).content.decode()
    assert "held</strong>, the replay check failed" in round_page
    assert "already taken" in round_page
    # The director's word lets it stand, with a reason (logged like any correction).
    from tournament.errors import DomainError

    with pytest.raises(DomainError, match="say why its result stands"):
        set_board_result(board=board, result=board.result, user=director)
    set_board_result(
        board=board,
        result=board.result,
        user=director,
        reason="checked the scoresheet",
        first_lowest=board.side_seats()[0].lowest,
        second_lowest=board.side_seats()[1].lowest,
    )
    board.refresh_from_db()
    assert board.result_counts and board.result_check == board.Check.NONE
    assert max(line.vp for line in standings.build_standings(event).lines) == 1.0
