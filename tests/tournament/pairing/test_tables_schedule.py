"""All-play-all schedules at tables: every two players share a table exactly once."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from tournament.pairing.tables_model import table_sizes
from tournament.pairing.tables_schedule import all_play_all_tables

EXISTING = [
    (2, 3, 1),
    (3, 3, 1),
    (4, 3, 3),
    (8, 3, 4),
    (9, 3, 4),
    (14, 3, 7),
    (15, 3, 7),
    (2, 4, 1),
    (3, 4, 1),
    (4, 4, 1),
    (9, 4, 4),
    (15, 4, 5),
    (16, 4, 5),
]


@pytest.mark.parametrize(("n", "size", "rounds"), EXISTING)
def test_every_pair_shares_a_table_exactly_once(n: int, size: int, rounds: int) -> None:
    schedule = all_play_all_tables(n, size)
    assert schedule is not None
    assert len(schedule) == rounds
    meetings: Counter[tuple[int, int]] = Counter()
    for rnd in schedule:
        seated = sorted(i for table in rnd for i in table)
        assert seated == list(range(1, n + 1)), "each player once a round"
        assert sorted(map(len, rnd), reverse=True) == table_sizes(n, size)
        for table in rnd:
            meetings.update(itertools.combinations(sorted(table), 2))
    assert set(meetings) == set(itertools.combinations(range(1, n + 1), 2))
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize(("n", "size", "rounds"), EXISTING)
def test_first_seats_are_dealt_evenly(n: int, size: int, rounds: int) -> None:
    schedule = all_play_all_tables(n, size)
    assert schedule is not None
    firsts = Counter(table[0] for rnd in schedule for table in rnd)
    counts = [firsts.get(i, 0) for i in range(1, n + 1)]
    assert max(counts) - min(counts) <= 1


@pytest.mark.parametrize(
    ("n", "size"),
    [
        (1, 3),
        (1, 4),
        (5, 4),
        (6, 4),
        (7, 4),
        (8, 4),
        (10, 4),
        (12, 4),
        (5, 3),
        (6, 3),
        (7, 3),
        (10, 3),
        (12, 3),
        (13, 3),
    ],
)
def test_no_schedule_where_none_exists(n: int, size: int) -> None:
    assert all_play_all_tables(n, size) is None
