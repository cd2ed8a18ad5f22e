"""Only the event's arbiters and directors write; reading is public once the round is published."""

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games.recording.services import record_action
from games.recording.setup import create_games_for_round
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    RoundFactory,
    UserFactory,
    arbiter_of,
    director_of,
)
from tests.games.factories import board_with_game, fresh
from tournament.errors import NotAllowed
from tournament.models.events import Round

pytestmark = pytest.mark.usefixtures("tasks_in_process")

RO = {"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]}


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["anonymous", "stranger", "arbiter elsewhere"])
def test_only_the_events_arbiters_and_directors_may_write(who: str) -> None:
    board, game, _arbiter = board_with_game()
    client = APIClient()
    if who == "stranger":
        client.force_authenticate(UserFactory(username="someone"))
    elif who == "arbiter elsewhere":
        client.force_authenticate(arbiter_of(EventFactory(), username="other-arb"))
    writes = [
        ("api-game-actions", {"expected_index": 0, "action": RO}),
        ("api-game-clock", {"expected_index": 0, "operation": "start"}),
        ("api-game-takeback", {"expected_index": 0, "count": 1, "reason": "x"}),
        ("api-game-import", {"record": "{}"}),
    ]
    for name, body in writes:
        response = client.post(reverse(name, args=[board.pk]), body, format="json")
        assert response.status_code == 403, (name, response.content)
    assert fresh(game).log_length == 0
    # Reading is public.
    assert client.get(reverse("api-game-state", args=[board.pk])).status_code == 200


@pytest.mark.django_db
def test_a_director_records_too() -> None:
    board, game, _arbiter = board_with_game()
    director = director_of(board.round.event)
    record_action(game=game, user=director, expected_index=0, action=RO)
    assert fresh(game).log_length == 1
    with pytest.raises(NotAllowed):
        record_action(game=game, user=UserFactory(username="nobody"), expected_index=1, action=RO)


@pytest.mark.django_db
def test_an_unpublished_round_is_hidden_and_has_no_game(client: Any) -> None:
    board = BoardFactory(round__status=Round.Status.DRAFT)
    for name in ("game-board", "game-view", "game-record-json", "api-game-state"):
        assert client.get(reverse(name, args=[board.pk])).status_code == 404
    client.force_login(arbiter_of(board.round.event))
    assert client.get(reverse("game-board", args=[board.pk])).status_code == 404  # not yet
    assert not hasattr(board, "game") or board.game is None


@pytest.mark.django_db
def test_a_bye_has_no_game(client: Any) -> None:
    round_ = RoundFactory()
    board = BoardFactory(round=round_, sides=[EntryFactory(event=round_.event)])
    assert client.get(reverse("game-board", args=[board.pk])).status_code == 404
    assert create_games_for_round(board.round) == []


@pytest.mark.django_db
def test_the_web_board_refuses_strangers_with_a_message(client: Any) -> None:
    board, game, _arbiter = board_with_game()
    client.force_login(UserFactory(username="someone"))
    response = client.post(
        reverse("game-board-act", args=[board.pk]),
        {"op": "start", "expected_index": 0},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert "Only the arbiters and directors" in response.content.decode()
    assert fresh(game).log_length == 0
