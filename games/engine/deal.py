"""A seeded deal of the whole bag: duplicate solitaire's tile sequence (RULINGS.md, "Events
beyond two players").

Every entrant of a solitaire round draws the same tiles in the same order, so the order is a
function of the round's seed alone: the 120 tiles, shuffled by a ``random.Random`` seeded with
it (Python's seeded shuffle is stable across versions). The record stays a board-mode record:
the sequence checks which tile each placement must be, it adds no action.
"""

from __future__ import annotations

import random

from .tiles import ORDERED, SUPPLY, TILE_KINDS

#: Seeds are stored in a PositiveBigIntegerField: 63 bits.
SEED_BITS = 63


def dealt_sequence(seed: int) -> list[str]:
    """The bag's 120 tiles (canonical kinds, e.g. ``"RO"``) in the order ``seed`` deals them.

    >>> dealt_sequence(7) == dealt_sequence(7) and len(dealt_sequence(7))
    120
    """
    if type(seed) is not int or not 0 <= seed < 2**SEED_BITS:
        raise ValueError(f"a deal's seed is a whole number from 0 to 2**{SEED_BITS} - 1")
    bag = [kind for kind in TILE_KINDS for _ in range(SUPPLY[kind])]
    random.Random(f"solitaire:{seed}").shuffle(bag)
    return bag


def same_kind(tile: str, kind: str) -> bool:
    """Whether an ordered tile (``"OR"``) is of the dealt kind (``"RO"``)."""
    info = ORDERED.get(tile) if isinstance(tile, str) else None
    return info is not None and TILE_KINDS[info[2]] == kind
