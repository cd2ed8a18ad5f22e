"""A round's status follows its boards' results (published -> playing -> complete, and back), worked
out from the results alone; the seats are counted only while a published round waits for its
first game's result (a bye's result alone does not start it)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import BoardFactory, EntryFactory, EventFactory, RoundFactory
from tournament.models.events import Board, Result, Round
from tournament.rounds.services import refresh_round_status

pytestmark = pytest.mark.django_db


def published_round() -> tuple[Round, Board, Board]:
    """A published round: games at boards 1 and 2 (the first returned) and a bye at board 3,
    none with a result yet."""
    event = EventFactory()
    round_ = RoundFactory(event=event, status=Round.Status.PUBLISHED)
    game = BoardFactory(round=round_, number=1)
    BoardFactory(round=round_, number=2)
    bye = BoardFactory(round=round_, number=3, sides=[EntryFactory(event=event)])
    return Round.objects.select_related("event").get(pk=round_.pk), game, bye


def decide(board: Board, result: str) -> None:
    Board.objects.filter(pk=board.pk).update(result=result)


def refreshed(round_: Round) -> tuple[str, list[str]]:
    """The round's status after a refresh, and the statements the refresh sent."""
    round_ = Round.objects.select_related("event").get(pk=round_.pk)
    with CaptureQueriesContext(connection) as queries:
        refresh_round_status(round_, fresh=True)
    sent = [q["sql"] for q in queries.captured_queries]
    return Round.objects.get(pk=round_.pk).status, sent


def test_a_byes_result_alone_leaves_the_round_published() -> None:
    round_, _game, bye = published_round()
    decide(bye, Result.BYE)
    status, sent = refreshed(round_)
    assert status == Round.Status.PUBLISHED
    # The results, then the seats of the boards with one (the bye's single entrant).
    assert len(sent) == 2


def test_the_first_games_result_makes_the_round_playing() -> None:
    round_, game, bye = published_round()
    decide(bye, Result.BYE)
    decide(game, Result.DRAW)
    status, _sent = refreshed(round_)
    assert status == Round.Status.PLAYING


def test_a_playing_round_reads_its_boards_results_alone() -> None:
    round_, game, bye = published_round()
    decide(bye, Result.BYE)
    decide(game, Result.FIRST_WINS)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.PLAYING)
    Board.objects.filter(pk=game.pk).update(result="")  # cleared: still playing
    status, sent = refreshed(round_)
    assert status == Round.Status.PLAYING
    # One statement: the results of the round's boards, in no order (no join to sort by the
    # round and its event), and no count of their seats.
    assert len(sent) == 1
    assert "JOIN" not in sent[0] and "ORDER BY" not in sent[0] and "COUNT(" not in sent[0]


def test_every_board_with_a_result_completes_the_round_and_a_cleared_one_reopens_it() -> None:
    round_, game, _bye = published_round()
    Board.objects.filter(round=round_).update(result=Result.SECOND_WINS)
    status, _sent = refreshed(round_)
    assert status == Round.Status.COMPLETE
    decide(game, "")
    status, _sent = refreshed(round_)
    assert status == Round.Status.PLAYING
