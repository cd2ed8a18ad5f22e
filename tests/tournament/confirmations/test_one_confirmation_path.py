"""One write path for a player's word and an arbiter's settling (issue "The house by subject",
4): the board read once, locked once and saved once; who speaks there checked once; one
after-commit effect; and no call up into the games floor (a board that takes words has no game
record, so no clock to hold and no game row to lock first)."""

from typing import Any

import pytest
from django.db import connection
from django.db.models.query import QuerySet
from django.test.utils import CaptureQueriesContext

from games.clocks.services import on_board_decided, on_board_deciding
from scoring.standings.build import build_standings
from tests.counting import Calls, reads
from tests.end_to_end import steps
from tests.factories import BoardFactory, EntryFactory, EventFactory, RoundFactory, arbiter_of
from tests.tournament.helpers import api_as
from tournament.confirmations.selectors import may_settle, side_of
from tournament.effects import bump_live
from tournament.models.events import Board
from tournament.permissions import is_own_entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

WATCHED = (
    side_of,
    is_own_entry,
    may_settle,
    QuerySet.select_for_update,
    on_board_deciding,
    on_board_decided,
    bump_live,
    build_standings,
)


def board_saves(queries: CaptureQueriesContext) -> int:
    return sum(q["sql"].startswith('UPDATE "tournament_board"') for q in queries.captured_queries)


def paper_board() -> tuple[Board, list[steps.Person]]:
    grace, edsger = steps.players_with_accounts(steps.PIONEERS[2:4])
    event = EventFactory()
    entries = [EntryFactory(event=event, player=p.player) for p in (grace, edsger)]
    board = BoardFactory(round=RoundFactory(event=event), number=1, sides=entries)
    return board, [grace, edsger]


def test_the_word_that_agrees_reads_locks_and_saves_the_board_once(
    django_capture_on_commit_callbacks: Any,
) -> None:
    board, (grace, edsger) = paper_board()
    word = steps.pair_fields("1-0", 12, 9)
    steps.confirm(grace, board, word)
    url = steps.confirm_url(board.round.event, board)
    with (
        CaptureQueriesContext(connection) as queries,
        Calls(*WATCHED) as calls,
        django_capture_on_commit_callbacks() as effects,
    ):
        steps.ok(edsger.client.post(url, word))
    # The board once, locked; the boards are read once more to count the round's results.
    assert reads(queries, "tournament_board") == 2
    assert calls[QuerySet.select_for_update] == 1
    assert board_saves(queries) == 1  # the result and the confirmation together
    assert calls[side_of] == 1 and calls[is_own_entry] == 0 and calls[may_settle] == 0
    assert reads(queries, "games_game") == 0
    assert calls[on_board_deciding] + calls[on_board_decided] == 0
    assert len(effects) == 1
    with Calls(*WATCHED) as later:
        for effect in effects:
            effect()
    assert later[bump_live] == 1 and later[build_standings] == 1
    board.refresh_from_db()
    assert (board.result, board.confirmation) == ("1-0", Board.Confirmation.CONFIRMED)


def test_an_arbiter_settles_a_dispute_reading_locking_and_saving_the_board_once(
    django_capture_on_commit_callbacks: Any,
) -> None:
    board, (grace, edsger) = paper_board()
    steps.confirm(grace, board, steps.pair_fields("1-0", 12, 9))
    steps.confirm(edsger, board, steps.pair_fields("0-1", 9, 12))
    arbiter = steps.signed_in(arbiter_of(board.round.event))
    fields = {"op": "settle", "settle-reason": "the scoresheet says so"}
    fields |= {f"settle-{k}": v for k, v in steps.pair_fields("1-0", 12, 9).items()}
    url = steps.confirm_url(board.round.event, board)
    with (
        CaptureQueriesContext(connection) as queries,
        Calls(*WATCHED) as calls,
        django_capture_on_commit_callbacks() as effects,
    ):
        steps.ok(arbiter.post(url, fields))
    assert reads(queries, "tournament_board") == 2
    assert calls[QuerySet.select_for_update] == 1
    assert board_saves(queries) == 1
    assert calls[side_of] == 1 and calls[may_settle] == 1
    assert calls[on_board_deciding] + calls[on_board_decided] == 0
    assert len(effects) == 1
    board.refresh_from_db()
    assert (board.result, board.confirmation) == ("1-0", Board.Confirmation.DISPUTED)


def test_the_api_takes_a_word_on_the_board_read_once_too() -> None:
    board, (grace, edsger) = paper_board()
    url = f"/api/boards/{board.pk}/confirm/"
    word = {"result": "0-1", "first_lowest": 9, "second_lowest": 12}
    assert api_as(grace.user).post(url, word, format="json").status_code == 200
    with CaptureQueriesContext(connection) as queries, Calls(*WATCHED) as calls:
        answer = api_as(edsger.user).post(url, word, format="json")
    assert answer.status_code == 200
    assert (answer.json()["result"], answer.json()["confirmation"]) == ("0-1", "confirmed")
    assert reads(queries, "tournament_board") == 2  # the board, locked; the round's results
    assert calls[QuerySet.select_for_update] == 1
    assert board_saves(queries) == 1
    assert calls[side_of] == 1 and calls[may_settle] == 0
