"""A duplicate round's comparison (issue 30, requirement 8): each online board's seats against
the same seats of the round's other boards (median, rank), shown on the round's page."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.duplicate.selectors import comparison
from tests.tournament.helpers import draft_round, event_with_players
from tournament.models.events import Result, Round
from tournament.models.where import EventPlayed
from tournament.results.services import set_board_result
from tournament.rounds.services import publish_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def duplicate_round(players: int = 8, **fields: Any) -> tuple[Round, Any]:
    event, td = event_with_players(
        players, rounds=3, boards_played=EventPlayed.ONLINE, duplicate_boards=True, **fields
    )
    return publish_round(round_=draft_round(event, td), user=td), td


def decide(round_: Round, td: Any, levels: dict[int, tuple[int, int]]) -> None:
    for number, (first, second) in levels.items():
        board = round_.boards.get(number=number)
        result = Result.FIRST_WINS if first > second else Result.SECOND_WINS
        set_board_result(
            board=board, user=td, result=result, first_lowest=first, second_lowest=second
        )


def test_each_seat_against_the_same_seat_of_the_other_boards() -> None:
    round_, td = duplicate_round()
    decide(round_, td, {1: (12, 9), 2: (8, 10), 3: (15, 7)})  # board 4 still plays
    compared = comparison(round_)
    assert compared is not None
    [group] = compared.groups
    assert group.seats == 2 and group.decided == 3
    assert group.medians == [12, 9]
    by_board = {b.number: b for b in group.boards}
    first_seats = {n: (b.seats[0].vs_median, b.seats[0].rank) for n, b in by_board.items()}
    assert first_seats == {1: (0, 2), 2: (-4, 3), 3: (3, 1), 4: (None, None)}
    second_seats = {n: (b.seats[1].vs_median, b.seats[1].rank) for n, b in by_board.items()}
    assert second_seats == {1: (0, 2), 2: (1, 1), 3: (-2, 3), 4: (None, None)}
    assert not by_board[4].decided


def test_the_rounds_page_shows_the_comparison(client: Client) -> None:
    round_, td = duplicate_round()
    decide(round_, td, {1: (12, 9), 2: (8, 10)})
    event = round_.event
    page = client.get(reverse("event-round", args=[event.slug, round_.number]))
    assert page.status_code == 200
    url = reverse("event-round-duplicate", args=[event.slug, round_.number])
    assert f'hx-get="{url}"' in page.content.decode()
    part = client.get(url)
    assert part.status_code == 200
    html = part.content.decode()
    assert "Duplicate boards compared" in html
    assert html.count('data-board="') == 4
    assert "+2" in html and "1/2" in html  # board 1's first seat: 12 against a median of 10
    assert str(round_.seed) not in html


def test_a_round_without_duplicate_boards_has_no_comparison(client: Client) -> None:
    event, td = event_with_players(4, rounds=3, boards_played=EventPlayed.ONLINE)
    round_ = publish_round(round_=draft_round(event, td), user=td)
    assert comparison(round_) is None
    page = client.get(reverse("event-round", args=[event.slug, round_.number]))
    assert "event-round-duplicate" not in page.content.decode()
    assert "/duplicate/" not in page.content.decode()
    part = client.get(reverse("event-round-duplicate", args=[event.slug, round_.number]))
    assert part.status_code == 200
    assert part.content == b""
