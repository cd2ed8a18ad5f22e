"""The arbiter's board page: a whole game from the first tile to the result, as htmx posts it."""

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, GameAction
from tests.games.factories import board_with_game, fresh, has_bonus, scripted_actions
from tests.result_calls import lowest

pytestmark = pytest.mark.usefixtures("tasks_in_process")


class BoardPage:
    """What board.js and htmx send: form posts to the act endpoint, the live part comes back."""

    def __init__(self, client: Client, board_pk: int, game: Game) -> None:
        self.client = client
        self.board_pk = board_pk
        self.game = game

    def post(self, op: str, **fields: Any) -> str:
        fields.setdefault("expected_index", fresh(self.game).log_length)
        response = self.client.post(
            reverse("game-board-act", args=[self.board_pk]),
            {"op": op, **fields},
            HTTP_HX_REQUEST="true",
        )
        assert response.status_code == 200
        return response.content.decode()

    def ok(self, op: str, **fields: Any) -> str:
        html = self.post(op, **fields)
        errors = re.findall(r'class="flash error" role="alert">([^<]*)<', html)
        assert not errors, (op, fields, errors)
        return html

    def enter(self, action: dict[str, Any]) -> str:
        if action["type"] == "place":
            cell1, cell2 = action["cells"]
            return self.ok("place", tile=action["tile"], cell1=cell1, cell2=cell2)
        return self.ok("swap", rack=" ".join(action["rack"]))


@pytest.mark.django_db
def test_an_arbiter_records_a_whole_game_on_the_board_page(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    board, game, arbiter = board_with_game()
    client.force_login(arbiter)
    page = client.get(reverse("game-board", args=[board.pk])).content.decode()
    assert 'id="place-form"' in page and "Start clocks" in page and "board.js" in page
    assert page.count('class="tile-choice"') == 21
    actions = scripted_actions(seed=1)
    assert has_bonus(actions) and any(a["type"] == "swap" for a in actions)
    tablet = BoardPage(client, board.pk, game)

    html = tablet.ok("start")
    assert "Press clock" in html and "Pause" in html
    with django_capture_on_commit_callbacks(execute=True):
        for n, action in enumerate(actions):
            current = fresh(game)
            if current.clock_seat is not None and action["player"] != current.clock_seat:
                tablet.ok("press")
            if n == 6 and action["type"] == "place":  # a slip of the hand, taken back
                wrong = {**action, "cells": action["cells"][::-1]}
                tablet.enter(wrong)
                tablet.ok("takeback", count="1", reason="halves the wrong way round")
            html = tablet.enter(action)
            if n == 0:
                assert "Recorded: Ada Byron: " in html
    game = fresh(game)
    assert game.status == Game.Status.FINISHED
    assert "Game over." in html
    board.refresh_from_db()
    assert board.result in {"1-0", "0-1", "1/2-1/2"}
    assert f"lowest levels {lowest(board)[0]} – {lowest(board)[1]}" in html
    assert GameAction.objects.filter(game=game, kind="takeback").count() == 1
    assert game.validation == Game.Validation.VALID
    # The clocks ran: every entry carries readings, and the clocks stopped at the end.
    assert game.clock_seat is None and not game.clock_running


@pytest.mark.django_db
def test_refusals_on_the_page_show_the_engines_words_and_change_nothing(client: Client) -> None:
    board, game, arbiter = board_with_game()
    client.force_login(arbiter)
    tablet = BoardPage(client, board.pk, game)
    html = tablet.post("place", tile="RO", cell1="C8", cell2="C9")
    assert "C8 is the red start symbol" in html and "CELL_OCCUPIED" not in html
    html = tablet.post("place", tile="RO", cell1="C9", cell2="D9", expected_index="5")
    assert "The game has moved on" in html
    html = tablet.post("adjust", seat="0", time="soon", reason="x")
    assert "not a time" in html
    html = tablet.post("text", text="RO C9 D9")
    assert "Recorded: Ada Byron: RO on C9 D9." in html
    html = tablet.ok("adjust", seat="1", time="4:30", reason="penalty for a phone call")
    assert "set to 4:30" in html
    assert fresh(game).remaining_ms[1] == 270_000
    assert fresh(game).log_length == 2


@pytest.mark.django_db
def test_the_public_sees_the_live_board_read_only(client: Client) -> None:
    board, game, arbiter = board_with_game()
    page = client.get(reverse("game-board", args=[board.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "place-form" not in html and "Start clocks" not in html
    assert 'class="board"' in html  # not interactive
    for colour, shape in (("red", "star"), ("green", "circle"), ("blue", "hexagon")):
        assert f"{colour} start symbol ({shape})" in html
    assert html.count('<g class="cell ') == 169  # every cell of the full board
    assert "H8" in html and "clocks not started" in html
    # Polling: nothing new is a 204, a change sends the live part again.
    live = reverse("game-board-live", args=[board.pk])
    assert client.get(live, {"since": 0}).status_code == 204
    client.force_login(arbiter)
    BoardPage(client, board.pk, game).ok("start")
    client.logout()
    response = client.get(live, {"since": 0})
    assert response.status_code == 200
    assert 'id="game-live"' in response.content.decode()
    # A stranger's post is refused without a 500.
    response = client.post(reverse("game-board-act", args=[board.pk]), {"op": "press"})
    assert response.status_code == 302


@pytest.mark.django_db
def test_a_long_clock_adjustment_on_the_page_needs_its_confirmation(client: Client) -> None:
    board, game, arbiter = board_with_game()
    client.force_login(arbiter)
    page = BoardPage(client, board.pk, game)
    page.ok("start")
    refused = page.post("adjust", seat="0", time="45:00", reason="clock fault")
    assert "more than the 10:00 each player started with" in refused
    assert not GameAction.objects.filter(game=game, kind="adjust").exists()
    page.ok("adjust", seat="0", time="45:00", reason="clock fault", confirm_long="on")
    adjust = GameAction.objects.get(game=game, kind="adjust")
    assert adjust.payload["to_ms"] == 45 * 60_000
