"""The player's page and the arbiter (issue 30, requirements 3 and 5): the seat's state carries
the arbiter's messages to the board and the seat's own calls with their answers, never another
seat's calls; the page's "Call the arbiter" posts a call the control room sees."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from games.control_room.models import ArbiterCall
from games.control_room.services import answer_call, call_arbiter, message_board
from games.play.selectors import play_state
from tests.games.play.factories import online_board

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def test_the_state_carries_the_boards_messages_and_only_the_seats_own_calls() -> None:
    online = online_board()
    ada, alan = online.players
    message_board(game=online.game, user=online.arbiter, text="Five minutes to the break")
    mine = call_arbiter(game=online.game, user=ada, text="my clock jumped")
    call_arbiter(game=online.game, user=alan, text="alan's own call")
    answer_call(call=mine, user=online.arbiter, answer="Checked: it is right")
    state = play_state(online.game, 0)
    assert [m["text"] for m in state["messages"]] == ["Five minutes to the break"]
    assert [(c["text"], c["answer"]) for c in state["calls"]] == [
        ("my clock jumped", "Checked: it is right")
    ]
    assert [c["text"] for c in play_state(online.game, 1)["calls"]] == ["alan's own call"]


def test_the_pages_call_button_posts_to_the_control_rooms_call() -> None:
    online = online_board()
    client = Client()
    client.force_login(online.players[1])
    page = client.get(reverse("play-game", args=[online.game.pk])).content.decode()
    url = reverse("control-call", args=[online.game.pk])
    assert f'data-call-url="{url}"' in page
    assert "Call the arbiter" in page
    response = client.post(url, json.dumps({"text": "opponent gone"}), "application/json")
    assert response.status_code == 201
    assert list(ArbiterCall.objects.values_list("seat", "text")) == [(1, "opponent gone")]
