"""The board: axial coordinates, cell names, neighbours and lines.

Axial hex coordinates (q, r), s = -q-r, pointy-top, q grows to the east, r to the south-east,
centre (0, 0). A cell's name is its row letter (A for r = -7 ... O for r = +7) and the number
q + 8 (1..15): the centre is H8. A name is the same on every board size.

For speed each board radius gets one precomputed ``Geometry``: cells are integer indices
0..n-1 (row by row), neighbours and the straight lines leaving each cell are flat tuples.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .tiles import COLOURS

ROWS = "ABCDEFGHIJKLMNO"
MAX_RADIUS = 7
#: The six axial directions, in order: E, NE, NW, W, SW, SE.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
#: Radius of the board in use by number of players.
RADIUS_BY_PLAYERS: dict[int, int] = {1: 5, 2: 5, 3: 6, 4: 7}
#: The printed start symbols (distance 5 from the centre on every board).
START_COORDS: dict[str, tuple[int, int]] = {
    "R": (0, -5),
    "G": (5, -5),
    "B": (5, 0),
    "O": (0, 5),
    "Y": (-5, 5),
    "P": (-5, 0),
}

#: pair keys: ``a << PAIR_SHIFT | b`` for cells a < b (boards have fewer than 256 cells)
PAIR_SHIFT = 8
PAIR_MASK = (1 << PAIR_SHIFT) - 1


def pair_key(a: int, b: int) -> int:
    """Key of the unordered pair of cell indices a, b."""
    return (a << PAIR_SHIFT | b) if a < b else (b << PAIR_SHIFT | a)


_NAME_RE = re.compile(r"([A-O])(1[0-5]|[1-9])")


def cell_name(q: int, r: int) -> str:
    """Name of the cell (q, r), e.g. ``cell_name(0, 0) == "H8"``."""
    if not (-MAX_RADIUS <= q <= MAX_RADIUS and -MAX_RADIUS <= r <= MAX_RADIUS):
        raise ValueError(f"({q}, {r}) has no cell name")
    return f"{ROWS[r + MAX_RADIUS]}{q + 8}"


def parse_cell(name: str) -> tuple[int, int]:
    """Coordinates (q, r) of a cell name. Raises ``ValueError`` for a string that is no name.

    Every row letter A..O with a number 1..15 is a name, even where the hexagonal board has no
    cell (e.g. A1): whether a cell is on the board in use is a separate question.
    """
    m = _NAME_RE.fullmatch(name) if isinstance(name, str) else None
    if m is None:
        raise ValueError(f"{name!r} is not a cell name (a row letter A-O and a number 1-15)")
    return int(m.group(2)) - 8, ROWS.index(m.group(1)) - MAX_RADIUS


def distance(q: int, r: int) -> int:
    """Distance of (q, r) from the centre."""
    return max(abs(q), abs(r), abs(q + r))


def board_cells(radius: int) -> list[str]:
    """Names of the cells of a board of the given radius, row by row (A..O), west to east."""
    return list(geometry(radius).names)


START_CELLS: dict[str, str] = {c: cell_name(*qr) for c, qr in START_COORDS.items()}


@dataclass(frozen=True, slots=True, eq=False)
class Geometry:
    """Precomputed tables for one board radius. Cells are indices 0..size-1."""

    radius: int
    size: int
    names: tuple[str, ...]
    coords: tuple[tuple[int, int], ...]
    index: dict[str, int]
    #: neighbours of each cell (on this board)
    neighbours: tuple[tuple[int, ...], ...]
    #: neighbours with a larger index (each unordered adjacent pair once)
    forward: tuple[tuple[int, ...], ...]
    #: lines[c][d]: the cells met going from c in direction d (may be empty)
    lines: tuple[tuple[tuple[int, ...], ...], ...]
    #: scoring_lines[a][b]: for adjacent a, b the (non-empty) lines from a not pointing at b
    scoring_lines: tuple[dict[int, tuple[tuple[int, ...], ...]], ...]
    #: links[c]: (neighbour, pair key) for each neighbour; the key of the unordered pair of
    #: cells a < b is ``a << PAIR_SHIFT | b``
    links: tuple[tuple[tuple[int, int], ...], ...]
    #: (colour code, cell index) of the six start symbols
    starts: tuple[tuple[int, int], ...]
    #: for each cell the colour codes of the start symbols it touches
    start_adjacent: tuple[tuple[int, ...], ...]
    #: number of adjacent pairs of cells that are not start symbols
    free_pairs: int

    def cell(self, name: str) -> int:
        return self.index[name]


@cache
def geometry(radius: int) -> Geometry:
    """The precomputed ``Geometry`` of a board radius (5..7); built once per radius."""
    if not 5 <= radius <= MAX_RADIUS:
        raise ValueError(f"board radius must be 5, 6 or 7, not {radius}")
    coords = tuple(
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if distance(q, r) <= radius
    )
    pos = {qr: i for i, qr in enumerate(coords)}
    names = tuple(cell_name(q, r) for q, r in coords)
    lines_all = []
    for q, r in coords:
        per_dir = []
        for dq, dr in DIRECTIONS:
            line = []
            x, y = q + dq, r + dr
            while (x, y) in pos:
                line.append(pos[(x, y)])
                x, y = x + dq, y + dr
            per_dir.append(tuple(line))
        lines_all.append(tuple(per_dir))
    lines = tuple(lines_all)
    neighbours = tuple(tuple(ln[0] for ln in per if ln) for per in lines)
    forward = tuple(tuple(n for n in nb if n > i) for i, nb in enumerate(neighbours))
    scoring = tuple(
        {b: tuple(ln for ln in lines[a] if ln and ln[0] != b) for b in neighbours[a]}
        for a in range(len(coords))
    )
    links = tuple(tuple((j, pair_key(i, j)) for j in neighbours[i]) for i in range(len(coords)))
    starts = tuple((COLOURS.index(c) + 1, pos[qr]) for c, qr in START_COORDS.items())
    start_cells = {i for _, i in starts}
    start_adj = tuple(
        tuple(code for code, s in starts if s in neighbours[i]) for i in range(len(coords))
    )
    free_pairs = sum(
        1
        for i in range(len(coords))
        if i not in start_cells
        for j in forward[i]
        if j not in start_cells
    )
    return Geometry(
        radius=radius,
        size=len(coords),
        names=names,
        coords=coords,
        index={n: i for i, n in enumerate(names)},
        neighbours=neighbours,
        forward=forward,
        lines=lines,
        scoring_lines=scoring,
        links=links,
        starts=starts,
        start_adjacent=start_adj,
        free_pairs=free_pairs,
    )
