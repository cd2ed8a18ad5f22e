"""A double all-play-all (issue 28): chosen as the event's pairing system, it plays the Berger
table twice, who moves first reversed in the second cycle; it has twice the table's rounds and
no more, takes no late entry once round 1 is paired, and finishes with its last round. At tables
it plays the schedule twice, each table's seats reversed in the second cycle."""

from collections import Counter
from itertools import combinations
from typing import Any

import pytest

from tests.factories import PlayerFactory
from tests.result_calls import set_table_result
from tests.tournament.helpers import event_with_players, play_round
from tournament.entries.services import add_entry
from tournament.errors import DomainError
from tournament.events.services import update_event
from tournament.models.events import Event, Round
from tournament.rounds.selectors import note_texts, plays_round_robin, round_robin_rounds
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

DOUBLE = Event.PairingSystem.DOUBLE_ROUND_ROBIN


def games_in_seat_order(round_: Round) -> list[tuple[int, ...]]:
    """Each game's entries by seat (seat 0 moves first); boards of one left out."""
    games = []
    for board in round_.boards.order_by("number").prefetch_related("seats"):
        seated = tuple(s.entry_id for s in sorted(board.seats.all(), key=lambda s: s.number))
        if len(seated) > 1:
            games.append(seated)
    return games


def test_four_players_meet_twice_each_moving_first_once() -> None:
    event, td = event_with_players(4, rounds=6, system=DOUBLE)
    assert round_robin_rounds(event) == 6 and plays_round_robin(event)
    games: Counter[tuple[int, ...]] = Counter()
    for _ in range(6):
        round_ = play_round(event, td)
        assert round_.system == DOUBLE
        assert any("double round robin" in note for note in note_texts(round_))
        games.update(games_in_seat_order(round_))
    assert len(games) == 12 and set(games.values()) == {1}  # each ordered pair once
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    with pytest.raises(DomainError, match="All 6 rounds"):
        start_pairing(event=event, user=td)


def test_the_event_must_fit_twice_the_table() -> None:
    event, td = event_with_players(4, rounds=7, system=DOUBLE)
    with pytest.raises(DomainError) as refused:
        start_pairing(event=event, user=td)
    assert "double all-play-all of 4 players takes 6 rounds" in refused.value.message
    assert refused.value.field == "rounds"
    update_event(event=event, user=td, data={"rounds": 6})
    play_round(event, td)
    with pytest.raises(DomainError, match="Berger table twice"):
        update_event(event=event, user=td, data={"rounds": 7})
    with pytest.raises(DomainError, match="takes no late entries"):
        add_entry(event=event, user=td, player=PlayerFactory())


def test_nine_players_at_tables_of_three_share_a_table_twice_seats_reversed() -> None:
    event, td = event_with_players(9, rounds=8, system=DOUBLE, table_size=3)
    assert round_robin_rounds(event) == 8
    seated: dict[int, list[tuple[int, ...]]] = {}
    for number in range(1, 9):
        round_ = start_pairing(event=event, user=td)
        compute_draft(round_.pk)
        round_.refresh_from_db()
        assert round_.status == Round.Status.DRAFT, round_.pairing_error
        assert round_.system == DOUBLE
        publish_round(round_=round_, user=td)
        for board in round_.boards.filter(result=""):
            levels: list[Any] = [[4 + s, 16] for s in range(board.seats.count())]
            set_table_result(board=board, user=td, reason="entered", levels=levels)
        seated[number] = games_in_seat_order(round_)
    for number in range(1, 5):  # round 4 + n seats round n's tables in reverse order
        assert sorted(seated[number + 4]) == sorted(t[::-1] for t in seated[number])
    met: Counter[frozenset[int]] = Counter()
    for tables in seated.values():
        met.update(frozenset(p) for t in tables for p in combinations(t, 2))
    assert len(met) == 36 and set(met.values()) == {2}
