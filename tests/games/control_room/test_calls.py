"""A seated player calls the arbiter from the game's page (JSON to ``control-call``): the call
shows as an alert in the control room, where an arbiter answers it; the event decides whether a
call pauses the clock (through the clocks' one write, in the game's log)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.urls import reverse

from games.control_room import selectors
from games.control_room.models import ArbiterCall
from games.models import GameAction
from tests.games.control_room.world import Room, build_room

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def call(room: Room, user: Any, text: str = "My opponent is not moving", game: int = 0) -> Any:
    url = reverse("control-call", args=[room.games[game].pk])
    return room.client(user).post(url, json.dumps({"text": text}), content_type="application/json")


def test_a_seated_player_calls_and_the_call_is_an_alert_in_the_control_room() -> None:
    room = build_room()
    answer = call(room, room.players[1])
    assert answer.status_code == 201, answer.content
    made = ArbiterCall.objects.get()
    assert (made.seat, made.user, made.text, made.paused) == (
        1,
        room.players[1],
        "My opponent is not moving",
        False,
    )
    assert answer.json()["id"] == made.pk
    alerts = selectors.round_alerts(room.round)
    assert [(a.kind, a.board_number, a.name, a.call) for a in alerts] == [
        ("call", 1, "Alan Turing", made.pk)
    ]
    html = room.client(room.arbiter).get(room.url).content.decode()
    assert "Alan Turing calls the arbiter" in html
    assert "My opponent is not moving" in html


def test_without_the_events_option_a_call_leaves_the_clock_running() -> None:
    room = build_room()
    before = room.game(0).log_length
    call(room, room.players[0])
    game = room.game(0)
    assert game.clock_running and game.log_length == before


def test_with_the_events_option_a_call_pauses_the_clock_in_the_games_log() -> None:
    room = build_room(online_call_pauses_clock=True)
    before = room.game(0).log_length
    answer = call(room, room.players[0])
    assert answer.status_code == 201
    assert answer.json()["paused"] is True
    game = room.game(0)
    assert not game.clock_running
    row = GameAction.objects.get(game=game, index=before)
    assert (row.kind, row.user, row.reason) == (
        "pause",
        room.players[0],
        "Ada Byron called the arbiter",
    )
    assert ArbiterCall.objects.get().paused


def test_a_second_call_waits_for_the_first_to_be_answered() -> None:
    room = build_room()
    assert call(room, room.players[0]).status_code == 201
    again = call(room, room.players[0], "hello?")
    assert again.status_code == 409
    assert "waiting for the arbiter" in again.json()["detail"]
    assert ArbiterCall.objects.count() == 1


@pytest.mark.parametrize("who", ["opponent_elsewhere", "arbiter", "other_director"])
def test_only_a_player_seated_at_the_board_may_call(who: str) -> None:
    room = build_room()
    user = {
        "opponent_elsewhere": room.players[2],  # seated at board 2, not 1
        "arbiter": room.arbiter,
        "other_director": room.other_director,
    }[who]
    answer = call(room, user)
    assert answer.status_code == 403
    assert ArbiterCall.objects.count() == 0


def test_a_visitor_may_not_call() -> None:
    room = build_room()
    assert call(room, None).status_code == 403
    assert ArbiterCall.objects.count() == 0


@pytest.mark.parametrize(
    ("body", "status"),
    [("not json", 400), ("[1, 2]", 400), (json.dumps({"text": "x" * 501}), 400)],
    ids=["not-json", "not-an-object", "too-long"],
)
def test_a_bad_call_is_refused_with_a_message(body: str, status: int) -> None:
    room = build_room()
    url = reverse("control-call", args=[room.games[0].pk])
    answer = room.client(room.players[0]).post(url, body, content_type="application/json")
    assert answer.status_code == status
    assert answer.json()["detail"]
    assert ArbiterCall.objects.count() == 0


def test_a_call_on_a_finished_board_is_refused() -> None:
    room = build_room()
    from tournament.models.events import Board

    Board.objects.filter(pk=room.boards[0].pk).update(result="1-0")
    answer = call(room, room.players[0])
    assert answer.status_code == 400
    assert "over" in answer.json()["detail"]


def test_the_arbiter_answers_a_call_once() -> None:
    room = build_room()
    call(room, room.players[0])
    made = ArbiterCall.objects.get()
    body = {"op": "answer", "game": room.games[0].pk, "call": made.pk, "answer": "Coming to you"}
    answer = room.client(room.arbiter).post(room.act_url, body)
    assert answer.status_code == 302
    made.refresh_from_db()
    assert (made.answer, made.answered_by) == ("Coming to you", room.arbiter)
    assert made.answered_at is not None
    assert selectors.round_alerts(room.round) == []
    assert selectors.calls_of(room.game(0), seat=0)[0]["answer"] == "Coming to you"
    # A second answer (another arbiter's, a double click) changes nothing.
    room.client(room.director).post(room.act_url, {**body, "answer": "No"})
    made.refresh_from_db()
    assert made.answer == "Coming to you"


@pytest.mark.parametrize("who", ["other_director", "player"])
def test_a_call_is_answered_by_the_events_arbiters_only(who: str) -> None:
    room = build_room()
    call(room, room.players[0])
    made = ArbiterCall.objects.get()
    user = room.other_director if who == "other_director" else room.players[1]
    body = {"op": "answer", "game": room.games[0].pk, "call": made.pk, "answer": "No"}
    assert room.client(user).post(room.act_url, body).status_code == 403
    made.refresh_from_db()
    assert made.answered_at is None
