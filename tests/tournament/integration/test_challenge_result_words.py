"""A Challenge table's result is typed in the Challenges' words: each seat's lowest and
second-lowest score row (0 to 10), on the director's result page and on a player's confirm
page; a board game's table keeps its colour levels."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.games.integration.test_challenge_events import challenge_event, draft
from tournament import services
from tournament.models import Board, Round

pytestmark = pytest.mark.django_db


def published_table() -> tuple[Board, Any]:
    event, td = challenge_event(4, challenges=["tile"])
    round_ = draft(event, td)
    services.publish_round(round_=Round.objects.get(pk=round_.pk), user=td, notify=False)
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
