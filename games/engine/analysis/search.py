"""Judging one decision: the static ranking, then the best candidates simulated.

``analyse_placement`` ranks every legal placement of the rack held (``evaluation``), then plays
the ``Budget.candidates`` best of them (and any the caller asks for, e.g. the one played) out in
``Budget.worlds`` sampled worlds (``playout``). Every candidate is played in the same worlds with
the same random numbers (common random numbers: the differences between candidates are
measured, not the luck of the draw). ``analyse_swap`` does the same for the choice between
swapping and keeping the rack. Deterministic for a seed, unless ``Budget.seconds`` cuts it short.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..position import Position
from .evaluation import Placement, rank_placements
from .playout import World, outcome, place_scored, play_out, refill, sample_world, swap

SWAP, KEEP = "swap", "keep"


@dataclass(frozen=True, slots=True)
class Budget:
    """How much work one decision gets."""

    candidates: int = 8  # the statically best placements simulated (the played one is added)
    worlds: int = 28  # sampled worlds per candidate
    seconds: float | None = None  # a wall-clock cap (then the result is not reproducible)


DEFAULT_BUDGET = Budget()


@dataclass(slots=True)
class Stats:
    """A candidate's results over the worlds it was played in."""

    worlds: int = 0
    points: float = 0.0  # victory points summed (2 sides: wins, a draw counting 1/2)
    placing: int = 0
    first: int = 0
    lowest: int = 0
    margin: int = 0
    #: each world's victory points (solitaire: lowest level), for paired comparisons
    each: list[float] = field(default_factory=list)

    def add(self, g: Position, side: int) -> None:
        o = outcome(g, side)
        self.each.append(o.lowest if len(g._scores) == 1 else o.points)
        self.worlds += 1
        self.points += o.points
        self.placing += o.placing
        self.first += o.first
        self.lowest += o.lowest
        self.margin += o.margin

    def mean(self, total: float) -> float:
        return total / self.worlds if self.worlds else 0.0

    @property
    def win(self) -> float:
        """Expected victory points: with two sides, the chance to win (a draw half)."""
        return self.mean(self.points)

    def key(self, solitaire: bool) -> float:
        """What the choice maximises: the expected victory points, the expected margin of the
        lowest colours only between near-equal ones (solitaire: the expected lowest level)."""
        if solitaire:
            return self.mean(self.lowest)
        return self.win + 0.001 * self.mean(self.margin)

    def as_dict(self, solitaire: bool) -> dict[str, float | int]:
        if solitaire:
            return {"worlds": self.worlds, "lowest": round(self.mean(self.lowest), 3)}
        return {
            "worlds": self.worlds,
            "win": round(self.win, 4),
            "placing": round(self.mean(self.placing), 3),
            "first": round(self.mean(self.first), 4),
            "margin": round(self.mean(self.margin), 3),
        }


def paired_loss(best: Stats, other: Stats) -> tuple[float, float]:
    """What ``other`` loses against ``best`` over the worlds both were played in (victory
    points, solitaire: levels): the mean difference and its 95 % half-width (the same worlds
    for both, so the difference's own spread counts, not each one's luck)."""
    diffs = [b - o for b, o in zip(best.each, other.each, strict=False)]
    n = len(diffs)
    if n == 0:
        return 0.0, 0.0
    mean = sum(diffs) / n
    if n == 1:
        return mean, 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


@dataclass(slots=True)
class Judged:
    """One candidate placement: its static rank (1 = best) and its simulated results."""

    placement: Placement
    static_rank: int
    stats: Stats = field(default_factory=Stats)


@dataclass(slots=True)
class PlacementAnalysis:
    """Every legal placement, best first: the simulated ones by their results, then the rest by
    the static evaluation."""

    seat: int
    solitaire: bool
    ranked: list[Judged]

    @property
    def best(self) -> Judged:
        return self.ranked[0]

    def rank_of(self, tile: str, a: int, b: int) -> int | None:
        """The rank (1 = best) of a placement, ``None`` if it is not among the legal ones."""
        for i, j in enumerate(self.ranked):
            p = j.placement
            if p.tile == tile and p.a == a and p.b == b:
                return i + 1
        return None


def _worlds(
    pos: Position,
    seat: int,
    known: list[int],
    own_size: int,
    budget: Budget,
    seed: int | str,
    options: Sequence[Callable[[World, random.Random], None]],
    results: Sequence[Stats],
    placing: bool = True,
) -> None:
    """Play every option out in each sampled world (the same world and random numbers for
    every option), adding to its ``results``."""
    rng = random.Random(seed)
    side = pos.side_of_seat[seat]
    start = time.monotonic()
    for _ in range(budget.worlds):
        world = sample_world(pos, seat, known, own_size, rng, placing)
        playout_seed = rng.getrandbits(64)
        for option, stats in zip(options, results, strict=True):
            w = world.copy()
            r = random.Random(playout_seed)
            option(w, r)
            play_out(w, r)
            stats.add(w.game, side)
        if budget.seconds is not None and time.monotonic() - start > budget.seconds:
            break


def analyse_placement(
    pos: Position,
    seat: int,
    kinds: Sequence[str],
    known: list[int],
    own_size: int,
    budget: Budget = DEFAULT_BUDGET,
    seed: int | str = 0,
    include: Sequence[tuple[str, int, int]] = (),
) -> PlacementAnalysis:
    """Judge ``seat``'s placement now, from the ``kinds`` it may place (what it holds), ``known``
    (counts per kind it is known to hold) on a rack of ``own_size`` tiles. ``include``:
    placements (tile, cell a, cell b) simulated whatever their static rank."""
    ranked = [Judged(p, i + 1) for i, p in enumerate(rank_placements(pos, seat, kinds))]
    solitaire = len(pos._scores) == 1
    if len(ranked) < 2 or budget.candidates < 1 or budget.worlds < 1:
        return PlacementAnalysis(seat, solitaire, ranked)  # nothing to simulate: static only
    chosen = ranked[: budget.candidates]
    wanted = set(include)
    chosen += [
        j
        for j in ranked[budget.candidates :]
        if (j.placement.tile, j.placement.a, j.placement.b) in wanted
    ]

    def option(p: Placement) -> Callable[[World, random.Random], None]:
        return lambda w, _r: place_scored(w, seat, p.tile, p.a, p.b)

    _worlds(
        pos,
        seat,
        known,
        own_size,
        budget,
        seed,
        [option(j.placement) for j in chosen],
        [j.stats for j in chosen],
    )
    chosen.sort(key=lambda j: -j.stats.key(solitaire))  # (stable: ties keep the static order)
    simulated = {id(j) for j in chosen}
    rest = [j for j in ranked if id(j) not in simulated]
    return PlacementAnalysis(seat, solitaire, chosen + rest)


@dataclass(slots=True)
class SwapAnalysis:
    """The choice after the placements of a turn, when the rack may be swapped."""

    seat: int
    solitaire: bool
    swap: Stats
    keep: Stats

    @property
    def best(self) -> str:
        return SWAP if self.swap.key(self.solitaire) > self.keep.key(self.solitaire) else KEEP


def analyse_swap(
    pos: Position,
    seat: int,
    known: list[int],
    own_size: int,
    budget: Budget = DEFAULT_BUDGET,
    seed: int | str = 0,
) -> SwapAnalysis:
    """Judge swapping against keeping the rack (the position's placements are done and ``seat``
    may swap), from what ``seat`` knows of its rack."""
    swap_stats, keep_stats = Stats(), Stats()

    def do_swap(w: World, r: random.Random) -> None:
        swap(w, seat, r)

    def do_keep(w: World, r: random.Random) -> None:
        refill(w, seat, r)

    _worlds(pos, seat, known, own_size, budget, seed, [do_swap, do_keep], [swap_stats, keep_stats])
    return SwapAnalysis(seat, len(pos._scores) == 1, swap_stats, keep_stats)
