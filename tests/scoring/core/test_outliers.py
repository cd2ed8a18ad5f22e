"""The fair-play screening's rule (scoring/core/outliers.py): each player against the others."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scoring.core.outliers import apart

CLUB = {"ada": 30.0, "grace": 25.0, "edsger": 30.0, "hedy": 35.0}


def test_one_player_of_five_far_above_the_others_is_marked() -> None:
    # In its own field (mean 44, sd 28) 100 stands 1.99 deviations up: never marked there.
    assert apart({**CLUB, "zed": 100.0}, 2.0, 5, 5.0, above=True) == {"zed"}


def test_below_marks_the_low_one_and_not_the_high_one() -> None:
    values = {**CLUB, "zed": 0.0, "max": 31.0}
    assert apart(values, 2.0, 5, 5.0, above=False) == {"zed"}
    assert apart(values, 2.0, 5, 5.0, above=True) == frozenset()


def test_a_field_smaller_than_the_minimum_marks_nobody() -> None:
    assert apart({**CLUB, "zed": 100.0}, 2.0, 6, 5.0, above=True) == frozenset()


def test_the_spread_is_at_least_the_minimum() -> None:
    even = {"a": 30.0, "b": 30.0, "c": 30.0, "d": 30.0, "e": 39.0}
    assert apart(even, 2.0, 5, 5.0, above=True) == frozenset()  # 9 points under 2 x 5
    assert apart({**even, "e": 40.0}, 2.0, 5, 5.0, above=True) == {"e"}


@given(st.lists(st.floats(min_value=-100, max_value=100), min_size=5, max_size=12))
def test_equal_values_are_never_marked_and_marks_are_one_sided(values: list[float]) -> None:
    keyed = dict(enumerate(values))
    above = apart(keyed, 2.0, 5, 1.0, above=True)
    below = apart(keyed, 2.0, 5, 1.0, above=False)
    assert not above & below
    assert apart(dict.fromkeys(range(len(values)), values[0]), 2.0, 5, 1.0, above=True) == set()
