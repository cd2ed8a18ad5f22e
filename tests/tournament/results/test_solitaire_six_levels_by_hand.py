"""A director types all six of a solitaire entrant's levels on the board's result page, and the
round is ranked on all of them (RULINGS.md: the lowest, then the next, and so on); a word that
is not a level is refused by name and nothing changes."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournament.rounds.test_solitaire_not_a_bye import solitaire_round
from tournament.models.events import Board, Round
from tournament.models.tables import Seat
from tournament.rounds.history import scores_before
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def by_hand(client: Client, board: Board, lowest: int, next_: int, rest: str) -> int:
    url = reverse("board-result", args=[board.round.event.slug, board.pk])
    board.refresh_from_db()
    response = client.post(
        url,
        {
            f"lowest_{0}": lowest,
            f"next_{0}": next_,
            f"rest_{0}": rest,
            "reason": "score sheet",
            "replaces": board.result_version,
        },
    )
    return response.status_code


def test_six_levels_typed_by_hand_rank_the_round_on_all_of_them() -> None:
    _event, td, _round, boards = solitaire_round()
    client = Client()
    client.force_login(td)
    assert by_hand(client, boards[0], 2, 2, "3 9 9 9") == 302
    assert by_hand(client, boards[1], 2, 2, "4 5 5 5") == 302
    seats = {s.board_id: s for s in Seat.objects.filter(board__in=boards[:2])}
    assert seats[boards[0].pk].levels == [2, 2, 3, 9, 9, 9]
    assert seats[boards[1].pk].levels == [2, 2, 4, 5, 5, 5]
    assert (seats[boards[1].pk].placing, seats[boards[0].pk].placing) == (1, 2)


def test_a_word_that_is_not_a_level_is_refused_and_changes_nothing() -> None:
    _event, td, _round, boards = solitaire_round()
    client = Client()
    client.force_login(td)
    assert by_hand(client, boards[0], 2, 2, "3 x 9") == 200
    url = reverse("board-result", args=[boards[0].round.event.slug, boards[0].pk])
    page = client.post(
        url,
        {"lowest_0": 2, "next_0": 2, "rest_0": "3 x 9", "reason": "r", "replaces": 0},
    ).content.decode()
    assert "x is not a level: levels are whole numbers from 0 to 36." in page
    boards[0].refresh_from_db()
    assert (boards[0].result, Seat.objects.get(board=boards[0]).levels) == ("", [])


def test_the_round_page_leads_the_director_to_each_entrants_result_page() -> None:
    """The round page gives the director a link to every entrant's result page (the levels are
    typed there); a spectator sees none."""
    event, td, round_, boards = solitaire_round()
    client = Client()
    client.force_login(td)
    page = client.get(reverse("event-round", args=[event.slug, round_.number])).content.decode()
    for board in boards:
        assert f'href="{reverse("board-result", args=[event.slug, board.pk])}"' in page
    assert "<th>Entrant</th><th>Plays</th>" in page  # not "First" and "Second"
    public = Client().get(reverse("event-round", args=[event.slug, round_.number]))
    assert "/result/" not in public.content.decode()


def test_round_two_shows_each_entrants_points_from_round_one() -> None:
    """Before round 2, each entrant has the share of round 1's other entrants they beat (as at
    a table of them all): 1, ½ and 0 here; the round pages read them (a solitaire board once
    made them fail with "unknown result", then read 0 for everyone)."""
    event, td, _round, boards = solitaire_round()
    client = Client()
    client.force_login(td)
    for board, levels in zip(
        boards, ((5, 6, "7 8 9 9"), (4, 4, "4 4 4 4"), (2, 3, "3 3 3 3")), strict=True
    ):
        assert by_hand(client, board, *levels) == 302
    assert scores_before(event, 2) == {
        boards[0].seated[0].pk: 1.0,
        boards[1].seated[0].pk: 0.5,
        boards[2].seated[0].pk: 0.0,
    }
    round2 = start_pairing(event=event, user=td)
    compute_draft(round2.pk)
    round2 = publish_round(round_=Round.objects.get(pk=round2.pk), user=td, notify=False)
    page = Client().get(reverse("event-round", args=[event.slug, 2]))
    assert page.status_code == 200
    text = page.content.decode()
    assert '<span class="score" title="Points before this round">(1)</span>' in text
    assert '<span class="score" title="Points before this round">(½)</span>' in text
