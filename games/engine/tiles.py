"""Colours, tile kinds and the supply of tiles.

Colours are coded 1..6 in the order of ``COLOURS`` (0 means an empty cell). A tile kind is an
unordered pair of colours, written canonically with its letters in ``COLOURS`` order ("RO", not
"OR"); a placement's ``tile`` is ordered (first colour on the first cell).
"""

from __future__ import annotations

COLOURS = "RGBOYP"
COLOUR_NAMES: dict[str, str] = {
    "R": "red",
    "G": "green",
    "B": "blue",
    "O": "orange",
    "Y": "yellow",
    "P": "purple",
}
#: colour code (1..6) -> letter; index 0 is the empty cell.
CODE_LETTER = "." + COLOURS
#: colour code (1..6) -> name.
CODE_NAME: tuple[str, ...] = ("empty",) + tuple(COLOUR_NAMES[c] for c in COLOURS)

#: The 21 kinds in canonical order.
TILE_KINDS: tuple[str, ...] = tuple(COLOURS[i] + COLOURS[j] for i in range(6) for j in range(i, 6))
#: How many tiles of each kind exist: 6 of each two-colour kind, 5 of each double.
SUPPLY: dict[str, int] = {k: (5 if k[0] == k[1] else 6) for k in TILE_KINDS}
TOTAL_TILES = sum(SUPPLY.values())

#: kind string -> kind index
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(TILE_KINDS)}
#: kind index -> supply count
SUPPLY_BY_INDEX: tuple[int, ...] = tuple(SUPPLY[k] for k in TILE_KINDS)
#: kind index -> (colour code, colour code)
KIND_CODES: tuple[tuple[int, int], ...] = tuple(
    (COLOURS.index(k[0]) + 1, COLOURS.index(k[1]) + 1) for k in TILE_KINDS
)
#: ordered tile string (36, e.g. "OR") -> (first colour code, second colour code, kind index)
ORDERED: dict[str, tuple[int, int, int]] = {}
for _a in COLOURS:
    for _b in COLOURS:
        _k = _a + _b if COLOURS.index(_a) <= COLOURS.index(_b) else _b + _a
        ORDERED[_a + _b] = (COLOURS.index(_a) + 1, COLOURS.index(_b) + 1, KIND_INDEX[_k])
#: kind string -> ordered strings (doubles have one, others two)
ORIENTATIONS: dict[str, tuple[str, ...]] = {
    k: ((k,) if k[0] == k[1] else (k, k[1] + k[0])) for k in TILE_KINDS
}


def tile_kind(s: str) -> str:
    """Canonical kind of a two-letter tile string: ``tile_kind("OR") == "RO"``.

    Raises ``ValueError`` if ``s`` is not two colour letters (upper case).
    """
    info = ORDERED.get(s) if isinstance(s, str) else None
    if info is None:
        raise ValueError(f"{s!r} is not a tile: a tile is two colour letters from {COLOURS}")
    return TILE_KINDS[info[2]]


def tile_name(s: str) -> str:
    """Human name of an ordered tile string, e.g. ``"red/orange"``."""
    info = ORDERED[s]
    return f"{CODE_NAME[info[0]]}/{CODE_NAME[info[1]]}"


def full_bag() -> list[int]:
    """Counts per kind index of a full bag."""
    return list(SUPPLY_BY_INDEX)
