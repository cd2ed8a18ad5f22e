"""Duplicate solitaire's ranking over all six levels (RULINGS.md: "compare lowest colours, then
second lowest, and so on. A draw only if the sorted score lists are equal"), issue 26 item 6:
entrants at [2, 2, 3, ...] and [2, 2, 4, ...] were both placed 4th, two levels compared."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.core.solitaire import SolitaireResult, round_placings, solitaire_results

SIX_LEVELS = st.lists(st.integers(min_value=0, max_value=36), min_size=6, max_size=6).map(sorted)


def test_the_third_lowest_level_separates_two_entrants_equal_on_the_two_lowest() -> None:
    levels = [
        [3, 5, 5, 6, 7, 8],  # 1st: the best lowest
        [2, 2, 4, 9, 9, 9],  # 2nd: 4 beats 3 on the third level
        [2, 2, 3, 9, 9, 9],  # 3rd
        [2, 2, 3, 9, 9, 9],  # 3rd: equal on all six, a draw
        [1, 30, 30, 30, 30, 30],  # 5th
    ]
    assert round_placings(levels) == [1, 2, 3, 3, 5]


def test_the_sixth_level_decides_when_the_first_five_are_equal() -> None:
    assert round_placings([[4, 4, 4, 4, 4, 5], [4, 4, 4, 4, 4, 6]]) == [2, 1]


def test_the_vp_follow_the_six_level_placings() -> None:
    rows = solitaire_results(
        [
            SolitaireResult(1, 10, (2, 2, 3, 9, 9, 9)),
            SolitaireResult(1, 11, (2, 2, 4, 9, 9, 9)),
            SolitaireResult(1, 12, (1, 9, 9, 9, 9, 9)),
        ]
    )
    assert {r.player: (r.placing, r.points) for r in rows} == {
        10: (2, 0.5),
        11: (1, 1.0),
        12: (3, 0.0),
    }


def test_a_hand_entry_of_two_levels_makes_the_round_compare_two() -> None:
    """No entrant is held better on a level another's result does not give."""
    assert round_placings([[2, 2, 3, 9, 9, 9], [2, 2, 4, 9, 9, 9], [2, 2]]) == [1, 1, 1]


def _lexicographic_placing(mine: list[int], everyone: list[list[int]]) -> int:
    return 1 + sum(other > mine for other in everyone)


@given(st.lists(SIX_LEVELS, min_size=1, max_size=12))
def test_placings_compare_every_level_in_order(levels: list[list[int]]) -> None:
    placings = round_placings(levels)
    assert placings == [_lexicographic_placing(row, levels) for row in levels]
    for i, a in enumerate(levels):
        for j, b in enumerate(levels):
            assert (placings[i] == placings[j]) == (a == b)  # a draw only if all six are equal


@given(st.lists(SIX_LEVELS, min_size=2, max_size=12))
def test_the_round_shares_out_one_point_per_pair_of_entrants(levels: list[list[int]]) -> None:
    rows = solitaire_results(SolitaireResult(1, n, tuple(row)) for n, row in enumerate(levels))
    assert sum(r.points for r in rows) == pytest.approx(len(levels) / 2)
    for row in rows:
        beaten = sum(other > levels[row.player] for other in levels)  # those placed above
        assert row.placing == 1 + beaten
