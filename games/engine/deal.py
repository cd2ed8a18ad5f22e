"""A seeded deal of the whole bag: duplicate solitaire's tile sequence (RULINGS.md, "Events
beyond two players"), and the bag of duplicate boards (:func:`duplicate_bag`).

Every entrant of a solitaire round draws the same tiles in the same order, so the order is a
function of the round's seed alone: the 120 tiles, shuffled by a ``random.Random`` seeded with
it (Python's seeded shuffle is stable across versions). The record stays a board-mode record:
the sequence checks which tile each placement must be, it adds no action.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

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


def duplicate_bag(seed: int, record: Iterable[dict[str, Any]]) -> list[str]:
    """Duplicate boards (every online board of a round draws the same tiles in the same order):
    the bag's tiles (canonical kinds) in the order they will be drawn, after ``record``'s draws
    and swaps.

    The bag starts as the round's sequence (:func:`dealt_sequence`: the same for every board),
    and a draw takes its tiles from the front, so boards that draw as many tiles draw the same
    ones whatever they placed. A swap's tiles go back into the bag after the new rack is drawn
    (as at the table): each is put at a place of the rest of the sequence chosen by the seed and
    the swap's index in the record, so what the swapper gave back is hidden in the bag as a real
    bag hides it (not handed to the next seat), and two boards that swap the same tiles at the
    same moment still draw alike. A draw that is not the front of the bag (a record not dealt
    this way) takes its tiles where they stand, so the bag always holds what the engine's does.

    >>> duplicate_bag(7, [{"type": "draw", "player": 0, "tiles": dealt_sequence(7)[:6]}]) == (
    ...     dealt_sequence(7)[6:]
    ... )
    True
    """
    bag = dealt_sequence(seed)
    returning: list[str] = []
    swap_index = 0
    for index, action in enumerate(record):
        kind = action.get("type")
        if kind == "swap":
            returning = [_kind(t) for t in action.get("rack") or []]
            swap_index = index
        elif kind == "draw":
            for tile in action.get("tiles") or []:
                bag.remove(_kind(tile))  # the front, when dealt by this rule
            if returning:  # the swapped tiles go back once the new rack is drawn
                rng = random.Random(f"duplicate:{seed}:{swap_index}")
                for tile in returning:
                    bag.insert(rng.randint(0, len(bag)), tile)
                returning = []
    return bag


def _kind(tile: object) -> str:
    info = ORDERED.get(tile) if isinstance(tile, str) else None
    if info is None:
        raise ValueError(f"{tile!r} is not a tile")
    return TILE_KINDS[info[2]]
