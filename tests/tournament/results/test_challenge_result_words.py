"""A Challenge table's result is typed in the Challenges' words: each seat's lowest and
second-lowest score row (0 to 10), on the director's result page and on a player's confirm
page; a board game's table keeps its colour levels."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.games.challenge_tables.test_challenge_events import challenge_event, draft
from tournament.models.events import Board, Round
from tournament.rounds.services import publish_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def published_table() -> tuple[Board, Any]:
    event, td = challenge_event(4, challenges=["tile"])
    round_ = draft(event, td)
    publish_round(round_=Round.objects.get(pk=round_.pk), user=td, notify=False)
    return Board.objects.get(round=round_, number=1), td


def test_the_director_types_score_rows_at_a_challenge_table() -> None:
    board, td = published_table()
    client = Client()
    client.force_login(td)
    page = client.get(reverse("board-result", args=[board.round.event.slug, board.pk]))
    text = page.content.decode()
    assert '<th scope="col">Lowest row</th><th scope="col">Second-lowest row</th>' in text
    assert "Lowest colour" not in text
    name = board.seated[0].player.name
    assert f"{name}: lowest row" in text and "Levels run from 0 to 10." in text


def test_a_seated_player_confirms_score_rows_at_a_challenge_table() -> None:
    board, _td = published_table()
    player = board.seated[0].player
    player.user = UserFactory(username="seated")
    player.save()
    client = Client()
    client.force_login(player.user)
    page = client.get(reverse("board-confirm", args=[board.round.event.slug, board.pk]))
    text = page.content.decode()
    assert f"{player.name}: lowest row (0 to 10)" in text
    assert f"{player.name}: second-lowest row (0 to 10)" in text
    assert "colour level" not in text


def test_both_players_at_a_challenge_table_of_two_confirm_its_rows() -> None:
    """Five players at tables of 3 leave a table of two: it is ranked by its rows like any
    Challenge table, so its players give rows (not "who won"), and their agreement enters it."""
    event, td = challenge_event(5, challenges=["tile"])
    event.table_size = 3
    event.save(update_fields=["table_size"])
    round_ = draft(event, td)
    publish_round(round_=Round.objects.get(pk=round_.pk), user=td, notify=False)
    board = next(b for b in Board.objects.filter(round=round_) if len(b.seated) == 2)
    url = reverse("board-confirm", args=[event.slug, board.pk])
    word = {"lowest_0": 4, "next_0": 6, "lowest_1": 5, "next_1": 5}
    for n, entry in enumerate(board.seated):
        entry.player.user = UserFactory(username=f"seat{n}")
        entry.player.save()
        client = Client()
        client.force_login(entry.player.user)
        assert "Who won?" not in client.get(url).content.decode()
        assert client.post(url, word).status_code == 302
    said = client.get(url).content.decode()  # every word given, in the Challenges' words
    first, second = (entry.name for entry in board.seated)
    assert f"{first} placed 2 (rows 4, 6); {second} placed 1 (rows 5, 5)" in said
    board.refresh_from_db()
    assert board.result == "table"
    seats = list(board.seats.order_by("number"))
    assert [(s.levels[:2], s.placing) for s in seats] == [([4, 6], 2), ([5, 5], 1)]
