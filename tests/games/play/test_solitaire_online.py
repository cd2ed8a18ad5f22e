"""A duplicate solitaire entrant of an online event plays their own board from the player's page:
the rack is the round's tile to place now (one tile at a time), the turn ends with the press."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.engine.deal import dealt_sequence, same_kind
from games.models import Game
from tests.factories import UserFactory
from tests.games.factories import fresh
from tests.games.play.test_play import act, client_of, state_of
from tests.tournament.helpers import event_with_players
from tournament.models.events import Round
from tournament.models.where import EventPlayed
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def test_a_solitaire_entrant_places_the_dealt_tile_and_ends_the_turn() -> None:
    event, td = event_with_players(
        2, rounds=3, ruleset="solitaire", table_size=1, boards_played=EventPlayed.ONLINE
    )
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_ = publish_round(round_=Round.objects.get(pk=round_.pk), user=td, notify=False)
    board = round_.boards.order_by("number").first()
    assert board is not None and board.online
    player = board.seats.get().entry.player
    player.user = UserFactory(username="sol")
    player.save()
    game = Game.objects.get(board=board)
    client = client_of(player.user)
    sequence = dealt_sequence(round_.seed)
    for n in range(2):
        state = state_of(client, game)
        assert [t["tile"] for t in state["rack"]] == [sequence[n]]
        assert state["may"]["place"]
        body = {
            "type": "place",
            "tile": sequence[n],
            "cells": state["legal_pairs"][0],
            "expected_index": state["next_index"],
        }
        placed = act(client, game, body)
        assert placed.status_code == 200, placed.content
        assert placed.json()["may"] == {"place": False, "swap": False, "end_turn": True}
        ended = act(client, game, {"type": "end_turn", "expected_index": fresh(game).log_length})
        assert ended.status_code == 200, ended.content
    state = state_of(client, game)
    assert same_kind(state["rack"][0]["tile"], sequence[2])
    assert client.get(reverse("play-game", args=[game.pk])).status_code == 200
