"""The players who stand apart from the others: the fair-play report's screening.

Each player is set against the *others*: the mean and (population) standard deviation of the
other players' values. Counted in their own field, one player of five could never stand two
deviations apart (at most (n - 1) / sqrt(n), 1.79 for five), however far they were. The spread
is taken as at least ``min_spread``, so that a field of near-equal values does not mark a
player for a difference nobody would call one.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from typing import TypeVar

K = TypeVar("K", bound=Hashable)


def apart(
    values: Mapping[K, float], far: float, min_field: int, min_spread: float, *, above: bool
) -> frozenset[K]:
    """The keys whose value is ``far`` spreads or more above (``above``) or below the mean of
    the others' values; none in a field of fewer than ``min_field``."""
    if len(values) < min_field:
        return frozenset()
    marked = set()
    for key, value in values.items():
        others = [v for k, v in values.items() if k != key]
        mean = sum(others) / len(others)
        spread = max(math.sqrt(sum((v - mean) ** 2 for v in others) / len(others)), min_spread)
        distance = value - mean if above else mean - value
        if distance >= far * spread:
            marked.add(key)
    return frozenset(marked)
