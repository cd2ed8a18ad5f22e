"""A duplicate solitaire entrant's result reads as their levels in order and their placing in
the round, on the round page, in My games and in the result e-mail: never "Placings at the
table" (a table's words, where the entrant sat alone)."""

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.result_calls import set_solitaire_result
from tests.tournament.rounds.test_solitaire_not_a_bye import solitaire_round
from tournament.notifications.services import result_messages
from tournament.results.models import ResultCorrection

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

WORDS = "lowest level 2, then 3, 5, 7, 9, 9; placing 2 in the round"


def entered() -> tuple[Any, Any, Any]:
    event, td, round_, boards = solitaire_round()
    sheet = "from the score sheet"
    set_solitaire_result(board=boards[0], user=td, reason=sheet, levels=[4, 4, 5, 6, 7, 8])
    board = set_solitaire_result(board=boards[1], user=td, reason=sheet, levels=[2, 3, 5, 7, 9, 9])
    return event, round_, board


def test_the_round_page_says_the_levels_and_the_placing() -> None:
    event, round_, _board = entered()
    page = Client().get(reverse("event-round", args=[event.slug, round_.number]))
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.content.decode()))
    assert WORDS in text
    assert "Placings at the table" not in text


def test_the_result_email_says_the_levels_and_the_placing() -> None:
    _event, _round, board = entered()
    (message,) = result_messages(ResultCorrection.objects.filter(board=board).latest("pk"))
    assert WORDS in message.body
    assert "placings at the table" not in message.body.lower()
