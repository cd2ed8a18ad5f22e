"""Grades: how much a decision lost against the engine's best (docs/analysis.md).

Games of two or more sides are graded by the win chance lost, in percentage points of expected
victory points (with two sides: the chance to win, a draw counting half), as MAGPIE grades
Scrabble moves: under 0.5 best, 0.5 to 3 an inaccuracy, 3 to 7 a mistake, 7 and more a
blunder. Solitaire, which has no win, is graded by the expected final lowest level lost: under
0.25 best, 0.25 to 1 an inaccuracy, 1 to 2.5 a mistake, 2.5 and more a blunder.
"""

from __future__ import annotations

BEST, INACCURACY, MISTAKE, BLUNDER = "best", "inaccuracy", "mistake", "blunder"

#: (upper bound, grade): win-% lost below the bound gets the grade
WIN_THRESHOLDS: tuple[tuple[float, str], ...] = ((0.5, BEST), (3.0, INACCURACY), (7.0, MISTAKE))
#: (upper bound, grade): solitaire's expected lowest level lost below the bound
LEVEL_THRESHOLDS: tuple[tuple[float, str], ...] = (
    (0.25, BEST),
    (1.0, INACCURACY),
    (2.5, MISTAKE),
)


def grade(lost: float, solitaire: bool = False) -> str:
    """The grade of a decision that lost ``lost`` (win-% points, or solitaire levels)."""
    for bound, name in LEVEL_THRESHOLDS if solitaire else WIN_THRESHOLDS:
        if lost < bound:
            return name
    return BLUNDER
