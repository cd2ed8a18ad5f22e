"""The player's game page of an online board: a player acts for their own seat alone, on their
own board, while the game is in play, through the games' one write path; their state carries
their own rack and never another seat's."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.clocks.services import pause_clock
from games.models import Game, GameAction
from games.recording.services import record_notation
from games.recording.writes import engine_at, player_at
from tests.factories import UserFactory
from tests.games.factories import fresh
from tests.games.play.factories import online_board
from tournament.errors import NotAllowed
from tournament.models.where import Played

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def client_of(account: Any) -> Client:
    client = Client()
    client.force_login(account)
    return client


def state_of(client: Client, game: Game) -> Any:
    response = client.get(reverse("play-state", args=[game.pk]))
    assert response.status_code == 200, response.content
    return response.json()


def act(client: Client, game: Game, body: dict[str, Any]) -> Any:
    return client.post(
        reverse("play-act", args=[game.pk]), json.dumps(body), content_type="application/json"
    )


def a_placement(state: dict[str, Any]) -> dict[str, Any]:
    """A legal placement from the state: its first rack tile on its first legal pair."""
    return {
        "type": "place",
        "tile": state["rack"][0]["tile"],
        "cells": state["legal_pairs"][0],
        "expected_index": state["next_index"],
    }


def lists_in(value: Any) -> list[list[Any]]:
    """Every list anywhere in a JSON value."""
    if isinstance(value, dict):
        return [x for v in value.values() for x in lists_in(v)]
    if isinstance(value, list):
        return [value, *(x for v in value for x in lists_in(v))]
    return []


def test_each_seat_sees_its_own_rack_and_no_other() -> None:
    online = online_board()
    racks = engine_at(online.game).racks
    assert racks is not None
    for seat, account in enumerate(online.players):
        state = state_of(client_of(account), online.game)
        assert state["seat"] == seat
        assert [t["tile"] for t in state["rack"]] == racks[seat]
        other = racks[1 - seat]
        shown = [sorted(x) for x in lists_in(state) if all(isinstance(t, str) for t in x)]
        assert sorted(other) not in shown
        assert '"tiles":' not in json.dumps(state)  # no draw of the log


def test_the_seat_to_move_may_place_and_the_other_may_do_nothing() -> None:
    online = online_board()
    first = state_of(client_of(online.players[0]), online.game)
    second = state_of(client_of(online.players[1]), online.game)
    assert first["may"] == {"place": True, "swap": False, "end_turn": False}
    assert first["legal_pairs"]
    assert second["may"] == {"place": False, "swap": False, "end_turn": False}
    assert second["legal_pairs"] == []


@pytest.mark.parametrize("who", ["stranger", "anonymous", "arbiter"])
def test_anyone_not_seated_is_refused_the_state_and_the_actions(who: str) -> None:
    online = online_board()
    client = Client()
    if who == "stranger":
        client.force_login(UserFactory(username="eve"))
    elif who == "arbiter":
        client.force_login(online.arbiter)
    assert client.get(reverse("play-state", args=[online.game.pk])).status_code == 403
    placement = a_placement(state_of(client_of(online.players[0]), online.game))
    response = act(client, online.game, placement)
    assert response.status_code == 403
    assert response.json()["detail"]
    assert fresh(online.game).log_length == online.game.log_length


def test_no_such_game_is_not_found() -> None:
    online = online_board()
    client = client_of(online.players[0])
    assert client.get(reverse("play-state", args=[online.game.pk + 999])).status_code == 404
    assert client.get(reverse("play-game", args=[online.game.pk + 999])).status_code == 404


def test_a_stranger_sees_a_refusal_page_and_a_visitor_is_sent_to_sign_in() -> None:
    online = online_board()
    url = reverse("play-game", args=[online.game.pk])
    response = client_of(UserFactory(username="eve")).get(url)
    assert response.status_code == 403
    assert "You do not sit at board 1" in response.content.decode()
    assert Client().get(url).status_code == 302


def test_a_board_at_the_venue_is_not_played_from_the_players_page() -> None:
    online = online_board(played=Played.VENUE)
    response = client_of(online.players[0]).get(reverse("play-state", args=[online.game.pk]))
    assert response.status_code == 403
    assert "played at the venue" in response.json()["detail"]
    with pytest.raises(NotAllowed):
        player_at(online.players[0], online.board.pk)


def test_a_placement_starts_the_clocks_and_end_turn_presses_and_deals_the_refill() -> None:
    online = online_board()
    ada = client_of(online.players[0])
    before = state_of(ada, online.game)
    response = act(ada, online.game, a_placement(before))
    assert response.status_code == 200, response.content
    after = response.json()
    game = fresh(online.game)
    kinds = list(game.actions.order_by("index").values_list("kind", flat=True))
    assert kinds == ["draw", "draw", "start", "place"]
    assert game.clock_seat == 0 and game.clock_running
    assert len(after["rack"]) == 5 and after["next_index"] == 4
    assert after["may"]["end_turn"] and not after["may"]["place"]
    response = act(ada, online.game, {"type": "end_turn", "expected_index": 4})
    assert response.status_code == 200, response.content
    game = fresh(online.game)
    assert game.clock_seat == 1
    last = list(game.actions.order_by("index"))[-2:]
    assert [(a.kind, a.payload.get("player")) for a in last] == [("draw", 0), ("press", None)]
    assert len(response.json()["rack"]) == 6  # refilled at the press
    assert state_of(client_of(online.players[1]), online.game)["may"]["place"]


def test_the_other_seat_cannot_act_at_all() -> None:
    online = online_board()
    alan = client_of(online.players[1])
    placement = a_placement(state_of(client_of(online.players[0]), online.game))
    for body in (
        placement,
        {"type": "end_turn", "expected_index": 2},
        {"type": "swap", "expected_index": 2},
    ):
        response = act(alan, online.game, body)
        assert response.status_code == 403, body
        assert "not yours" in response.json()["detail"]
    assert fresh(online.game).log_length == 2


def test_a_stale_expected_index_is_a_conflict() -> None:
    online = online_board()
    ada = client_of(online.players[0])
    state = state_of(ada, online.game)
    assert act(ada, online.game, a_placement(state)).status_code == 200
    stale = state_of(ada, online.game)
    assert act(ada, online.game, {"type": "end_turn", "expected_index": 3}).status_code == 409
    assert fresh(online.game).log_length == stale["next_index"]


def test_an_illegal_placement_is_refused_in_the_engines_words_and_starts_no_clock() -> None:
    online = online_board()
    ada = client_of(online.players[0])
    state = state_of(ada, online.game)
    body = {**a_placement(state), "cells": ["A1", "K11"]}
    response = act(ada, online.game, body)
    assert response.status_code == 400
    assert response.json()["detail"]
    game = fresh(online.game)
    assert game.log_length == 2 and game.clock_seat is None
    check = ada.post(
        reverse("play-check", args=[online.game.pk]),
        json.dumps({"tile": body["tile"], "cells": body["cells"]}),
        content_type="application/json",
    )
    assert check.status_code == 400
    assert check.json()["detail"] == response.json()["detail"]


def test_the_check_says_what_a_legal_placement_would_score() -> None:
    online = online_board()
    ada = client_of(online.players[0])
    body = a_placement(state_of(ada, online.game))
    check = ada.post(
        reverse("play-check", args=[online.game.pk]),
        json.dumps({"tile": body["tile"], "cells": body["cells"]}),
        content_type="application/json",
    )
    assert check.status_code == 200, check.content
    assert check.json()["cells"] == body["cells"]
    assert fresh(online.game).log_length == 2


def test_a_finished_game_takes_no_action() -> None:
    online = online_board()
    ada = client_of(online.players[0])
    state = state_of(ada, online.game)
    Game.objects.filter(pk=online.game.pk).update(status=Game.Status.FINISHED)
    response = act(ada, online.game, a_placement(state))
    assert response.status_code == 409
    assert "over" in response.json()["detail"]
    assert not GameAction.objects.filter(game=online.game, kind="place").exists()


def test_a_seated_player_may_not_make_an_arbiters_write() -> None:
    online = online_board()
    ada = client_of(online.players[0])
    assert act(ada, online.game, a_placement(state_of(ada, online.game))).status_code == 200
    recorder = player_at(online.players[0], online.board.pk)
    assert recorder is not None and recorder.seat == 0
    with pytest.raises(NotAllowed):
        pause_clock(game=recorder, user=online.players[0], expected_index=4)
    assert fresh(online.game).clock_running


def test_a_players_write_for_another_seat_is_refused_under_the_lock() -> None:
    online = online_board()
    recorder = player_at(online.players[0], online.board.pk)
    assert recorder is not None
    tile = engine_at(online.game).racks[1][0]  # type: ignore[index]
    with pytest.raises(NotAllowed, match="your own seat only"):
        record_notation(
            game=recorder, user=online.players[0], expected_index=2, text=f"@1 {tile} C9 D9"
        )
    assert fresh(online.game).log_length == 2
