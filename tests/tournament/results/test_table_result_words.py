"""A table's result reads as its placings ("1. Ada, 2. Alan, 3. Grace") on the round page and in
My games, in the reader's language: never the result code's name, "Placings at the table"
(found on a German player's phone in the walk of issue 28)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.result_calls import set_table_result
from tests.tournament.helpers import draft_round, event_with_players
from tournament.models.events import Board, Event
from tournament.rounds.services import publish_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def decided_table() -> tuple[Event, Board, list[str]]:
    """Round 1 at a table of 3, its placings entered by the director: seat 2 first, then seat
    1, then seat 3."""
    event, td = event_with_players(3, rounds=2, system="swiss", ruleset="standard", table_size=3)
    round_ = draft_round(event, td)
    publish_round(round_=round_, user=td)
    board = round_.boards.get()
    names = [seat.entry.name for seat in board.seats.order_by("number")]
    set_table_result(
        board=board,
        user=td,
        reason="from the score sheet",
        levels=[[5, 6, 7, 8, 9, 10], [7, 8, 9, 10, 11, 12], [3, 4, 5, 6, 7, 8]],
    )
    return event, board, names


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_round_page_says_the_placings() -> None:
    event, _board, (first, second, third) = decided_table()
    for language, placings in (("en", "1. {b}, 2. {a}, 3. {c}"), ("de", "1. {b}, 2. {a}, 3. {c}")):
        page = Client(HTTP_ACCEPT_LANGUAGE=language).get(
            reverse("event-round", args=[event.slug, 1])
        )
        text = words(page.content.decode())
        assert placings.format(a=first, b=second, c=third) in text, language
        assert "Placings at the table" not in text and "Platzierungen am Tisch" not in text


def test_my_games_says_the_placings_in_german() -> None:
    event, board, (first, second, third) = decided_table()
    player = board.seats.get(number=0).entry.player
    player.user = UserFactory()
    player.save()
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(player.user)
    text = words(client.get(reverse("my-games")).content.decode())
    assert f"1. {second}, 2. {first}, 3. {third}" in text
    assert "Platzierungen am Tisch" not in text
