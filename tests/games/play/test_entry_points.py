"""Where a player finds their game's page: "My games" and the board's page link to it for the
seated players of an online board in play, and for nobody else."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.factories import UserFactory
from tests.games.play.factories import online_board
from tests.games.play.test_play import client_of
from tournament.models.where import Played

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def test_the_board_page_links_its_seated_players_to_their_page() -> None:
    online = online_board()
    play = reverse("play-game", args=[online.game.pk])
    page = reverse("game-board", args=[online.board.pk])
    for account in online.players:
        assert play in client_of(account).get(page).content.decode()
    assert play not in client_of(UserFactory(username="eve")).get(page).content.decode()
    assert play not in Client().get(page).content.decode()


def test_no_link_once_the_game_is_over_or_at_the_venue() -> None:
    online = online_board()
    Game.objects.filter(pk=online.game.pk).update(status=Game.Status.FINISHED)
    page = reverse("game-board", args=[online.board.pk])
    assert "/play/" not in client_of(online.players[0]).get(page).content.decode()
    venue = online_board(("bob", "carol"), played=Played.VENUE)
    page = reverse("game-board", args=[venue.board.pk])
    assert "/play/" not in client_of(venue.players[0]).get(page).content.decode()


def test_my_games_links_to_the_play_page_which_finds_the_game() -> None:
    online = online_board()
    client = client_of(online.players[0])
    html = client.get(reverse("my-games")).content.decode()
    link = reverse("play-board", args=[online.board.pk])
    assert link in html
    response = client.get(link)
    assert response.status_code == 302
    assert response["Location"] == reverse("play-game", args=[online.game.pk])
