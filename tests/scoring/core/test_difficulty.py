"""A placement's difficulty from its stored judgement alone (scoring.core.difficulty): easy when
there was hardly a choice, nothing rode on it or the best stood out; hard when the best two
were near-equal and the third clearly worse; in units of what the sample tells apart."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.analysis.grading import LEVEL_THRESHOLDS, WIN_THRESHOLDS
from scoring.core.difficulty import (
    BEST_LEVELS,
    BEST_POINTS,
    EASY,
    HARD,
    MEDIUM,
    difficulty,
    unit,
)


def placed(wins: list[float | None], legal: int = 40, worlds: int = 12) -> dict[str, Any]:
    """A placement's judgement whose listed options won ``wins`` of the sampled worlds (None:
    listed in the static order, not simulated)."""
    return {
        "index": 7,
        "type": "place",
        "seat": 0,
        "legal": legal,
        "played": {"tile": "RG", "cells": ["H8", "H9"], "rank": 1},
        "best": [
            {
                "tile": "RG",
                "cells": ["H8", "H9"],
                **({"sim": {"worlds": worlds, "win": w}} if w is not None else {}),
            }
            for w in wins
        ],
        "win_chance_lost": 0.0,
        "uncertainty": 0.0,
    }


def solitaire(levels: list[float], legal: int = 40) -> dict[str, Any]:
    return {
        "index": 3,
        "type": "place",
        "seat": 0,
        "legal": legal,
        "best": [{"sim": {"worlds": 12, "lowest": v}} for v in levels],
        "lowest_lost": 0.0,
    }


def worlds(*won: int, of: int = 12) -> list[float | None]:
    """Results as the engine stores them: the share of ``of`` worlds won, rounded."""
    return [round(w / of, 4) for w in won]


def test_the_unit_is_a_world_and_never_less_than_a_best_grade() -> None:
    assert unit(placed(worlds(6, 6, 6))) == pytest.approx(100 / 12)
    assert unit(placed(worlds(6, 6, 6, of=1000), worlds=1000)) == BEST_POINTS
    assert unit(solitaire([10.0, 9.0, 8.0])) == BEST_LEVELS
    assert unit(placed([None, None, None])) is None
    # the same bound as a best grade and the weighted agreement's near-equal options
    assert (WIN_THRESHOLDS[0][0], LEVEL_THRESHOLDS[0][0]) == (BEST_POINTS, BEST_LEVELS)


@pytest.mark.parametrize(
    ("won", "expected"),
    [
        ((6, 6, 6), EASY),  # all three alike: nothing rides on the choice
        ((7, 6, 6), EASY),  # a world apart: within the luck of the sample
        ((9, 6, 5), EASY),  # the best three worlds ahead: it stands out
        ((12, 2, 1), EASY),  # a completed colour, say
        ((8, 8, 6), HARD),  # two good options, the third two worlds worse
        ((8, 7, 5), HARD),  # the best two a world apart, the third three worse
        ((8, 8, 0), HARD),
        ((8, 6, 6), MEDIUM),  # the best two worlds ahead: clearer, not clear
        ((8, 6, 4), MEDIUM),
    ],
)
def test_two_sides_by_worlds_won(won: tuple[int, ...], expected: str) -> None:
    assert difficulty(placed(worlds(*won))) == expected


def test_a_choice_among_two_placements_is_easy_whatever_it_costs() -> None:
    assert difficulty(placed(worlds(8, 1), legal=2)) == EASY
    assert difficulty(placed(worlds(8), legal=1)) == EASY


def test_more_worlds_tell_smaller_differences_apart() -> None:
    # 2 and 7 points apart: under a world at 12 worlds, several at 100
    close = [0.56, 0.54, 0.49]
    assert difficulty(placed(close, worlds=12)) == EASY
    assert difficulty(placed(close, worlds=100)) == MEDIUM
    assert difficulty(placed([0.56, 0.555, 0.49], worlds=100)) == HARD


def test_rounded_results_at_a_bound_count_as_reaching_it() -> None:
    # 3 of 12 worlds apart, stored as 0.9167 and 0.6667: 24.9999... points
    assert difficulty(placed([0.9167, 0.6667, 0.5833])) == EASY
    assert difficulty(placed([0.6667, 0.5833, 0.5])) == HARD


def test_the_played_placements_uncertainty_does_not_count() -> None:
    j = placed(worlds(8, 8, 6))
    j.update(played={"rank": 3}, win_chance_lost=16.67, uncertainty=30.0)
    assert difficulty(j) == HARD


def test_solitaire_in_levels() -> None:
    assert difficulty(solitaire([10.0, 9.9, 9.8])) == EASY  # within a quarter level
    assert difficulty(solitaire([10.0, 9.2, 9.0])) == EASY  # the best stands out
    assert difficulty(solitaire([10.0, 9.8, 9.4])) == HARD
    assert difficulty(solitaire([10.0, 9.6, 9.5])) == MEDIUM


def test_nothing_to_tell_without_simulated_options_or_for_a_swap() -> None:
    assert difficulty(placed([None, None, None])) is None
    assert difficulty(placed([0.7, None, None])) is None
    assert difficulty({"type": "swap", "seat": 0, "best": "keep"}) is None
    # two simulated options only: never hard (no third to make the choice matter)
    assert difficulty(placed([0.7, 0.7, None])) == EASY
    assert difficulty(placed([0.7, 0.5, None])) == MEDIUM
