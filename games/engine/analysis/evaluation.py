"""The static evaluation: every legal placement of the rack held, ranked without looking ahead.

A side's tracks are worth ``value(scores)`` (docs/analysis.md):

    value = LOW_WEIGHT * lowest + sum over colours of -(track - score)**2 / track

The game is decided by the lowest colour, then the next: the first term pays for the lowest
colour itself, the second (concave) pays more for a point on a low colour than on a high one, so
the colours are raised together. A placement is worth the change of ``value`` on its side's
tracks plus ``BONUS`` per bonus placement it earns (reaching 18: an extra placement now), and
``INSTANT`` when it completes all six colours (an instant win). Ties keep the engine's move order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..movegen import placement_pairs
from ..phases import bonus_earned
from ..position import Position
from ..score_track import advance, run_points
from ..tiles import COLOURS, KIND_INDEX, ORDERED, ORIENTATIONS, TILE_KINDS

#: what the lowest colour itself is worth per point (beside the concave sum over all colours)
LOW_WEIGHT = 3.0
#: what one bonus placement earned is worth (about one good placement)
BONUS = 20.0
#: completing all six colours ends the game at once with a win
INSTANT = 1000.0


def value(scores: Sequence[int], track: int) -> float:
    """What a side's six track values are worth (higher is better)."""
    return LOW_WEIGHT * min(scores) - sum((track - s) * (track - s) for s in scores) / track


@dataclass(frozen=True, slots=True)
class Placement:
    """One legal placement and what it does to the placing side's tracks."""

    tile: str
    a: int  # first cell's index (the tile's first colour)
    b: int
    #: capped points per colour letter (what the tracks gain)
    gains: dict[str, int]
    #: points counted per colour letter, before the 18 cap
    raw: dict[str, int]
    #: the side's tracks after the placement (R G B O Y P)
    after: tuple[int, ...]
    bonus: int  # bonus placements earned
    static: float  # the static evaluation (see the module's docstring)

    @property
    def raw_total(self) -> int:
        return sum(self.raw.values())

    def gain_on(self, colours: str) -> int:
        """Capped points gained on the given colours (e.g. the lowest before the placement)."""
        return sum(v for ch, v in self.gains.items() if ch in colours)


def held_kinds(pos: Position, seat: int) -> list[str]:
    """The kinds on ``seat``'s rack (full mode; board mode has no racks)."""
    return [k for k, n in zip(TILE_KINDS, pos.rack[seat], strict=True) if n]


def score_placement(
    pos: Position, seat: int, tile: str, a: int, b: int, lines_cache: dict[int, int] | None = None
) -> Placement:
    """Score ``tile`` on cells ``a`` (first colour), ``b`` for ``seat``, without applying it."""
    c1, c2, _k = ORDERED[tile]
    board = pos.board
    lines = pos.geo.scoring_lines
    if lines_cache is None:
        p1 = run_points(board, lines[a][b], c1)
        p2 = run_points(board, lines[b][a], c2)
    else:  # the same cell, direction and colour recur across a rack's tiles: counted once
        k1, k2 = (a << 8 | b) << 3 | c1, (b << 8 | a) << 3 | c2
        p1 = lines_cache.get(k1, -1)
        if p1 < 0:
            p1 = lines_cache[k1] = run_points(board, lines[a][b], c1)
        p2 = lines_cache.get(k2, -1)
        if p2 < 0:
            p2 = lines_cache[k2] = run_points(board, lines[b][a], c2)
    track = pos.track
    before = pos._scores[pos.side_of_seat[seat]]
    after = before[:]
    after[c1 - 1] = advance(after[c1 - 1], p1, track)[0]  # the first cell is scored first
    after[c2 - 1] = advance(after[c2 - 1], p2, track)[0]
    l1, l2 = COLOURS[c1 - 1], COLOURS[c2 - 1]
    raw = {l1: p1 + p2} if c1 == c2 else {l1: p1, l2: p2}
    gains = {ch: after[COLOURS.index(ch)] - before[COLOURS.index(ch)] for ch in raw}
    bonus = bonus_earned(pos, before, after, c1, c2)
    static = value(after, track) - value(before, track) + BONUS * bonus
    if bonus and min(after) == track:
        static += INSTANT
    return Placement(tile, a, b, gains, raw, tuple(after), bonus, static)


def rank_placements(pos: Position, seat: int, kinds: Sequence[str]) -> list[Placement]:
    """Every legal placement of the ``kinds`` held by ``seat`` (the seat whose placement is
    due), best first by the static evaluation; ties in the engine's move order (as
    ``movegen.legal_placements`` lists them)."""
    distinct = sorted({k for k in kinds}, key=KIND_INDEX.__getitem__)
    tiles = [t for k in distinct for t in ORIENTATIONS[k]]
    both = pos.track > 18  # the double track scores the first cell first: order matters
    cache: dict[int, int] = {}
    out: list[Placement] = []
    for a, b in placement_pairs(pos, seat):
        for t in tiles:
            out.append(score_placement(pos, seat, t, a, b, cache))
            if both:
                out.append(score_placement(pos, seat, t, b, a, cache))
    out.sort(key=lambda p: -p.static)  # (stable: ties keep the move order)
    return out
