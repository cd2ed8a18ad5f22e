"""A duplicate solitaire entrant plays the round's deal: never a bye, on any page, e-mail,
export or projector (issue 26 item 6: the pairing e-mail said "you have a bye worth 1 point",
the round page and projector "bye", the slips had nothing to slip), and their board page offers
no swap (solitaire has no rack) and says their levels in order, not "Placings at the table"."""

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.exports.slips import slips_pdf
from tests.factories import arbiter_of
from tests.result_calls import set_solitaire_result
from tests.scoring.pdfreader import read_pdf
from tests.tournament.helpers import event_with_players
from tournament.models.events import Board, Event, Round
from tournament.notifications.services import round_messages
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

ALONE = "plays the round's deal (solitaire)"


def solitaire_round(n: int = 3, **fields: Any) -> tuple[Event, Any, Round, list[Board]]:
    event, td = event_with_players(n, rounds=2, ruleset="solitaire", table_size=1, **fields)
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_ = publish_round(round_=Round.objects.get(pk=round_.pk), user=td, notify=False)
    return event, td, round_, list(round_.boards.order_by("number"))


def text_of(response: Any) -> str:
    """The page's text, tags and entities as a reader sees them."""
    body = response.content.decode()
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)).replace("&#x27;", "'")


def test_an_entrants_board_is_a_game_not_a_bye() -> None:
    _event, _td, _round, boards = solitaire_round()
    board = boards[0]
    assert board.plays_alone
    assert board.has_game
    assert not board.is_bye


def test_a_requested_bye_in_a_solitaire_event_is_still_a_bye() -> None:
    event, td = event_with_players(3, rounds=2, ruleset="solitaire", table_size=1)
    last = event.entries.get(starting_rank=3)
    last.requested_byes = [1]
    last.save(update_fields=["requested_byes"])
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    publish_round(round_=Round.objects.get(pk=round_.pk), user=td, notify=False)
    bye = Board.objects.get(round__event=event, seats__entry=last)
    assert bye.is_bye
    assert not bye.plays_alone


def test_the_pairing_email_says_the_entrant_plays_the_rounds_deal() -> None:
    _event, _td, round_, _boards = solitaire_round()
    bodies = [message.body for message in round_messages(round_)]
    assert len(bodies) == 3
    for body in bodies:
        assert "you play the round's deal (duplicate solitaire)" in body
        assert "bye" not in body


@pytest.mark.parametrize("as_director", [False, True])
def test_the_round_page_shows_no_bye(as_director: bool) -> None:
    event, td, _round, _boards = solitaire_round()
    client = Client()
    if as_director:
        client.force_login(td)
    page = text_of(client.get(reverse("event-round", args=[event.slug, 1])))
    assert page.count(ALONE) == 3
    assert " bye " not in page


def test_the_projector_and_the_live_boards_show_no_bye() -> None:
    event, td, _round, boards = solitaire_round()
    set_solitaire_result(board=boards[0], user=td, reason="sheet", levels=[4, 5, 6, 7, 8, 9])
    for name in ("event-projector-screens", "event-live-boards"):
        page = text_of(Client().get(reverse(name, args=[event.slug])))
        assert ALONE in page, name
        assert " bye " not in page, name


def test_the_projector_places_a_decided_entrant() -> None:
    event, td, _round, boards = solitaire_round()
    set_solitaire_result(board=boards[0], user=td, reason="sheet", levels=[4, 5, 6, 7, 8, 9])
    page = text_of(Client().get(reverse("event-projector-screens", args=[event.slug])))
    assert f"{boards[0].sides[0].name} (1)" in page


def test_every_entrant_gets_a_result_slip() -> None:
    event, _td, round_, boards = solitaire_round()
    for board in boards:
        board.refresh_from_db()
    pdf = slips_pdf(event, round_.number, boards, lambda board: f"https://x.test/b/{board.pk}")
    assert read_pdf(pdf).uris == [f"https://x.test/b/{board.pk}" for board in boards]


def test_the_slips_page_of_a_solitaire_round_is_a_pdf_of_one_slip_per_entrant() -> None:
    event, _td, _round, boards = solitaire_round()
    client = Client()
    client.force_login(arbiter_of(event))
    response = client.get(reverse("export-slips", args=[event.slug, 1]))
    assert response.status_code == 200
    assert len(read_pdf(response.content).uris) == len(boards)


def test_the_german_round_page_says_the_entrant_plays_the_deal() -> None:
    event, _td, _round, _boards = solitaire_round()
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    page = text_of(client.get(reverse("event-round", args=[event.slug, 1])))
    assert page.count("spielt die Plättchenfolge der Runde (Solitär)") == 3
