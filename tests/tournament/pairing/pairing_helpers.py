"""Independent checkers for the pairing tests (deliberately naive: brute force, no shared code)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from functools import cache

from tournament.pairing.model import NoPairingError, PlayerState, RoundPairing
from tournament.pairing.state import apply_results
from tournament.pairing.systems import pair_round


def turns(p: PlayerState) -> list[bool]:
    return [c for c in p.firsts if c is not None]


def breaks(p: PlayerState, gets_first: bool) -> bool:
    """Would this turn give three in a row, or firsts and seconds more than 2 apart?"""
    seq = [*turns(p), gets_first]
    diff = sum(1 if c else -1 for c in seq)
    return abs(diff) > 2 or (len(seq) >= 3 and seq[-1] == seq[-2] == seq[-3])


def due(p: PlayerState) -> bool | None:
    """The turn a player is due: the only turn that keeps the limits when the other would break
    one (two firsts in a row are due a second, even with more seconds overall), else towards
    balance, else the other turn than last game."""
    keeps = [turn for turn in (True, False) if not breaks(p, turn)]
    if len(keeps) == 1:
        return keeps[0]
    seq = turns(p)
    diff = sum(1 if c else -1 for c in seq)
    if diff:
        return diff < 0
    return (not seq[-1]) if seq else None


def seat_cost(a: PlayerState, b: PlayerState) -> tuple[int, int]:
    """Best (limit breaks, players not given their due) over the two seatings of a pair."""
    options = []
    for a_first in (True, False):
        hard = 0
        misses = 0
        for p, first in ((a, a_first), (b, not a_first)):
            if breaks(p, first):
                hard += 1
            elif due(p) is not None and due(p) != first:
                misses += 1
        options.append((hard, misses))
    return min(options)


def pair_breaks(a: PlayerState, b: PlayerState) -> int:
    """Fewest limit breaks over the two ways of seating a and b."""
    return min(
        int(breaks(a, True)) + int(breaks(b, False)),
        int(breaks(a, False)) + int(breaks(b, True)),
    )


def have_met(a: PlayerState, b: PlayerState) -> bool:
    return b.id in a.opponents or a.id in b.opponents


def perfect_matchings(
    players: Sequence[PlayerState],
) -> Iterator[list[tuple[PlayerState, PlayerState]]]:
    """Every way to pair all of ``players`` without a rematch."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        if have_met(first, other):
            continue
        for tail in perfect_matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


def pairable(players: Sequence[PlayerState]) -> bool:
    """Can all of ``players`` be paired without a rematch? (Memoised over subsets.)"""
    n = len(players)
    ok = [[i != j and not have_met(players[i], players[j]) for j in range(n)] for i in range(n)]

    @cache
    def rec(mask: int) -> bool:
        if not mask:
            return True
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        return any(rest >> j & 1 and ok[i][j] and rec(rest & ~(1 << j)) for j in range(n))

    return rec((1 << n) - 1)


def min_cost_matching(
    players: Sequence[PlayerState],
    cost: Callable[[PlayerState, PlayerState], tuple[int, ...]],
) -> tuple[int, ...] | None:
    """Lexicographically smallest total cost of pairing all ``players`` without a rematch
    (dynamic programming over subsets; None when they cannot all be paired)."""
    n = len(players)

    @cache
    def rec(mask: int) -> tuple[int, ...] | None:
        if not mask:
            return ()
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        best = None
        for j in range(n):
            if rest >> j & 1 and not have_met(players[i], players[j]):
                tail = rec(rest & ~(1 << j))
                if tail is None:
                    continue
                c = cost(players[i], players[j])
                total = tuple(a + b for a, b in zip(c, tail, strict=True)) if tail else c
                if best is None or total < best:
                    best = total
        return best

    return rec((1 << n) - 1)


def lowest_first(players: Sequence[PlayerState]) -> list[PlayerState]:
    """Bottom of the standings first: lowest score, then highest starting-rank number."""
    return sorted(players, key=lambda p: (p.score, -p.rank))


def continuation_exists(
    ids: Sequence[int], met: set[frozenset[int]], bye_ok: set[int], rounds: int
) -> bool:
    """Can ``rounds`` more rounds be paired (no rematch, byes only to ``bye_ok``)?"""
    nodes = tuple(sorted(ids)) + ((0,) if len(ids) % 2 else ())

    def allowed(a: int, b: int) -> bool:
        if a == 0 or b == 0:
            return (b or a) in bye_ok
        return frozenset((a, b)) not in met

    edges0 = frozenset(
        frozenset((a, b)) for i, a in enumerate(nodes) for b in nodes[i + 1 :] if allowed(a, b)
    )

    def matchings(todo: tuple[int, ...], edges: frozenset) -> Iterator[list[frozenset]]:
        if not todo:
            yield []
            return
        a = todo[0]
        for b in todo[1:]:
            e = frozenset((a, b))
            if e in edges:
                rest = tuple(x for x in todo[1:] if x != b)
                for tail in matchings(rest, edges):
                    yield [e, *tail]

    @cache
    def rec(edges: frozenset, k: int) -> bool:
        if k == 0:
            return True
        return any(rec(edges - frozenset(m), k - 1) for m in matchings(nodes, edges))

    return rec(edges0, rounds)


def random_outcomes(rp: RoundPairing, rng: random.Random, draws: float = 0.1) -> dict[int, str]:
    out = {}
    for p in rp.games:
        if rng.random() < draws:
            out[p.board] = "draw"
        else:
            out[p.board] = rng.choice(["first", "second"])
    return out


def simulate(
    n: int,
    rounds: int,
    seed: int,
    system: str = "swiss",
    *,
    check=None,
) -> tuple[list[PlayerState], list[RoundPairing], NoPairingError | None]:
    """Play an event with random results; ``check(states, round_pairing)`` runs every round."""
    rng = random.Random(seed)
    states = [PlayerState(id=1000 + r, rank=r) for r in range(1, n + 1)]
    done: list[RoundPairing] = []
    for rnd in range(1, rounds + 1):
        try:
            rp = pair_round(states, rnd, rounds, system)
        except NoPairingError as exc:
            return states, done, exc
        if check is not None:
            check(states, rp)
        done.append(rp)
        states = apply_results(states, rp, random_outcomes(rp, rng))
    return states, done, None
