"""Random legal games (for tests, benchmarks and the command line).

``random_game`` plays a complete game with uniformly random legal placements (every legal
placement for the rack is enumerated, as pairs of cells times oriented tiles), random swaps when
allowed, and optionally random flags, and returns its record. It is deterministic per seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .drawing import commit_draw, commit_swap
from .game import Game
from .gamerecord import Record
from .geometry import PAIR_MASK, PAIR_SHIFT
from .movegen import placeable_pairs, placement_pairs
from .placing import commit_place
from .position import OVER, PLACE, POST, SWAP_DRAW, Position
from .rulesets import make_ruleset
from .score_track import advance, run_points
from .tiles import KIND_INDEX, ORDERED, ORIENTATIONS, SUPPLY, TILE_KINDS

ORIENTED = tuple(ORIENTATIONS[k] for k in TILE_KINDS)

MODES = ("full", "board")
POLICIES = ("uniform", "greedy", "dicts")
GREEDY_SAMPLE = 40


def pair_keys(game: Position, seat: int) -> list[int]:
    """Keys of every pair of cells where ``seat`` may place now (all legal placements are these
    pairs times the oriented tiles of the rack)."""
    if game.first_rule and not game.seat_plies[seat]:
        return [a << PAIR_SHIFT | b for a, b in placement_pairs(game, seat)]
    return list(placeable_pairs(game))


def placement_at(pairs: list[int], tiles: list[str], both: bool, i: int) -> tuple[str, int, int]:
    """The ``i``-th placement of ``pairs`` (keys) times the oriented ``tiles`` (times both cell
    orders on the double track, where the first cell is scored first): tile, cells a and b."""
    per_pair = len(tiles) * (2 if both else 1)
    key = pairs[i // per_pair]
    a, b = key >> PAIR_SHIFT, key & PAIR_MASK
    j = i % per_pair
    if not both:
        return tiles[j], a, b
    if j & 1:
        return tiles[j >> 1], b, a
    return tiles[j >> 1], a, b


def take_tiles(bag: list[int], count: int, rand: Callable[[], float]) -> list[int]:
    """``count`` tiles (kind indices) drawn at random from ``bag`` (as many as it holds)."""
    out = []
    for _ in range(min(count, len(bag))):
        i = int(rand() * len(bag))
        out.append(bag[i])
        bag[i] = bag[-1]
        bag.pop()
    return out


def uniform_placement(
    game: Position, seat: int, kinds: list[int], rand: Callable[[], float]
) -> tuple[str, int, int]:
    """A placement of the ``kinds`` held chosen uniformly among every legal one."""
    pairs = pair_keys(game, seat)
    tiles = [t for k in set(kinds) for t in ORIENTED[k]]
    total = len(pairs) * len(tiles) * (2 if game.track > 18 else 1)
    return placement_at(pairs, tiles, game.track > 18, int(rand() * total))


def _gain(game: Position, seat: int, tile: str, a: int, b: int) -> int:
    """Points a placement would add to the seat's track (capped), scored in cell order."""
    c1, c2, _k = ORDERED[tile]
    lines = game.geo.scoring_lines
    sc = game.scores[game.side_of(seat)]
    before = sum(sc)
    for c, pts in (
        (c1, run_points(game.board, lines[a][b], c1)),
        (c2, run_points(game.board, lines[b][a], c2)),
    ):
        sc[c - 1] = advance(sc[c - 1], pts, game.track)[0]
    return sum(sc) - before


def random_game(
    ruleset: str = "mso",
    mode: str = "full",
    seed: int = 0,
    players: int | None = None,
    *,
    swap_chance: float = 0.3,
    flag_chance: float = 0.0,
    policy: str = "uniform",
    options: dict[str, Any] | None = None,
) -> Record:
    """A random, legal, complete game as a ``Record``.

    ``swap_chance``: probability of swapping when allowed and eligible; ``flag_chance``: per turn
    probability that the seat to move flags (only where the ruleset allows flags). ``policy``:
    ``"uniform"`` (every legal placement equally likely), ``"greedy"`` (the best-scoring of a
    random sample of legal placements: games that reach 18s, bonuses and instant wins) or
    ``"dicts"`` (uniform, but through ``Game.legal_placements``).
    """
    if mode not in MODES:
        raise ValueError(f"mode must be 'full' or 'board', not {mode!r}")
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {', '.join(POLICIES)}")
    options = dict(options or {})
    rs = make_ruleset(ruleset, **options)
    n = players if players is not None else rs.default_players
    names = [f"Player {i + 1}" for i in range(n)]
    rng = random.Random(seed)
    rand = rng.random
    game = Game(rs, n, "full", names)
    bag = [k for k in TILE_KINDS for _ in range(SUPPLY[k])]
    rng.shuffle(bag)
    actions: list[dict[str, Any]] = []
    apply = game.apply
    both = rs.track > 18
    flags = flag_chance > 0 and rs.flag_allowed
    rack_size = rs.rack_size

    def act(a: dict[str, Any]) -> None:
        apply(a)
        actions.append(a)

    def draw(p: int, count: int) -> None:
        count = min(count, len(bag))
        tiles = bag[len(bag) - count :]
        del bag[len(bag) - count :]
        act({"type": "draw", "player": p, "tiles": tiles})

    for p in range(n):
        draw(p, rack_size)
    names_of = game.geo.names
    while game.phase != OVER:
        phase = game.phase
        p = game.turn
        if phase == PLACE:
            if flags and game.placed_turn == 0 and rand() < flag_chance:
                act({"type": "flag", "player": p})
                continue
            if policy == "dicts":
                act(rng.choice(game.legal_placements()))
                continue
            pairs = pair_keys(game, p)
            tiles = [t for k, c in enumerate(game.rack[p]) if c for t in ORIENTED[k]]
            per_pair = len(tiles) * (2 if both else 1)
            total = len(pairs) * per_pair
            if policy == "greedy":
                picks = [int(rand() * total) for _ in range(min(total, GREEDY_SAMPLE))]
            else:
                picks = [int(rand() * total)]
            best = -1
            move: tuple[str, int, int] = ("", 0, 0)
            for i in picks:
                tile, a, b = placement_at(pairs, tiles, both, i)
                gain = _gain(game, p, tile, a, b) if len(picks) > 1 else 0
                if gain > best:
                    best, move = gain, (tile, a, b)
            tile, a, b = move
            act({"type": "place", "player": p, "tile": tile, "cells": [names_of[a], names_of[b]]})
        elif phase == POST:
            if (
                swap_chance > 0
                and rs.swap_allowed
                and game.may_swap(p)
                and (rng.random() < swap_chance)
            ):
                shown = [k for k, c in zip(TILE_KINDS, game.rack[p], strict=True) for _ in range(c)]
                act({"type": "swap", "player": p, "rack": shown})
                draw(p, rack_size)
                bag.extend(shown)
                rng.shuffle(bag)
                continue
            draw(p, rack_size - game.rack_len[p])
        elif phase == SWAP_DRAW:  # pragma: no cover - handled right after the swap
            draw(p, rack_size)
        else:  # pragma: no cover
            raise AssertionError(f"unexpected phase {phase}")
    if mode == "board":
        actions = [a for a in actions if a["type"] != "draw"]
    opts = options
    return Record(rs.name, mode, names, actions, opts)


def random_playout(
    ruleset: str = "mso",
    seed: int = 0,
    players: int | None = None,
    *,
    swap_chance: float = 0.3,
    options: dict[str, Any] | None = None,
) -> Game:
    """Play a random complete game as fast as possible and return the final state.

    Like ``random_game`` (uniform policy, full mode) but without a record: each ply every legal
    placement for the rack is enumerated (pairs of cells times oriented tiles), one is chosen
    uniformly and applied directly, trusted, without the checks ``Game.apply`` makes.
    """
    rs = make_ruleset(ruleset, **(options or {}))
    n = players if players is not None else rs.default_players
    rng = random.Random(seed)
    rand = rng.random
    game = Game(rs, n, "full")
    bag = [KIND_INDEX[k] for k in TILE_KINDS for _ in range(SUPPLY[k])]

    def take(count: int) -> list[int]:
        return take_tiles(bag, count, rand)

    rack_size = rs.rack_size
    swaps = swap_chance > 0 and rs.swap_allowed
    lines = game.geo.scoring_lines
    board = game.board
    held: list[list[int]] = [[] for _ in range(n)]  # the racks as kind lists, to enumerate fast
    for p in range(n):
        held[p] = take(rack_size)
        commit_draw(game, p, held[p])
    while game.phase != OVER:
        phase = game.phase
        p = game.turn
        if phase == PLACE:
            kinds = held[p]
            tile, a, b = uniform_placement(game, p, kinds, rand)
            c1, c2, kind = ORDERED[tile]
            kinds.remove(kind)
            commit_place(
                game,
                p,
                tile,
                c1,
                c2,
                kind,
                a,
                b,
                run_points(board, lines[a][b], c1),
                run_points(board, lines[b][a], c2),
            )
        elif phase == POST:
            if swaps and game.may_swap(p) and rand() < swap_chance:
                shown = held[p]
                commit_swap(game, p, [shown.count(k) for k in range(len(TILE_KINDS))])
                held[p] = take(rack_size)
                commit_draw(game, p, held[p])
                bag.extend(shown)
            elif rack_size - game.rack_len[p] == 1 and bag:  # the usual refill: inline
                i = int(rand() * len(bag))
                k = bag[i]
                bag[i] = bag[-1]
                bag.pop()
                held[p].append(k)
                commit_draw(game, p, [k])
            else:
                new = take(rack_size - game.rack_len[p])
                held[p].extend(new)
                commit_draw(game, p, new)
        else:  # pragma: no cover
            raise AssertionError(f"unexpected phase {phase}")
    return game
