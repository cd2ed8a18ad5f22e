"""A board a director decided says so in the arbiter's words, in English and in German: the
placings at a table by name, the result of a game of two, never the result code's label."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import director_of
from tests.games.factories import board_with_game
from tests.result_calls import set_table_result
from tournament.results.services import set_board_result

from .test_table_games import NAMES, four_seat_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def page(board: Any, user: Any, language: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client.get(reverse("game-board", args=[board.pk])).content.decode()


def test_a_table_decided_by_a_director_names_its_placings() -> None:
    board, _game, arbiter = four_seat_game()
    director = director_of(board.round.event)
    set_table_result(
        board=board,
        user=director,
        reason="score sheet",
        levels=[[9, 11], [12, 12], [9, 10], [5, 14]],
    )
    english = page(board, arbiter, "en")
    placings = f"{NAMES[0]} 2, {NAMES[1]} 1, {NAMES[2]} 3, {NAMES[3]} 4"
    assert f"a director entered the placings at the table: {placings}." in english
    assert "Placings at the table was entered" not in english
    german = page(board, arbiter, "de")
    assert f"Ein Turnierleiter hat die Platzierungen am Tisch eingetragen: {placings}." in german
    assert "Hier wird nichts mehr aufgezeichnet, bis ein Turnierleiter das Brett" in german


def test_a_game_of_two_decided_by_a_director_gives_its_result() -> None:
    board, _game, arbiter = board_with_game()
    set_board_result(board=board, result="0-1", user=director_of(board.round.event))
    assert "a director entered the result: 0-1." in page(board, arbiter, "en")
    assert "Ein Turnierleiter hat das Ergebnis eingetragen: 0-1." in page(board, arbiter, "de")


def test_the_board_and_the_viewer_are_named_in_the_readers_language() -> None:
    board, _game, arbiter = board_with_game()
    assert 'aria-label="Spielbrett"' in page(board, arbiter, "de")
    assert 'aria-label="Game board"' in page(board, arbiter, "en")
    viewer = Client(HTTP_ACCEPT_LANGUAGE="de").get(reverse("game-view", args=[board.pk]))
    assert 'aria-label="Die Partie, Zug für Zug"' in viewer.content.decode()
