"""Look-ahead: can the remaining rounds still be paired?

The allowed future games form a graph (players, plus a bye node joined to everyone who may still
get a bye when the field is odd). ``k`` more rounds can be paired without a rematch or a second bye
exactly when that graph holds ``k`` edge-disjoint perfect matchings. The search below decides this
for small fields (bit-mask depth-first search with symmetry breaking, memo of failed states and a
step budget); large fields are settled by a degree bound (Dirac: a graph on ``N`` nodes whose
minimum degree is at least ``N / 2`` has a perfect matching, and removing one lowers every degree
by one, so ``min degree >= N / 2 + k - 1`` guarantees ``k`` rounds).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence


class Verdict(enum.Enum):
    YES = "yes"
    NO = "no"
    UNKNOWN = "unknown"  # the step budget ran out


class BudgetExhausted(Exception):
    """The step budget of a search ran out."""


class Budget:
    """Shared step budget for the searches of one round."""

    def __init__(self, steps: int) -> None:
        self.left = steps

    def spend(self, n: int = 1) -> None:
        self.left -= n
        if self.left < 0:
            raise BudgetExhausted


def dirac_guarantees(degrees: Sequence[int], n_nodes: int, k: int) -> bool:
    """Sufficient condition for ``k`` disjoint perfect matchings (see module doc)."""
    if k <= 0:
        return True
    if n_nodes % 2:
        return False
    return min(degrees) * 2 >= n_nodes + 2 * (k - 1)


def _components_even(adj: Sequence[int], n: int) -> bool:
    seen = 0
    for v in range(n):
        if seen >> v & 1:
            continue
        comp = 1 << v
        frontier = comp
        while frontier:
            nxt = 0
            f = frontier
            while f:
                low = f & -f
                nxt |= adj[low.bit_length() - 1]
                f ^= low
            nxt &= ~comp
            comp |= nxt
            frontier = nxt
        if comp.bit_count() % 2:
            return False
        seen |= comp
    return True


def _perfect_matchings(
    adj: Sequence[int], n: int, unmatched: int, budget: Budget
) -> Iterator[list[tuple[int, int]]]:
    """All perfect matchings of the nodes in ``unmatched`` (most constrained node first)."""
    if not unmatched:
        yield []
        return
    budget.spend()
    best_v = -1
    best_opts = 0
    best_count = n + 1
    u = unmatched
    while u:
        low = u & -u
        v = low.bit_length() - 1
        u ^= low
        opts = adj[v] & unmatched
        c = opts.bit_count()
        if c < best_count:
            best_v, best_opts, best_count = v, opts, c
            if c <= 1:
                break
    if best_count == 0:
        return
    rest = unmatched & ~(1 << best_v)
    opts = best_opts
    while opts:
        low = opts & -opts
        w = low.bit_length() - 1
        opts ^= low
        for tail in _perfect_matchings(adj, n, rest & ~low, budget):
            tail.append((best_v, w))
            yield tail


class DisjointMatchings:
    """Decides whether a graph holds ``k`` edge-disjoint perfect matchings.

    Nodes are ``0 .. n-1``; ``adj[v]`` is the bit mask of ``v``'s neighbours. Failed states are
    remembered across calls, so one instance can check many candidate rounds cheaply.
    """

    def __init__(self, n: int, budget: Budget) -> None:
        self.n = n
        self.budget = budget
        self._failed: set[tuple[tuple[int, ...], int]] = set()
        self._full = (1 << n) - 1

    def check(self, adj: Sequence[int], k: int) -> Verdict:
        if k <= 0:
            return Verdict.YES
        if self.n % 2:
            return Verdict.NO
        degrees = [a.bit_count() for a in adj]
        if min(degrees) < k:
            return Verdict.NO
        if dirac_guarantees(degrees, self.n, k):
            return Verdict.YES
        try:
            found = self._search(tuple(adj), k)
        except BudgetExhausted:
            return Verdict.UNKNOWN
        return Verdict.YES if found is not None else Verdict.NO

    def witness(self, adj: Sequence[int], k: int) -> list[list[tuple[int, int]]] | None:
        """The ``k`` matchings themselves (None if none, or the budget ran out)."""
        if k <= 0:
            return []
        try:
            return self._search(tuple(adj), k)
        except BudgetExhausted:
            return None

    def _search(self, adj: tuple[int, ...], k: int) -> list[list[tuple[int, int]]] | None:
        if k == 0:
            return []
        n = self.n
        degrees = [a.bit_count() for a in adj]
        if min(degrees) < k:
            return None
        key = (adj, k)
        if key in self._failed:
            return None
        if not _components_even(adj, n):
            self._failed.add(key)
            return None
        # Symmetry breaking: order the k matchings by the partner of the most constrained node x;
        # choosing partner y for x now removes x's edges to smaller partners from later rounds.
        x = min(range(n), key=lambda v: (degrees[v], v))
        opts = adj[x]
        smaller = 0
        while opts:
            low = opts & -opts
            y = low.bit_length() - 1
            opts ^= low
            unmatched = self._full & ~(1 << x) & ~low
            for tail in _perfect_matchings(adj, n, unmatched, self.budget):
                matching = [*tail, (x, y)]
                nxt = list(adj)
                for a, b in matching:
                    nxt[a] &= ~(1 << b)
                    nxt[b] &= ~(1 << a)
                nxt[x] &= ~smaller
                s = smaller
                while s:
                    lowz = s & -s
                    nxt[lowz.bit_length() - 1] &= ~(1 << x)
                    s ^= lowz
                rest = self._search(tuple(nxt), k - 1)
                if rest is not None:
                    return [matching, *rest]
            smaller |= low
            if (adj[x] & ~smaller).bit_count() < k:
                break
        self._failed.add(key)
        return None


def max_rounds_bound(adj: Sequence[int]) -> int:
    """An upper bound on how many more rounds fit: the minimum degree."""
    return min((a.bit_count() for a in adj), default=0)


__all__ = [
    "Budget",
    "BudgetExhausted",
    "DisjointMatchings",
    "Verdict",
    "dirac_guarantees",
    "max_rounds_bound",
]
