"""A duplicate solitaire round is placed on all six levels in order (RULINGS.md: "compare lowest
colours, then second lowest, and so on"; issue 26 item 6): the seats' placings, a director's
correction and the standings' rows, computed by hand."""

from typing import Any

import pytest

from scoring.standings.build import load_event_boards
from scoring.standings.solitaire import solitaire_rows
from tests.result_calls import (
    record_solitaire_game_result,
    set_solitaire_result,
)
from tests.tournament.helpers import event_with_players
from tournament.models.events import Board, Event, Round
from tournament.models.tables import Seat
from tournament.results.services import record_replay_check
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

# Entrant (by starting rank) -> the six levels their game ended with, lowest first.
LEVELS = {
    1: [2, 2, 3, 9, 9, 9],
    2: [2, 2, 4, 5, 5, 5],  # equal to 1 and 4 on the two lowest, better on the third
    3: [3, 3, 3, 3, 3, 3],
    4: [2, 2, 3, 9, 9, 9],  # equal to 1 on all six: a draw
    5: [1, 20, 20, 20, 20, 20],
}


def published_round(event: Event, td: Any) -> Round:
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    return publish_round(round_=Round.objects.get(pk=round_.pk), user=td, notify=False)


def by_rank(round_: Round) -> dict[int, Board]:
    seats = Seat.objects.filter(board__round=round_).select_related("board", "entry")
    return {seat.entry.starting_rank: seat.board for seat in seats}


def placings(round_: Round) -> dict[int, int | None]:
    seats = Seat.objects.filter(board__round=round_).select_related("entry")
    return {seat.entry.starting_rank: seat.placing for seat in seats}


def played_round() -> tuple[Event, Any, Round, dict[int, Board]]:
    event, td = event_with_players(5, rounds=2, ruleset="solitaire", table_size=1)
    round_ = published_round(event, td)
    boards = by_rank(round_)
    for rank, levels in LEVELS.items():
        record_solitaire_game_result(board=boards[rank], levels=levels)
    return event, td, round_, boards


def test_the_round_is_placed_on_all_six_levels() -> None:
    _event, _td, round_, boards = played_round()
    assert placings(round_) == {1: 3, 2: 2, 3: 1, 4: 3, 5: 5}
    assert Seat.objects.get(board=boards[2]).levels == [2, 2, 4, 5, 5, 5]  # all six kept


def test_a_directors_six_levels_are_kept_and_place_the_round_again() -> None:
    _event, td, round_, boards = played_round()
    set_solitaire_result(
        board=boards[4], user=td, reason="sheet: last purple 10", levels=[2, 2, 3, 9, 9, 10]
    )
    assert Seat.objects.get(board=boards[4]).levels == [2, 2, 3, 9, 9, 10]
    assert placings(round_) == {1: 4, 2: 2, 3: 1, 4: 3, 5: 5}


def test_the_standings_rows_score_the_six_level_placings() -> None:
    event, _td, _round, boards = played_round()
    for board in boards.values():
        record_replay_check(board=Board.objects.get(pk=board.pk), passed=True)
    ranks = {e.pk: e.starting_rank for e in event.entries.all()}
    rows = solitaire_rows(load_event_boards(event).boards)
    # VP: (entrants beaten + 1/2 tied) / 4.
    assert {ranks[r.player]: (r.placing, r.points) for r in rows} == {
        1: (3, 0.375),
        2: (2, 0.75),
        3: (1, 1.0),
        4: (3, 0.375),
        5: (5, 0.0),
    }
