"""Legal move generation, on a ``Position`` (it never needs the ``Game`` class).

``placement_pairs`` lists the unordered pairs of adjacent empty cells where the seat to place
may put a tile under the placement rule; ``legal_placements`` expands them into ``place``
actions for a rack (or for every kind still in supply when the rack is unknown).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .geometry import PAIR_MASK, PAIR_SHIFT
from .phases import placement_seat
from .position import Position
from .tiles import KIND_INDEX, ORIENTATIONS, SUPPLY_BY_INDEX, TILE_KINDS, tile_kind

__all__ = [
    "available_kinds",
    "has_placement",
    "legal_placements",
    "oriented_tiles",
    "placeable_pairs",
    "placement_pairs",
    "placement_seat",
]


def placeable_pairs(game: Position) -> dict[int, None]:
    """Keys (``geometry.pair_key``) of the pairs of adjacent empty cells where a tile may go
    (the first-round rule aside), in order. Built on first use, then kept up to date by the
    game."""
    pairs = game.pairs
    if pairs is None and not game.ply_log:  # a fresh board: copy the pairs computed once
        key = (game.radius, game.first_rule)
        fresh = _FRESH.get(key)
        if fresh is None:
            fresh = _FRESH[key] = _compute_pairs(game)
        pairs = game.pairs = fresh.copy()
    elif pairs is None:
        pairs = game.pairs = _compute_pairs(game)
    return pairs


_FRESH: dict[tuple[int, bool], dict[int, None]] = {}


def _compute_pairs(game: Position) -> dict[int, None]:
    board = game.board
    fwd = game.geo.forward
    live = game.live
    touch = not game.first_rule
    return {
        a << PAIR_SHIFT | b: None
        for a in range(game.geo.size)
        if not board[a]
        for b in fwd[a]
        if not board[b] and (not touch or live[a] or live[b])
    }


def placement_pairs(game: Position, seat: int) -> list[tuple[int, int]]:
    """Pairs (a, b), a < b, of adjacent empty cells where ``seat`` may place now."""
    if game.first_rule:
        if game.seat_plies[seat]:
            return [(k >> PAIR_SHIFT, k & PAIR_MASK) for k in placeable_pairs(game)]
        board = game.board
        geo = game.geo
        nbrs = geo.neighbours
        touched = game.start_touched
        found: set[tuple[int, int]] = set()
        for code, s in geo.starts:
            if touched[code]:
                continue
            for a in nbrs[s]:
                if board[a]:
                    continue
                for b in nbrs[a]:
                    if not board[b]:
                        found.add((a, b) if a < b else (b, a))
        return sorted(found)
    return [(k >> PAIR_SHIFT, k & PAIR_MASK) for k in placeable_pairs(game)]


def oriented_tiles(kinds: Iterable[str]) -> list[str]:
    """Ordered tile strings for the distinct kinds: "RO" gives "RO" and "OR", a double one."""
    distinct = sorted({tile_kind(k) for k in kinds}, key=KIND_INDEX.__getitem__)
    return [t for kind in distinct for t in ORIENTATIONS[kind]]


def available_kinds(game: Position, seat: int) -> list[str]:
    """Kinds ``seat`` could place: its rack (full mode) or every kind still in supply."""
    if game.full:
        return [k for k, n in zip(TILE_KINDS, game.rack[seat], strict=True) if n]
    return [k for i, k in enumerate(TILE_KINDS) if game.on_board[i] < SUPPLY_BY_INDEX[i]]


def legal_placements(game: Position, tiles: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """Every legal ``place`` action for the seat whose placement is due.

    ``tiles``: the rack to place from (kinds, any order/duplicates); by default the seat's rack
    in full mode, or every kind still in supply in board mode. Each placement is listed once per
    distinct arrangement of the colours (a double once); on the double-length track, where the
    first cell is scored first, also with the cells in both orders.
    """
    seat = placement_seat(game)
    if seat is None:
        return []
    kinds = available_kinds(game, seat) if tiles is None else list(tiles)
    oriented = oriented_tiles(kinds)
    both = game.track > 18  # on the double track the first cell is scored first: order matters
    names = game.geo.names
    out: list[dict[str, Any]] = []
    for a, b in placement_pairs(game, seat):
        na, nb = names[a], names[b]
        for t in oriented:
            out.append({"type": "place", "player": seat, "tile": t, "cells": [na, nb]})
            if both:
                out.append({"type": "place", "player": seat, "tile": t, "cells": [nb, na]})
    return out


def has_placement(game: Position) -> bool:
    """Whether any two adjacent empty cells remain (the game-end test)."""
    return game.empty_pairs > 0
