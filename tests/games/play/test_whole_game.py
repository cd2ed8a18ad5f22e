"""A whole online game played through the player's JSON endpoints, seat by seat: each placement
from the state's legal pairs, a swap whenever the rules allow one (the engine says), every turn
ended by the press; the record replays and the board gets its result."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game, GameAction
from games.recording.writes import engine_at
from tests.games.factories import fresh
from tests.games.play.factories import online_board
from tests.games.play.test_play import a_placement, act, client_of, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def swap_seeking(game: Game, seat: int, state: dict[str, Any]) -> dict[str, Any]:
    """A legal placement after which the rules let the seat swap, when the engine finds one
    (so that the swap is played too), else the state's first."""
    eng = engine_at(game)
    for action in eng.legal_placements():
        after = eng.copy()
        after.apply(action)
        if after.may_swap(seat):
            return {**action, "expected_index": state["next_index"]}
    return a_placement(state)


#: The deal of the game (its seed): a secret one would deal a game that offers no swap now and
#: then, and the test would not always play one.
SEED = 2026


def test_a_whole_game_through_the_endpoints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("games.recording.dealing.new_seed", lambda: SEED)
    online = online_board()
    assert online.game.seed == SEED
    clients = [client_of(account) for account in online.players]
    swaps = 0
    for _turn in range(200):
        game = fresh(online.game)
        if game.status == Game.Status.FINISHED:
            break
        seat = game.clock_seat if game.clock_seat is not None else 0
        client = clients[seat]
        state: dict[str, Any] = state_of(client, game)
        assert state_of(clients[1 - seat], game)["may"] == {
            "place": False,
            "swap": False,
            "end_turn": False,
        }
        while state["may"]["place"]:
            response = act(client, game, swap_seeking(fresh(game), seat, state))
            assert response.status_code == 200, response.content
            state = response.json()
        if state["may"]["swap"]:
            response = act(client, game, {"type": "swap", "expected_index": state["next_index"]})
            assert response.status_code == 200, response.content
            state = response.json()
            assert not state["may"]["swap"] and state["may"]["end_turn"]
            swaps += 1
        if state["over"]:
            break
        response = act(client, game, {"type": "end_turn", "expected_index": state["next_index"]})
        assert response.status_code == 200, response.content
    game = fresh(online.game)
    assert game.status == Game.Status.FINISHED
    assert online.board.__class__.objects.get(pk=online.board.pk).result
    # Placements sought to leave no lowest colour on the rack: this deal offers swaps.
    assert swaps >= 1
    assert GameAction.objects.filter(game=game, kind="swap").count() == swaps
