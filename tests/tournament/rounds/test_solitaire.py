"""Duplicate solitaire events (RULINGS.md, "Events beyond two players"): a board of one per
entrant with the round's seed, results as levels placed over the whole round (placings move as
results arrive), VP as at a table of all the round's entrants, a director's audited hand entry."""

import logging
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.core.results import TABLE
from scoring.core.solitaire import SolitaireResult, round_points, solitaire_results
from scoring.standings.build import load_event_boards
from scoring.standings.solitaire import solitaire_rows
from tests.factories import EventCreatorFactory, UserFactory
from tests.result_calls import (
    lowest,
    record_solitaire_game_result,
    set_solitaire_result,
)
from tests.tournament.helpers import event_with_players
from tournament.errors import DomainError, NotAllowed
from tournament.events.services import create_event, ruleset_label
from tournament.models.events import Board, Event, Result, Round
from tournament.models.tables import SEATED, Seat
from tournament.results.models import ResultCorrection
from tournament.results.services import record_replay_check
from tournament.rounds.services import compute_draft, publish_round, start_pairing, swap_players

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def solitaire_event(n: int = 5, **fields: Any) -> tuple[Event, Any]:
    return event_with_players(n, rounds=3, ruleset="solitaire", table_size=1, **fields)


def published_round(event: Event, td: Any) -> Round:
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT, round_.pairing_error
    return publish_round(round_=round_, user=td, notify=False)


def boards_by_entry(round_: Round) -> dict[int, Board]:
    return {b.side_ids[0]: b for b in round_.boards.prefetch_related("seats").order_by("number")}


def placings(round_: Round) -> dict[int, int | None]:
    seats = Seat.objects.filter(board__round=round_).order_by("board__number")
    return {s.entry_id: s.placing for s in seats}


@pytest.mark.parametrize("size", [2, 4])
def test_a_solitaire_event_is_played_alone(size: int) -> None:
    user = EventCreatorFactory(username="maker")
    with pytest.raises(DomainError) as refused:
        create_event(user=user, data={"name": "Solo", "ruleset": "solitaire", "table_size": size})
    assert refused.value.field == "table_size"
    assert "played alone" in refused.value.message and f"not {size}" in refused.value.message
    assert not Event.objects.filter(name="Solo").exists()
    event = create_event(user=user, data={"name": "Solo", "ruleset": "solitaire", "table_size": 1})
    assert event.table_size == 1


def test_the_event_form_creates_a_solitaire_event_played_alone() -> None:
    """The form offers duplicate solitaire; its default of 2 per table becomes 1."""
    client = Client()
    client.force_login(EventCreatorFactory(username="maker"))
    data = {"name": "Solo Night", "ruleset": "solitaire", "table_size": "2", "rounds": "3"}
    data |= {"pairing_system": "auto", "clock_minutes": "10", "bye_value": "1.0"}
    response = client.post(reverse("event-create"), {**data, "tiebreak_preset": "mso-ingenious"})
    assert response.status_code == 302
    event = Event.objects.get(name="Solo Night")
    assert (event.ruleset, event.table_size) == ("solitaire", 1)


def test_every_entrant_gets_a_board_of_one_and_the_round_a_seed_kept_after_publication() -> None:
    event, td = solitaire_event(6)
    sixth = event.entries.get(starting_rank=6)
    sixth.requested_byes = [1]
    sixth.save(update_fields=["requested_byes"])
    round_ = published_round(event, td)
    assert round_.seed is not None and 0 <= round_.seed < 2**63
    boards = list(round_.boards.order_by("number").prefetch_related(*SEATED))
    playing = [b for b in boards if b.result == ""]
    assert [b.sides[0].starting_rank for b in playing] == [1, 2, 3, 4, 5]
    assert all(len(b.sides) == 1 and len(b.seats.all()) == 1 for b in playing)
    assert [b.result for b in boards if b.result] == [Result.HALF_BYE]  # the requested bye
    seed = round_.seed
    round_.refresh_from_db()
    assert round_.seed == seed  # publication keeps it
    # The next round deals another sequence.
    for board in playing:
        set_solitaire_result(board=board, user=td, reason="sheet", levels=[6, 9])
    second = published_round(event, td)
    assert second.seed is not None and second.seed != seed
    assert second.boards.filter(result="").count() == 6


def test_a_solitaire_draft_has_no_seats_to_swap() -> None:
    event, td = solitaire_event(3)
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    a, b = event.entries.order_by("starting_rank")[:2]
    with pytest.raises(DomainError) as refused:
        swap_players(round_=round_, user=td, first=a, second=b, reason="why not")
    assert "no seats to swap" in refused.value.message
    assert round_.boards.filter(result="").count() == 3


def test_results_place_the_whole_round_as_they_arrive_ties_sharing() -> None:
    event, td = solitaire_event(5)
    round_ = published_round(event, td)
    by_entry = boards_by_entry(round_)
    e1, e2, e3, e4, e5 = sorted(by_entry)
    record_solitaire_game_result(board=by_entry[e1], levels=[5, 9, 10, 12, 20, 30])
    assert placings(round_)[e1] == 1
    record_solitaire_game_result(board=by_entry[e2], levels=[7, 7, 8, 9, 9, 30])
    assert (placings(round_)[e1], placings(round_)[e2]) == (2, 1)
    record_solitaire_game_result(board=by_entry[e3], levels=[5, 9, 9, 9, 9, 9])
    record_solitaire_game_result(board=by_entry[e4], levels=[2, 14, 14, 14, 14, 14])
    set_solitaire_result(board=by_entry[e5], user=td, reason="scoresheet", levels=[5, 8])
    assert placings(round_) == {e1: 2, e2: 1, e3: 2, e4: 5, e5: 4}
    board = Board.objects.get(pk=by_entry[e1].pk)
    assert board.result == Result.TABLE and board.result_check == Board.Check.PENDING
    assert lowest(board)[0] == 5
    seat = Seat.objects.get(board=board)
    assert (seat.lowest, seat.next_lowest) == (5, 9)
    round_.refresh_from_db()
    assert round_.status == Round.Status.COMPLETE
    # VP: the share of the other four beaten, ties 1/2.
    rows = solitaire_results(
        SolitaireResult(1, s.entry_id, (s.lowest, s.next_lowest))
        for s in Seat.objects.filter(board__round=round_)
    )
    assert {r.player: r.points for r in rows} == {e1: 0.625, e2: 1.0, e3: 0.625, e4: 0.0, e5: 0.25}
    assert all(r.kind == TABLE and len(r.mates) == 4 for r in rows)
    assert {r.player: r.placing for r in rows} == placings(round_)


def test_a_directors_hand_entry_is_audited_and_corrects_the_placings(
    caplog: pytest.LogCaptureFixture,
) -> None:
    event, td = solitaire_event(3)
    round_ = published_round(event, td)
    by_entry = boards_by_entry(round_)
    e1, e2, e3 = sorted(by_entry)
    set_solitaire_result(board=by_entry[e1], user=td, reason="scoresheet", levels=[6, 8])
    set_solitaire_result(board=by_entry[e2], user=td, reason="scoresheet", levels=[6, 8])
    assert placings(round_) == {e1: 1, e2: 1, e3: None}
    with caplog.at_level(logging.INFO, logger="tournament.writes"):
        # The table's form (levels per seat) serves the board's one seat too.
        set_solitaire_result(board=by_entry[e2], user=td, reason="misread: 7", levels=[[7, 8]])
    assert placings(round_) == {e1: 2, e2: 1, e3: None}
    corrections = ResultCorrection.objects.filter(board=by_entry[e2]).order_by("id")
    assert [(c.old_result, c.new_result, c.reason, c.user) for c in corrections] == [
        ("", "table", "scoresheet", td),
        ("table", "table", "misread: 7", td),
    ]
    logged = [r for r in caplog.records if "result.set" in r.getMessage()]
    assert logged and "misread: 7" in logged[-1].getMessage()
    board = Board.objects.get(pk=by_entry[e2].pk)
    assert board.closed and board.result_check == Board.Check.NONE
    # The game recorded at the board later disagrees: refused, the director's result stands.
    with pytest.raises(DomainError) as refused:
        record_solitaire_game_result(board=board, levels=[3, 4, 5, 6, 7, 8])
    assert "otherwise than" in refused.value.message


@pytest.mark.parametrize(
    ("levels", "reason", "field", "words"),
    [
        ([9, 5], "sheet", "levels", "give the lowest first"),
        ([7], "sheet", "levels", "the lowest colour level and the next lowest"),
        ([7, 37], "sheet", "levels", "from 0 to 36"),
        ([7, "8"], "sheet", "levels", "whole number"),
        ([7, 8], "  ", "reason", "Say why"),
    ],
)
def test_a_bad_hand_entry_is_refused_naming_it_and_nothing_changes(
    levels: list[Any], reason: str, field: str, words: str
) -> None:
    event, td = solitaire_event(3)
    round_ = published_round(event, td)
    board = round_.boards.order_by("number").first()
    assert board is not None
    with pytest.raises(DomainError) as refused:
        set_solitaire_result(board=board, user=td, reason=reason, levels=levels)
    assert refused.value.field == field and words in refused.value.message
    board.refresh_from_db()
    assert board.result == "" and not ResultCorrection.objects.filter(board=board).exists()
    assert Seat.objects.get(board=board).lowest is None


def test_levels_are_refused_on_a_bye_and_from_a_stranger() -> None:
    event, td = solitaire_event(4)
    last = event.entries.get(starting_rank=4)
    last.requested_byes = [1]
    last.save(update_fields=["requested_byes"])
    round_ = published_round(event, td)
    bye = round_.boards.get(seats__entry=last)
    with pytest.raises(DomainError) as refused:
        set_solitaire_result(board=bye, user=td, reason="sheet", levels=[5, 6])
    assert "bye" in refused.value.message
    bye.refresh_from_db()
    assert bye.result == Result.HALF_BYE
    board = round_.boards.filter(result="").first()
    assert board is not None
    with pytest.raises(NotAllowed):
        set_solitaire_result(board=board, user=UserFactory(), reason="sheet", levels=[5, 6])
    board.refresh_from_db()
    assert board.result == ""


def test_a_lone_result_scores_one_and_ties_score_halves() -> None:
    assert round_points([1]) == [1.0]
    assert round_points([1, 1, 3]) == [0.75, 0.75, 0.0]


def test_the_standings_rows_score_each_round_over_its_counted_results() -> None:
    event, td = solitaire_event(4)
    round_ = published_round(event, td)
    by_entry = boards_by_entry(round_)
    e1, e2, e3, e4 = sorted(by_entry)
    set_solitaire_result(board=by_entry[e1], user=td, reason="sheet", levels=[8, 9])
    set_solitaire_result(board=by_entry[e2], user=td, reason="sheet", levels=[6, 9])
    set_solitaire_result(board=by_entry[e3], user=td, reason="sheet", levels=[6, 9])
    record_solitaire_game_result(board=by_entry[e4], levels=[9, 9, 9, 9, 9, 9])  # unchecked
    rows = solitaire_rows(load_event_boards(event).boards)
    assert {r.player: (r.placing, r.points) for r in rows} == {
        e1: (1, 1.0),
        e2: (2, 0.25),
        e3: (2, 0.25),
    }
    assert placings(round_)[e4] == 1  # the round's placings count it; the standings wait
    record_replay_check(board=Board.objects.get(pk=by_entry[e4].pk), passed=True)
    rows = solitaire_rows(load_event_boards(event).boards)
    points = {r.player: r.points for r in rows}
    assert points == pytest.approx({e1: 2 / 3, e2: 1 / 6, e3: 1 / 6, e4: 1.0})


def test_a_small_field_is_not_held_to_an_all_play_alls_rounds() -> None:
    # Four entrants and five rounds: "auto" would make pairs play all-play-all (three rounds).
    event, td = event_with_players(4, rounds=5, ruleset="solitaire", table_size=1)
    round_ = published_round(event, td)
    assert round_.system == "solitaire" and round_.boards.filter(result="").count() == 4


def test_the_event_is_headed_duplicate_solitaire_without_tables() -> None:
    event, _td = solitaire_event(2)
    assert ruleset_label(event) == "Duplicate solitaire"


def test_the_round_page_standings_and_pairings_exports_read_a_solitaire_round() -> None:
    event, td = solitaire_event(3)
    round_ = published_round(event, td)
    boards = [b for _, b in sorted(boards_by_entry(round_).items())]
    set_solitaire_result(board=boards[0], user=td, reason="sheet", levels=[5, 9])
    record_solitaire_game_result(board=boards[1], levels=[6, 9])
    client = Client()
    client.force_login(td)
    for name in ("event-round", "event-standings", "export-pairings-csv", "export-pairings-json"):
        args = [event.slug, 1] if name == "event-round" else [event.slug]
        assert client.get(reverse(name, args=args)).status_code == 200, name
