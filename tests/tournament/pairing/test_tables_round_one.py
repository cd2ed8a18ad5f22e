"""Round 1 at tables: the seeded list dealt round the tables, as a Swiss spreads its seeds
(each table one player from each quarter of the list at tables of 4, each third at tables of 3)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament.pairing.tables import DEALT_NOTE, seat_tables
from tournament.pairing.tables_cost import Problem
from tournament.pairing.tables_model import TablePlayer, table_sizes

METHODS = ("auto", "search", "cpsat", "greedy")
FIELDS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)


def seeded(n: int) -> list[TablePlayer]:
    """A fresh field: nobody has a score, a table-mate or a first seat; ids in reverse of the
    starting rank, so that a seating by id would show."""
    return [TablePlayer(id=100 - rank, rank=rank) for rank in range(1, n + 1)]


def seeds(players: list[TablePlayer], seating: tuple[int, ...]) -> list[int]:
    rank = {p.id: p.rank for p in players}
    return sorted(rank[i] for i in seating)


@pytest.mark.parametrize("method", METHODS)
def test_eight_at_tables_of_four_take_one_seed_from_each_quarter(method: str) -> None:
    players = seeded(8)
    tr = seat_tables(players, 4, 1, 5, method=method)
    assert [seeds(players, t) for t in tr.seatings] == [[1, 3, 5, 7], [2, 4, 6, 8]]
    assert tr.dealt
    assert DEALT_NOTE in tr.notes


@pytest.mark.parametrize("method", METHODS)
def test_nine_at_tables_of_three_take_one_seed_from_each_third(method: str) -> None:
    players = seeded(9)
    tr = seat_tables(players, 3, 1, 5, method=method)
    assert [seeds(players, t) for t in tr.seatings] == [[1, 4, 7], [2, 5, 8], [3, 6, 9]]


@pytest.mark.parametrize(
    ("n", "size", "tables"),
    [
        # The short last round of the deal goes to the larger tables, which come first.
        (10, 4, [[1, 4, 7, 10], [2, 5, 8], [3, 6, 9]]),
        (7, 3, [[1, 4, 7], [2, 5], [3, 6]]),
        (5, 4, [[1, 3, 5], [2, 4]]),
        (16, 4, [[1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [4, 8, 12, 16]]),
    ],
)
def test_a_field_that_does_not_divide_is_dealt_too(
    n: int, size: int, tables: list[list[int]]
) -> None:
    players = seeded(n)
    tr = seat_tables(players, size, 1, 5)
    assert [seeds(players, t) for t in tr.seatings] == tables


def test_the_top_seed_of_each_table_sits_first() -> None:
    players = seeded(12)
    tr = seat_tables(players, 4, 1, 5)
    rank = {p.id: p.rank for p in players}
    assert [rank[t[0]] for t in tr.seatings] == [1, 2, 3]
    assert [[rank[i] for i in t] for t in tr.seatings][0] == [1, 4, 7, 10]


def test_a_single_table_holds_everyone_and_says_nothing_of_a_deal() -> None:
    tr = seat_tables(seeded(4), 4, 1, 3)
    assert not tr.dealt and DEALT_NOTE not in tr.notes


def test_absent_players_leave_the_deal_to_those_present() -> None:
    players = seeded(9)
    players[0] = TablePlayer(id=players[0].id, rank=1, absent=True)  # the top seed is away
    tr = seat_tables(players, 4, 1, 5)
    assert [seeds(players, t) for t in tr.seatings] == [[2, 4, 6, 8], [3, 5, 7, 9]]


def test_once_scores_differ_the_tables_go_by_score_again() -> None:
    players = [TablePlayer(i, 1.0 if i <= 4 else 0.0, rank=i) for i in range(1, 9)]
    tr = seat_tables(players, 4, 2, 5)
    assert [sorted(t) for t in tr.seatings] == [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert not tr.dealt and DEALT_NOTE not in tr.notes


def test_one_score_group_with_table_mates_avoids_the_repeat_before_the_deal() -> None:
    # Everyone on the same score, but 1 and 3 met: the deal would seat them again.
    players = [TablePlayer(i, 1.0, {1: (3,), 3: (1,)}.get(i, ()), rank=i) for i in range(1, 9)]
    for method in ("auto", "search"):
        tr = seat_tables(players, 4, 2, 5, method=method)
        assert all(not {1, 3} <= set(t) for t in tr.seatings), method
        assert not tr.dealt and DEALT_NOTE not in tr.notes


@FIELDS
@given(st.integers(2, 60), st.sampled_from([3, 4]), st.sampled_from(["search", "greedy"]))
def test_every_fresh_field_is_the_seeded_list_dealt_round_the_tables(
    n: int, size: int, method: str
) -> None:
    players = seeded(n)
    tr = seat_tables(players, size, 1, 5, method=method)
    sizes = table_sizes(n, size)
    count = len(sizes)
    assert sorted(map(len, tr.seatings), reverse=True) == sizes
    # Seed s sits at table s mod (number of tables): one from each band of that many seeds.
    assert [seeds(players, t) for t in tr.seatings] == [
        list(range(t, n + 1, count)) for t in range(1, count + 1)
    ]
    for table in tr.seatings:
        bands = [(s - 1) // count for s in seeds(players, table)]
        assert bands == list(range(len(table))), "one player from each band"
    assert tr.dealt == (count > 1)


@settings(max_examples=6, deadline=None, database=None)
@given(st.integers(5, 30), st.sampled_from([3, 4]))
def test_the_default_with_the_solver_deals_a_fresh_field_too(n: int, size: int) -> None:
    players = seeded(n)
    count = len(table_sizes(n, size))
    tr = seat_tables(players, size, 1, 5)
    assert [seeds(players, t) for t in tr.seatings] == [
        list(range(t, n + 1, count)) for t in range(1, count + 1)
    ]


def test_the_deal_is_the_greedy_baseline_and_costs_nothing_in_a_fresh_field() -> None:
    problem = Problem(seeded(10), table_sizes(10, 4))
    assert problem.dealt
    assert problem.baseline() == [[0, 3, 6, 9], [1, 4, 7], [2, 5, 8]]
    assert problem.cost(problem.baseline()) == 0
