"""A player's move reaches the board's sockets as a push that says only what changed and its
version: never a rack (the page then fetches its own state, which carries its own rack alone)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.play.factories import online_board
from tests.games.play.test_play import a_placement, act, client_of, state_of
from tests.tournament.push.test_effects_push import Listener
from tournament import push

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("tasks_in_process")]


@pytest.fixture(autouse=True)
def one_process_layer(settings: Any) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def test_the_push_of_a_players_move_carries_no_rack() -> None:
    online = online_board()
    board = Listener(push.board_group(online.board.pk))
    ada = client_of(online.players[0])
    assert act(ada, online.game, a_placement(state_of(ada, online.game))).status_code == 200
    messages = board.messages()
    assert messages
    assert all(set(m) == {"type", "kind", "version"} for m in messages), messages
