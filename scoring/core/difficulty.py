"""How hard a placement was to choose, from the engine's stored judgement of it alone
(games.engine.analysis.report; docs/analysis.md, the fair-play report).

The judgement lists the engine's three best options with their simulated results, ranked.
Their spread says how hard the choice was for anyone: *easy* when there was hardly a choice
(at most two legal placements), when nothing rode on it (the three best within a unit of each
other) or when one placement stood out (the second best three units below); *hard* when the
best two were within a unit of each other and the third at least two units below (several good
options, and a wrong pick costs); *medium* otherwise, and left out of the comparison.

The unit is what the sample can tell apart: one sampled world's worth (a world lost instead of
won moves a result by 100 / worlds win-% points: 8.3 at the site's 12 worlds), and never less
than a best grade (0.5 points; solitaire 0.25 levels, its best grade, as a world moves its mean
level by 1 / worlds only). The judgement's ``uncertainty`` is not used: it is the half-width of
the *played* placement's loss, 0 whenever the engine's choice was played, so it would call a
placement easier because its player found the best, the very thing the report screens.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

EASY, MEDIUM, HARD = "easy", "medium", "hard"

#: A choice among at most this many legal placements is seen at a glance.
FEW = 2
#: The best grade's bound: win-% points, solitaire levels (games.engine.analysis.grading).
BEST_POINTS, BEST_LEVELS = 0.5, 0.25
#: In units: the best two within NEAR of each other are near-equal; the third at least STAKES
#: below makes the choice matter; the second at least CLEAR below lets the best stand out.
NEAR, STAKES, CLEAR = 1.0, 2.0, 3.0
#: Results are stored rounded: a difference this much of a unit short of a bound reaches it.
SLACK = 0.1


def unit(judgement: Mapping[str, Any]) -> float | None:
    """The smallest difference between two options' results the judgement's sample tells
    apart (win-% points, solitaire levels); None without simulated options."""
    sims = [o["sim"] for o in judgement.get("best", []) if o.get("sim")]
    if not sims:
        return None
    if "lowest" in sims[0]:
        return BEST_LEVELS
    worlds = sims[0].get("worlds") or 0
    return max(100.0 / worlds, BEST_POINTS) if worlds > 0 else None


def _results(judgement: Mapping[str, Any]) -> list[float]:
    """The simulated results of the listed options, in the engine's order (win-% points,
    solitaire levels); the options listed after the simulated ones have none."""
    out = []
    for option in judgement.get("best", []):
        sim = option.get("sim")
        if not sim:
            break
        out.append(sim["lowest"] if "lowest" in sim else 100.0 * sim["win"])
    return out


def difficulty(judgement: Mapping[str, Any]) -> str | None:
    """EASY, MEDIUM or HARD for a placement's judgement; None for a swap decision or a
    placement whose options were not simulated (nothing to tell)."""
    if judgement.get("type") != "place":
        return None
    if 0 < (judgement.get("legal") or 0) <= FEW:
        return EASY
    step = unit(judgement)
    results = _results(judgement)
    if step is None or len(results) < 2:
        return None
    gap = (results[0] - results[1]) / step
    spread = (results[0] - results[-1]) / step
    if spread <= NEAR + SLACK or gap >= CLEAR - SLACK:
        return EASY
    if len(results) >= 3 and gap <= NEAR + SLACK and spread >= STAKES - SLACK:
        return HARD
    return MEDIUM
