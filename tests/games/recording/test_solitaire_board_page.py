"""A duplicate solitaire entrant's board page (issue 26 item 6): no swap panel (solitaire has
no rack), and the result in the entrant's levels in order, with their placing in the round,
not "Placings at the table"."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import arbiter_of
from tests.result_calls import set_solitaire_result
from tests.tournament.helpers import event_with_players
from tournament.models.events import Board, Event, Round
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def published(n: int, **fields: Any) -> tuple[Event, Any, list[Board]]:
    event, td = event_with_players(n, rounds=2, **fields)
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_ = publish_round(round_=Round.objects.get(pk=round_.pk), user=td, notify=False)
    return event, td, list(round_.boards.order_by("number"))


def text_of(response: Any) -> str:
    body = response.content.decode()
    return " ".join(body.replace("&#x27;", "'").split())


def test_the_board_page_offers_no_swap_and_says_the_levels_in_order() -> None:
    event, td, boards = published(3, ruleset="solitaire", table_size=1)
    client = Client()
    client.force_login(arbiter_of(event))
    url = reverse("game-board", args=[boards[1].pk])
    before = client.get(url).content.decode()
    assert 'name="op" value="place"' in before or "Notation" in before  # the recording page
    assert "Record swap" not in before
    set_solitaire_result(board=boards[1], user=td, reason="sheet", levels=[2, 3, 5, 7, 9, 9])
    page = text_of(client.get(url))
    assert "lowest level 2, then 3, 5, 7, 9, 9; placing 1 in the round" in page
    assert "Placings at the table" not in page


def test_a_pair_board_page_still_offers_the_swap() -> None:
    event, _td, boards = published(4)
    client = Client()
    client.force_login(arbiter_of(event))
    board = boards[0]
    assert "Record swap" in client.get(reverse("game-board", args=[board.pk])).content.decode()
