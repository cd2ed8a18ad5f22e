"""Grades at their thresholds, and the Wilson interval."""

from __future__ import annotations

import pytest

from games.engine.analysis.grading import BEST, BLUNDER, INACCURACY, MISTAKE, grade
from games.engine.analysis.players import wilson


@pytest.mark.parametrize(
    ("lost", "expected"),
    [
        (0.0, BEST),
        (0.49, BEST),
        (0.5, INACCURACY),
        (2.99, INACCURACY),
        (3.0, MISTAKE),
        (6.99, MISTAKE),
        (7.0, BLUNDER),
        (40.0, BLUNDER),
    ],
)
def test_win_chance_lost_grades(lost: float, expected: str) -> None:
    assert grade(lost) == expected


@pytest.mark.parametrize(
    ("lost", "expected"),
    [(0.24, BEST), (0.25, INACCURACY), (1.0, MISTAKE), (2.49, MISTAKE), (2.5, BLUNDER)],
)
def test_solitaire_grades_by_levels_lost(lost: float, expected: str) -> None:
    assert grade(lost, solitaire=True) == expected


def test_wilson_interval() -> None:
    low, high = wilson(8, 10)
    assert round(low, 3) == 0.49 and round(high, 3) == 0.943
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)
