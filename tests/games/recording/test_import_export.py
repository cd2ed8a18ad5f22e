"""Games recorded on paper: imported with the same checks, downloaded in both forms, replayed."""

import json
from typing import Any

import pytest
from django.urls import reverse

from games.engine.gamerecord import Record
from games.engine.loading import load_record
from games.engine.randomgame import random_game
from games.models import Game
from games.recording import positions
from tests.games.factories import fresh, scripted_actions
from tests.result_calls import lowest

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def full_record(seed: int = 8) -> Record:
    return random_game("mso", "full", seed=seed)


@pytest.mark.django_db
def test_a_full_json_record_is_checked_with_its_draws_and_stored_as_seen_at_the_board(
    table: Any, django_capture_on_commit_callbacks: Any
) -> None:
    board, game, arbiter, tablet = table()
    record = full_record()
    with django_capture_on_commit_callbacks(execute=True):
        response = tablet.client.post(
            tablet.url("api-game-import"), {"record": record.to_json()}, format="json"
        )
    assert response.status_code == 201, response.content
    body = response.json()
    board_actions = positions.board_mode_actions(record)
    assert [e["payload"] for e in body["stored"]] == board_actions
    assert {e["user"] for e in body["stored"]} == {arbiter.username}
    assert body["status"] == "finished"
    board.refresh_from_db()
    assert board.result and lowest(board)[0] is not None
    assert fresh(game).validation == Game.Validation.VALID

    # Downloads: both forms hold the same record, and read back through the engine.
    as_json = tablet.client.get(reverse("game-record-json", args=[board.pk]))
    assert as_json.status_code == 200
    assert "attachment" in as_json["Content-Disposition"]
    as_text = tablet.client.get(reverse("game-record-text", args=[board.pk]))
    assert as_text["Content-Type"].startswith("text/plain")
    from_json = load_record(as_json.content.decode())
    from_text = load_record(as_text.content.decode())
    assert from_json.actions == from_text.actions == board_actions
    assert from_json.players == [board.sides[0].player.name, board.sides[1].player.name]
    assert from_json.extra["round"] == board.round.number
    api_text = tablet.client.get(tablet.url("api-game-record-text")).content.decode()
    assert api_text == as_text.content.decode()


@pytest.mark.django_db
def test_a_text_record_with_a_bonus_and_a_swap_imports_through_the_page(client: Any) -> None:
    from tests.games.factories import board_with_game

    board, game, arbiter = board_with_game()
    actions = scripted_actions(seed=2)
    text = Record("mso", "board", ["Ada Byron", "Alan Turing"], actions).to_text()
    client.force_login(arbiter)
    page = reverse("game-import", args=[board.pk])
    assert client.get(page).status_code == 200
    response = client.post(page, {"record": text})
    assert response.status_code == 302
    assert [r.payload for r in fresh(game).actions.order_by("index")] == actions
    assert fresh(game).status == Game.Status.FINISHED


@pytest.mark.django_db
def test_an_illegal_record_is_refused_at_its_first_bad_action_and_nothing_is_stored(
    table: Any,
) -> None:
    _board, game, _arbiter, tablet = table()
    actions = positions.board_mode_actions(full_record())
    actions[5] = {**actions[5], "cells": actions[3]["cells"]}  # cells already taken
    record = Record("mso", "board", ["a", "b"], actions)
    response = tablet.client.post(
        tablet.url("api-game-import"), {"record": record.dumps()}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "CELL_OCCUPIED"
    assert body["record_index"] == 5
    assert fresh(game).log_length == 0


@pytest.mark.django_db
def test_an_unreadable_record_says_where(table: Any) -> None:
    _board, game, _arbiter, tablet = table()
    response = tablet.client.post(
        tablet.url("api-game-import"),
        {"record": '[Ruleset "mso"]\n[Mode "board"]\n[Player0 "a"]\n[Player1 "b"]\n\n1. RO C9\n'},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "BAD_RECORD"
    assert "line" in response.json()["detail"]
    assert fresh(game).log_length == 0


@pytest.mark.django_db
def test_import_needs_an_empty_game_of_the_events_ruleset(table: Any) -> None:
    _board, game, _arbiter, tablet = table()
    assert (
        tablet.act({"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]}).status_code
        == 201
    )
    record = full_record()
    response = tablet.client.post(
        tablet.url("api-game-import"), {"record": record.to_json()}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "not_empty"
    standard = json.loads(Record("standard", "board", ["a", "b"], []).dumps())
    response = tablet.client.post(
        tablet.url("api-game-import"), {"record": standard}, format="json"
    )
    assert response.status_code == 400
    assert "ruleset" in response.json()["detail"]


@pytest.mark.django_db
def test_the_viewer_steps_through_the_game_with_scores_and_clocks(table: Any, client: Any) -> None:
    board, game, _arbiter, tablet = table()
    assert tablet.clock("start").status_code == 200
    actions = scripted_actions(seed=3)[:9]
    tablet.play(actions)
    frames = client.get(reverse("api-game-frames", args=[board.pk])).json()
    assert len(frames) == len(actions) + 1
    assert frames[0]["scores"] == [[0] * 6, [0] * 6] and frames[0]["plies"] == 0
    assert [f["action"] for f in frames[1:]] == actions
    assert all(len(f["clock_ms"]) == 2 for f in frames)
    assert frames[-1]["scores"] == tablet.state()["position"]["scores"]
    # The public page: the board with every tile, marked by ply, and the frames for stepping.
    page = client.get(reverse("game-view", args=[board.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="frames"' in html and 'data-ply="9"' in html
    assert "game-viewer.js" in html


def test_the_viewer_and_the_game_log_speak_german(table: Any, client: Any) -> None:
    board, game, _arbiter, tablet = table()
    assert tablet.clock("start").status_code == 200
    actions = scripted_actions(seed=3)[:3]
    tablet.play(actions)
    url = reverse("game-view", args=[board.pk])
    german = client.get(url, headers={"accept-language": "de"}).content.decode()
    english = client.get(url).content.decode()
    first = actions[0]
    cells = " ".join(first["cells"])
    # The move list, the step line's words and the board's cell names follow the language.
    assert f"{game.players[0]}: {first['tile']} auf {cells}" in german
    assert 'data-start-text="Beginn der Partie"' in german
    assert 'data-step-text="Schritt %s: "' in german
    assert "Startsymbol rot" in german and " on " + cells not in german
    assert f"{game.players[0]}: {first['tile']} on {cells}" in english
    assert 'data-step-text="Step %s: "' in english and "red start symbol" in english
