"""Sampled worlds and fast playouts: how a position may go on, seen from one seat.

A seat sees the board, the tracks, its own rack and how many tiles each rack holds; the other
racks and the bag's order it does not see. ``sample_world`` deals the tiles it cannot see (every
tile neither on the board nor on its known rack) at random into the other racks, the rest of its
own rack (board mode: only the tiles it is known to hold are known) and the bag: it never reads
the position's own bag or the other seats' racks, so the judgement of a position cannot depend
on tiles drawn later (no hindsight). ``play_out`` then plays the world to the end with the fast
policy (``fast_placement``) and ``outcome`` measures the result for the seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..drawing import commit_draw, commit_swap
from ..phases import begin_turn_after, may_swap
from ..placing import commit_place
from ..position import OVER, PLACE, POST, SWAP_DRAW, Position
from ..randomgame import ORIENTED, pair_keys, placement_at, take_tiles
from ..score_track import BOARD_TOP, ranking, result_key, run_points
from ..tiles import ORDERED, SUPPLY_BY_INDEX, TILE_KINDS

N_KINDS = len(TILE_KINDS)


@dataclass(slots=True)
class World:
    """One sampled state of the game: a full-mode position whose racks and bag are guesses
    (``held``: the racks as kind lists; ``bag``: the tiles left, drawn at random)."""

    game: Position
    held: list[list[int]]
    bag: list[int]

    def copy(self) -> World:
        return World(self.game.copy(), [h[:] for h in self.held], self.bag[:])


def rack_seen(pos: Position, seat: int) -> tuple[list[int], int]:
    """What ``seat`` knows of its own rack now: counts per kind known, and the rack's size.
    Full mode: the whole rack. Board mode: nothing (the caller adds what it knows)."""
    if pos.full:
        return pos.rack[seat][:], pos.rack_len[seat]
    # (in POST a placement begins a new turn: a full rack)
    in_turn = pos.turn == seat and pos.phase == PLACE
    return [0] * N_KINDS, pos.rack_size - (pos.placed_turn if in_turn else 0)


def sample_world(
    pos: Position,
    seat: int,
    known: list[int],
    own_size: int,
    rng: random.Random,
    placing: bool = True,
) -> World:
    """A world consistent with what ``seat`` sees: ``known`` (counts per kind) on its rack of
    ``own_size`` tiles; every unseen tile dealt at random to the racks and the bag. ``placing``:
    the seat's placement is due (else, board mode, its swap decision)."""
    unseen = [
        k for k in range(N_KINDS) for _ in range(SUPPLY_BY_INDEX[k] - pos.on_board[k] - known[k])
    ]
    rng.shuffle(unseen)
    g = pos.copy()
    if not g.full:  # board mode: play the rest as full mode with guessed racks
        g.full = True
        g.mode = "full"
        if g.phase == POST and placing:  # the seat's placement begins its turn
            begin_turn_after(g, g.turn)
    held: list[list[int]] = []
    for s in range(pos.players):
        if s == seat:
            rack = [k for k in range(N_KINDS) for _ in range(known[k])]
            size = own_size
        else:
            rack = []
            size = pos.rack_len[s] if pos.full else pos.rack_size
        need = min(size - len(rack), len(unseen))
        rack.extend(unseen[len(unseen) - need :])
        del unseen[len(unseen) - need :]
        held.append(rack)
    g.rack = [[0] * N_KINDS for _ in range(pos.players)]
    for s, rack in enumerate(held):
        for k in rack:
            g.rack[s][k] += 1
    g.rack_len = [len(r) for r in held]
    g.bag = [0] * N_KINDS
    for k in unseen:
        g.bag[k] += 1
    g.bag_total = len(unseen)
    g.swap_shown = None
    return World(g, held, unseen)


def fast_placement(
    g: Position, p: int, kinds: list[int], rand: random.Random
) -> tuple[str, int, int, int, int]:
    """The fast policy's placement: of ``SAMPLE`` placements drawn at random, the one with the
    most points weighted towards the side's low colours (tile, cells a and b, points of each)."""
    pairs = pair_keys(g, p)
    tiles = [t for k in set(kinds) for t in ORIENTED[k]]
    both = g.track > 18
    total = len(pairs) * len(tiles) * (2 if both else 1)
    sc = g._scores[g.side_of_seat[p]]
    track = g.track
    low = min(sc)
    # a colour's weight: higher the lower it stands, highest for the lowest colours
    weight = [track + 2 - v + (track if v == low else 0) for v in sc]
    room = [(BOARD_TOP if v < BOARD_TOP else track) - v for v in sc]
    board = g.board
    lines = g.geo.scoring_lines
    r = rand.random
    best = -1
    move = ("", 0, 0, 0, 0)
    for _ in range(SAMPLE if total > SAMPLE else total):
        tile, a, b = placement_at(pairs, tiles, both, int(r() * total))
        c1, c2, _k = ORDERED[tile]
        pa = run_points(board, lines[a][b], c1)
        pb = run_points(board, lines[b][a], c2)
        if c1 == c2:
            got = weight[c1 - 1] * min(pa + pb, room[c1 - 1])
        else:
            got = weight[c1 - 1] * min(pa, room[c1 - 1]) + weight[c2 - 1] * min(pb, room[c2 - 1])
        if got > best:
            best, move = got, (tile, a, b, pa, pb)
    return move


#: placements the fast policy weighs per ply
SAMPLE = 12


def place(world: World, p: int, tile: str, a: int, b: int, pa: int, pb: int) -> None:
    """Apply a placement to a world (trusted: the caller knows it is legal)."""
    c1, c2, kind = ORDERED[tile]
    world.held[p].remove(kind)
    commit_place(world.game, p, tile, c1, c2, kind, a, b, pa, pb)


def place_scored(world: World, p: int, tile: str, a: int, b: int) -> None:
    """Apply a placement, counting its points on the world's board."""
    c1, c2, _k = ORDERED[tile]
    g = world.game
    lines = g.geo.scoring_lines
    place(
        world,
        p,
        tile,
        a,
        b,
        run_points(g.board, lines[a][b], c1),
        run_points(g.board, lines[b][a], c2),
    )


def take(world: World, count: int, rand: random.Random) -> list[int]:
    """``count`` tiles drawn at random from the world's bag."""
    return take_tiles(world.bag, count, rand.random)


def refill(world: World, p: int, rand: random.Random) -> None:
    g = world.game
    new = take(world, g.rack_size - g.rack_len[p], rand)
    world.held[p].extend(new)
    commit_draw(g, p, new)


def swap(world: World, p: int, rand: random.Random) -> None:
    """``p`` swaps its rack: shows it, draws a new one, the old one goes back to the bag."""
    g = world.game
    shown = world.held[p]
    commit_swap(g, p, [shown.count(k) for k in range(N_KINDS)])
    world.held[p] = take(world, g.rack_size, rand)
    commit_draw(g, p, world.held[p])
    world.bag.extend(shown)


def play_out(world: World, rand: random.Random) -> None:
    """Play the world to the end with the fast policy (swapping whenever allowed)."""
    g = world.game
    swaps = g.ruleset.swap_allowed
    while g.phase != OVER:
        phase = g.phase
        p = g.turn
        if phase == PLACE:
            place(world, p, *fast_placement(g, p, world.held[p], rand))
        elif phase == POST:
            if swaps and may_swap(g, p):
                swap(world, p, rand)
            else:
                refill(world, p, rand)
        elif phase == SWAP_DRAW:  # pragma: no cover - ``swap`` draws at once
            refill(world, p, rand)
        else:  # pragma: no cover
            raise AssertionError(f"unexpected phase {phase}")


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of one playout for a side: victory points (RULINGS.md: the average over the
    other sides of beaten 1, tied 1/2), placing (1 = best, ties share), first alone, own lowest
    level and its margin over the best other side's lowest level (solitaire: the level)."""

    points: float
    placing: int
    first: bool
    lowest: int
    margin: int


def outcome(g: Position, side: int) -> Outcome:
    scores = g._scores
    own = result_key(scores[side])
    others = [result_key(s) for i, s in enumerate(scores) if i != side]
    lowest = own[0]
    if not others:
        return Outcome(0.0, 1, True, lowest, lowest)
    points = sum(1.0 if own > o else 0.5 if own == o else 0.0 for o in others) / len(others)
    placing = ranking(scores)[side]
    first = all(own > o for o in others)
    return Outcome(points, placing, first, lowest, lowest - max(o[0] for o in others))
