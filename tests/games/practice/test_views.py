"""The practice table's pages: /practice/ starts a game and lists the owner's own; a game's page,
state, actions, check and viewer are its owner's alone (404 for anyone else, staff too); the
state has the player's page's keys, without clocks, board or arbiter."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.engine.gamerecord import Record
from games.models import Game
from games.practice.models import PracticeGame
from tests.factories import PlayerFactory, UserFactory
from tests.games.play.factories import online_board
from tests.games.practice.factories import fresh, practice, turn_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

#: What the player's page's state has and a practice game's has not: no board, no clocks, no
#: arbiter.
BOARD_ONLY = {"board", "board_number", "round", "clock", "messages", "calls", "partner_rack"}


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def post_json(client: Client, url: str, body: Any) -> Any:
    return client.post(url, json.dumps(body), content_type="application/json")


def start_form(client: Client) -> dict[str, str]:
    """The start form's fields as the page renders them (its token among them)."""
    page = client.get(reverse("practice")).content.decode()
    token = re.search(r'name="token" value="([^"]+)"', page)
    assert token is not None, page
    return {"strength": "easy", "first": "first", "token": token.group(1)}


def test_the_anonymous_are_sent_to_sign_in_and_see_no_state() -> None:
    p = practice(UserFactory(), "easy")
    client = Client()
    for name, args in (("practice", []), ("practice-game", [p.pk]), ("practice-view", [p.pk])):
        response = client.get(reverse(name, args=args))
        assert response.status_code == 302 and "/login/" in response["Location"], name
    assert client.get(reverse("practice-state", args=[p.pk])).status_code == 404
    act = post_json(client, reverse("practice-act", args=[p.pk]), {"type": "end_turn"})
    assert act.status_code == 404


def test_starting_a_game_from_the_page() -> None:
    owner = UserFactory(username="ada")
    client = client_of(owner)
    page = client.get(reverse("practice"))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Practise against the engine" in html
    for strength in ("easy", "medium", "strong"):
        assert f'value="{strength}"' in html
    form = {**start_form(client), "strength": "medium", "first": "second"}
    response = client.post(reverse("practice"), form)
    (p,) = PracticeGame.objects.all()
    assert response.status_code == 302
    assert response["Location"] == reverse("practice-game", args=[p.pk])
    assert p.user == owner and p.strength == "medium" and p.human_seat == 1


def test_the_start_form_sent_twice_starts_one_game() -> None:
    client = client_of(UserFactory())
    form = start_form(client)
    first = client.post(reverse("practice"), form)
    second = client.post(reverse("practice"), form)  # a double click
    assert PracticeGame.objects.count() == 1 and Game.objects.count() == 1
    assert first["Location"] == second["Location"]
    # A fresh page gives a fresh form: a second game.
    client.post(reverse("practice"), start_form(client))
    assert PracticeGame.objects.count() == 2


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("strength", "grandmaster", "Choose the engine's strength"),
        ("first", "both", "Say who moves first"),
        ("token", "not-a-token", "This form is out of date"),
    ],
)
def test_a_bad_start_form_is_refused_in_words(field: str, value: str, words: str) -> None:
    client = client_of(UserFactory())
    form = {**start_form(client), field: value}
    response = client.post(reverse("practice"), form)
    assert response.status_code == 400
    assert words in unescape(response.content.decode())
    assert not Game.objects.exists()


def test_the_list_shows_the_owners_games_alone() -> None:
    owner, other = UserFactory(username="ada"), UserFactory(username="eve")
    mine = practice(owner, "strong")
    theirs = practice(other, "easy")
    page = client_of(owner).get(reverse("practice")).content.decode()
    assert f'data-practice="{mine.pk}"' in page
    assert f'data-practice="{theirs.pk}"' not in page
    assert reverse("practice-game", args=[mine.pk]) in page  # in play: continue
    assert "Strong" in page


def test_another_users_game_is_not_found_whoever_asks() -> None:
    p = practice(UserFactory(username="ada"), "easy")
    length = p.game.log_length
    for user in (
        UserFactory(username="eve"),
        UserFactory(username="root", is_staff=True, is_superuser=True),
    ):
        client = client_of(user)
        for name in ("practice-game", "practice-state", "practice-view"):
            assert client.get(reverse(name, args=[p.pk])).status_code == 404, name
        act = post_json(
            client,
            reverse("practice-act", args=[p.pk]),
            {"type": "end_turn", "expected_index": length},
        )
        assert act.status_code == 404
        check = post_json(client, reverse("practice-check", args=[p.pk]), {"tile": "RR"})
        assert check.status_code == 404
    assert fresh(p).game.log_length == length


def test_the_page_is_the_players_table_without_clocks_arbiter_or_socket() -> None:
    owner = UserFactory()
    p = practice(owner, "easy")
    html = client_of(owner).get(reverse("practice-game", args=[p.pk])).content.decode()
    assert f'data-state-url="{reverse("practice-state", args=[p.pk])}"' in html
    assert f'data-act-url="{reverse("practice-act", args=[p.pk])}"' in html
    assert 'data-poll="off"' in html
    assert "data-socket" not in html and "data-call-url" not in html
    assert 'id="play-clocks"' not in html and "play-arbiter" not in html
    assert 'id="play-rack"' in html and "End turn" in html
    assert "js/play.js" in html and "presence.js" not in html


def test_the_state_has_the_players_page_keys_without_board_clocks_or_arbiter() -> None:
    online = online_board()
    play_state = client_of(online.players[0]).get(reverse("play-state", args=[online.game.pk]))
    owner = UserFactory()
    p = practice(owner, "easy")
    state = client_of(owner).get(reverse("practice-state", args=[p.pk])).json()
    assert set(state) == (set(play_state.json()) - BOARD_ONLY) | {"practice"}
    played_seat = set(play_state.json()["seats"][0])
    assert set(state["seats"][0]) == played_seat - {"clock_text"}
    assert state["practice"] == {"id": p.pk, "strength": "easy"}
    assert state["seat"] == 0 and state["may"] == {"place": True, "swap": False, "end_turn": False}
    assert len(state["rack"]) == 6 and state["legal_pairs"]


def test_a_turn_through_the_endpoints_and_the_engines_reply() -> None:
    owner = UserFactory()
    p = practice(owner, "easy")
    client = client_of(owner)
    state = client.get(reverse("practice-state", args=[p.pk])).json()
    tile = state["rack"][0]["tile"]
    cells = state["legal_pairs"][0]
    check = post_json(
        client, reverse("practice-check", args=[p.pk]), {"tile": tile, "cells": cells}
    )
    assert check.status_code == 200 and set(check.json()) >= {"points", "total", "bonus"}
    act_url = reverse("practice-act", args=[p.pk])
    body = {"type": "place", "tile": tile, "cells": cells, "expected_index": state["next_index"]}
    state = post_json(client, act_url, body).json()
    while state["may"]["place"]:  # a bonus placement
        body = {
            "type": "place",
            "tile": state["rack"][0]["tile"],
            "cells": state["legal_pairs"][0],
            "expected_index": state["next_index"],
        }
        state = post_json(client, act_url, body).json()
    assert state["may"]["end_turn"]
    placed = state["plies"]
    response = post_json(
        client, act_url, {"type": "end_turn", "expected_index": state["next_index"]}
    )
    assert response.status_code == 200
    after = response.json()
    assert after["plies"] > placed  # the engine's placement came with the answer
    assert after["may"]["place"] and after["next_index"] > state["next_index"]


def test_bad_actions_are_answered_in_words_and_change_nothing() -> None:
    owner = UserFactory()
    p = practice(owner, "easy")
    client = client_of(owner)
    url = reverse("practice-act", args=[p.pk])
    length = p.game.log_length
    cases = [
        ({"type": "end_turn", "expected_index": length}, 403, "Place your tile first"),
        ({"type": "place", "tile": "RR", "cells": ["A1"], "expected_index": length}, 400, ""),
        ({"type": "end_turn", "expected_index": length + 5}, 409, "The game has moved on"),
        ({"type": "resign", "expected_index": length}, 400, "not an action"),
        ("not an object", 400, "An action must be an object"),
    ]
    for body, status, words in cases:
        response = post_json(client, url, body)
        assert response.status_code == status, (body, response.content)
        assert words in response.json()["detail"]
    assert client.post(url, b"{nope", content_type="application/json").status_code == 400
    bad_check = post_json(client, reverse("practice-check", args=[p.pk]), {"tile": "ZZ"})
    assert bad_check.status_code == 400
    assert fresh(p).game.log_length == length


def test_practice_games_show_in_no_players_games_or_rating() -> None:
    """A practice game is a game without a board: My games and the player's rating page, which
    read a player's boards, show nothing of it."""
    owner = UserFactory(username="ada")
    player = PlayerFactory(name="Ada Byron", user=owner)
    p = practice(owner, "easy")
    client = client_of(owner)
    my_games = client.get(reverse("my-games")).content.decode()
    assert reverse("practice") in my_games  # the link to practise
    assert "Engine (Easy)" not in my_games
    assert reverse("practice-game", args=[p.pk]) not in my_games
    rating = client.get(reverse("player-rating", args=[player.pk])).content.decode()
    assert "Engine (Easy)" not in rating


def test_the_owner_downloads_the_record_with_no_draw_in_play_and_every_draw_at_the_end() -> None:
    user = UserFactory(username="ada")
    p = turn_of(practice(user, "easy"))
    client = client_of(user)
    in_play = client.get(reverse("practice-record-json", args=[p.pk]))
    assert in_play.status_code == 200
    assert in_play["Content-Disposition"] == f'attachment; filename="practice-{p.pk}.json"'
    shown = json.loads(in_play.content)
    assert shown["strength"] == "easy" and shown["mode"] == "board"
    assert [a for a in shown["actions"] if a["type"] == "draw"] == []
    assert any(a["type"] == "place" for a in shown["actions"])
    while fresh(p).game.status != Game.Status.FINISHED:
        p = turn_of(p)
    over = json.loads(client.get(reverse("practice-record-json", args=[p.pk])).content)
    assert over["mode"] == "full"
    assert any(a["type"] == "draw" for a in over["actions"])
    assert Record.from_json(over).players == p.game.players
    text = client.get(reverse("practice-record-text", args=[p.pk]))
    assert text.status_code == 200
    assert text["Content-Type"] == "text/plain; charset=utf-8"
    assert Record.from_text(text.content.decode()).actions == Record.from_json(over).actions


def test_another_users_record_is_not_found_and_the_anonymous_sign_in() -> None:
    p = practice(UserFactory(username="ada"), "easy")
    for name in ("practice-record-json", "practice-record-text"):
        url = reverse(name, args=[p.pk])
        assert client_of(UserFactory(is_staff=True, is_superuser=True)).get(url).status_code == 404
        anonymous = Client().get(url)
        assert anonymous.status_code == 302
        assert anonymous["Location"].startswith(reverse("login"))
