"""The field of hard/easy think ratios (scoring.fairplay.thinking.far_below): each player set
against the others on a log scale, with a floor on their spread."""

from __future__ import annotations

import math

from scoring.fairplay.thinking import MIN_SPREAD, far_below


def test_a_flat_player_among_five_is_marked() -> None:
    # counted in its own field, one of five could never stand two deviations apart
    field = far_below({1: 3.0, 2: 2.5, 3: 3.5, 4: 2.0, 5: 1.0}, far=2.0, min_field=5)
    assert (field.compared, field.marked) == (5, frozenset({5}))


def test_a_slow_thinker_on_hard_placements_is_never_marked() -> None:
    field = far_below({1: 3.0, 2: 2.5, 3: 3.5, 4: 2.0, 5: 12.0}, far=2.0, min_field=5)
    assert field.marked == frozenset()


def test_a_tight_field_marks_nobody_for_a_few_per_cent() -> None:
    ratios = {1: 3.0, 2: 3.01, 3: 2.99, 4: 3.0, 5: 2.7}
    assert far_below(ratios, far=2.0, min_field=5).marked == frozenset()
    # at twice the floored spread below, it is
    ratios[5] = 3.0 * math.exp(-2 * MIN_SPREAD - 0.01)
    assert far_below(ratios, far=2.0, min_field=5).marked == frozenset({5})


def test_too_small_a_field_marks_nobody() -> None:
    field = far_below({1: 3.0, 2: 2.5, 3: 3.5, 4: 0.5}, far=2.0, min_field=5)
    assert (field.compared, field.marked) == (4, frozenset())


def test_a_zero_ratio_is_floored_not_an_error() -> None:
    field = far_below({1: 3.0, 2: 2.5, 3: 3.5, 4: 2.0, 5: 0.0}, far=2.0, min_field=5)
    assert field.marked == frozenset({5})
