"""Players and matches: the engine against the greedy and the random baselines.

- ``engine``: every placement ranked and the best simulated (``search``, at a ``Budget``);
  swaps when the simulation says swapping beats keeping.
- ``greedy``: the placement that adds the most points to its own tracks (capped at 18), ties
  at random, over every legal placement (stronger than ``randomgame``'s sampled greedy); never
  swaps.
- ``random``: a placement uniformly among every legal one (``randomgame.uniform_placement``);
  never swaps.

``match`` plays deals of two-player games: each deal (the bag's order, from its seed) twice,
the seats swapped, so that neither side gains from moving first or from the tiles. Every action
goes through ``Game.apply`` (every rule checked).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from ..game import Game
from ..position import OVER, PLACE, POST, SETUP, SWAP_DRAW, Position
from ..randomgame import uniform_placement
from ..rulesets import make_ruleset
from ..tiles import SUPPLY, TILE_KINDS
from .evaluation import held_kinds, rank_placements
from .search import DEFAULT_BUDGET, SWAP, Budget, analyse_placement, analyse_swap

#: a player's placement for the seat whose placement is due: tile, cell a, cell b
Chooser = Callable[[Position, int, random.Random], tuple[str, int, int]]
#: whether the seat (which may swap now) swaps
Swapper = Callable[[Position, int, random.Random], bool]

POLICIES = ("engine", "greedy", "random")


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    place: Chooser
    swap: Swapper


def _never(_pos: Position, _seat: int, _rng: random.Random) -> bool:
    return False


def greedy_placement(pos: Position, seat: int, rng: random.Random) -> tuple[str, int, int]:
    ranked = rank_placements(pos, seat, held_kinds(pos, seat))
    top = max(sum(p.gains.values()) for p in ranked)
    best = [p for p in ranked if sum(p.gains.values()) == top]
    p = best[int(rng.random() * len(best))]
    return p.tile, p.a, p.b


def random_placement(pos: Position, seat: int, rng: random.Random) -> tuple[str, int, int]:
    kinds = [k for k, n in enumerate(pos.rack[seat]) for _ in range(n)]
    return uniform_placement(pos, seat, kinds, rng.random)


def engine_player(budget: Budget = DEFAULT_BUDGET) -> Player:
    """The engine at ``budget``; it reads only what its seat sees (``playout.sample_world``)."""

    def place(pos: Position, seat: int, rng: random.Random) -> tuple[str, int, int]:
        known = pos.rack[seat][:]
        found = analyse_placement(
            pos, seat, held_kinds(pos, seat), known, pos.rack_len[seat], budget, rng.getrandbits(63)
        )
        p = found.best.placement
        return p.tile, p.a, p.b

    def swap(pos: Position, seat: int, rng: random.Random) -> bool:
        known = pos.rack[seat][:]
        found = analyse_swap(pos, seat, known, pos.rack_len[seat], budget, rng.getrandbits(63))
        return found.best == SWAP

    return Player("engine", place, swap)


def make_player(policy: str, budget: Budget = DEFAULT_BUDGET) -> Player:
    if policy == "engine":
        return engine_player(budget)
    if policy == "greedy":
        return Player("greedy", greedy_placement, _never)
    if policy == "random":
        return Player("random", random_placement, _never)
    raise ValueError(f"policy must be one of {', '.join(POLICIES)}, not {policy!r}")


def play_game(players: list[Player], deal_seed: int, ruleset: str = "mso") -> Game:
    """One full-mode game, seat i played by ``players[i]``; the bag's order from ``deal_seed``
    (the same deal gives the same tiles while the seats choose alike)."""
    rs = make_ruleset(ruleset)
    game = Game(rs, len(players), "full")
    deal = random.Random(deal_seed)
    bag = [k for k in TILE_KINDS for _ in range(SUPPLY[k])]
    deal.shuffle(bag)
    choices = random.Random(deal_seed ^ 0x5EED)  # the players' own random numbers
    names = game.geo.names

    def draw(p: int, count: int) -> None:
        count = min(count, len(bag))
        tiles = bag[len(bag) - count :]
        del bag[len(bag) - count :]
        game.apply({"type": "draw", "player": p, "tiles": tiles})

    while game.phase != OVER:
        phase = game.phase
        p = game.turn if phase != SETUP else game.setup_next
        if phase == SETUP:
            draw(p, rs.rack_size)
        elif phase == PLACE:
            tile, a, b = players[p].place(game, p, choices)
            game.apply({"type": "place", "player": p, "tile": tile, "cells": [names[a], names[b]]})
        elif phase == POST:
            if game.may_swap(p) and players[p].swap(game, p, choices):
                shown = [k for k, n in zip(TILE_KINDS, game.rack[p], strict=True) for _ in range(n)]
                game.apply({"type": "swap", "player": p, "rack": shown})
                draw(p, rs.rack_size)
                bag.extend(shown)
                deal.shuffle(bag)
            else:
                draw(p, rs.rack_size - game.rack_len[p])
        elif phase == SWAP_DRAW:  # pragma: no cover - drawn right after the swap
            draw(p, rs.rack_size)
    return game


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Games of ``policy`` against ``vs``: wins, draws, losses of ``policy``."""

    policy: str
    vs: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def rate(self) -> float:
        """The score rate: a win 1, a draw 1/2."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins + self.draws / 2, self.games)

    def as_dict(self) -> dict[str, object]:
        low, high = self.interval()
        return {
            "policy": self.policy,
            "vs": self.vs,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "rate": round(self.rate, 4),
            "interval95": [round(low, 4), round(high, 4)],
        }


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    div = 1 + z * z / n
    return max(0.0, (centre - spread) / div), min(1.0, (centre + spread) / div)


def match(
    policy: str,
    vs: str,
    deals: int,
    seed: int = 0,
    budget: Budget = DEFAULT_BUDGET,
    ruleset: str = "mso",
    progress: Callable[[int, MatchResult], None] | None = None,
) -> MatchResult:
    """``deals`` deals of two-player games, each played twice with the seats swapped."""
    me, other = make_player(policy, budget), make_player(vs, budget)
    wins = draws = losses = 0
    for d in range(deals):
        deal_seed = random.Random(f"deal:{seed}:{d}").getrandbits(63)
        for seat in (0, 1):
            players = [me, other] if seat == 0 else [other, me]
            winner = play_game(players, deal_seed, ruleset).winner
            if winner is None:
                draws += 1
            elif winner == seat:
                wins += 1
            else:
                losses += 1
        if progress is not None:
            progress(d + 1, MatchResult(policy, vs, wins, draws, losses))
    return MatchResult(policy, vs, wins, draws, losses)
