"""The weighted graph of one Swiss round and its maximum-weight matchings (rustworkx).

Every allowed game is an edge of a graph whose nodes are the players to pair (plus a bye node when
their number is odd). An edge's penalties, one per criterion, are packed into one integer weight,
each criterion a "digit" large enough that the whole matching's lower criteria never outweigh one
unit of a higher one, so the maximum-weight perfect matching minimises the criteria
lexicographically. The criteria and their order are described in ``swiss``, which runs the round.

rustworkx keeps weights in 128-bit integers and its blossom algorithm doubles them, so the digits
are sized to the edges actually solved (the largest penalty of each criterion on them, times the
number of pairs, or once for criteria only the bye edge carries), not to the worst case. If a
field is so large that the packed weight would still pass ``WEIGHT_BITS``, the lowest criteria are
coarsened (halved) until it fits, and ``Problem.coarsened`` names them; the higher criteria stay
exact. Matchings are compared in Python with exact (unbounded) weights.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import rustworkx as rx

from .firstmove import Due, due_of, pair_cost
from .lookahead import Budget
from .model import PlayerState

Edge = tuple[int, int]


@dataclass(slots=True)
class Node:
    st: PlayerState
    idx: int  # position in pairing order (score desc, rank asc)
    half: int  # score in half points
    group: int  # score group index, 0 = top
    pos: int  # position inside the score group
    gsize: int
    due: Due
    last_float: str | None
    prev_float: str | None


#: The criteria in weight order, highest first (see the module doc).
CRITERIA = (
    "forbidden",
    "bye_barred",
    "bye",
    "limits",
    "diff",
    "dues",
    "due_strength",
    "diff2",
    "floats",
    "halves",
    "bye_rank",
)

#: Who gets the bye: MSO rules give it to the lowest-ranked player without one
#: ("lowest-ranked"); FIDE Dutch only requires the lowest score and lets the rest of the pairing
#: choose among that score group, lower-ranked first ("lowest-score").
BYE_POLICIES = ("lowest-ranked", "lowest-score")


#: Packed weights stay below 2**WEIGHT_BITS: rustworkx's blossom algorithm works in signed
#: 128-bit integers and needs headroom for twice the largest weight in its dual variables.
WEIGHT_BITS = 120

#: Criteria carried only by the bye edge (one per matching: their digit needs no factor of pairs).
_BYE_ONLY = frozenset({"bye_barred", "bye", "bye_rank"})


#: Few distinct dues meet in a round: seat each kind of pair once.
_pair_cost = functools.lru_cache(maxsize=4096)(pair_cost)


def half_points(score: float) -> int:
    return int(round(score * 2))


class Problem:
    """The weighted graph of one Swiss round."""

    def __init__(self, field: Sequence[PlayerState], bye_policy: str = "lowest-ranked") -> None:
        if bye_policy not in BYE_POLICIES:
            raise ValueError(f"unknown bye policy {bye_policy!r}")
        self.bye_policy = bye_policy
        order = sorted(field, key=lambda p: (-p.score, p.rank, p.id))
        halves = [half_points(p.score) for p in order]
        group_of: dict[int, int] = {}
        for h in halves:
            if h not in group_of:
                group_of[h] = len(group_of)
        sizes: dict[int, int] = {}
        for h in halves:
            sizes[h] = sizes.get(h, 0) + 1
        seen: dict[int, int] = {}
        nodes: list[Node] = []
        for i, (p, h) in enumerate(zip(order, halves, strict=True)):
            pos = seen.get(h, 0)
            seen[h] = pos + 1
            nodes.append(
                Node(
                    st=p,
                    idx=i,
                    half=h,
                    group=group_of[h],
                    pos=pos,
                    gsize=sizes[h],
                    due=due_of(p.firsts),
                    last_float=p.floats[-1] if p.floats else None,
                    prev_float=p.floats[-2] if len(p.floats) >= 2 else None,
                )
            )
        self.nodes = nodes
        self.n = len(nodes)
        self.has_bye = self.n % 2 == 1
        self.bye = self.n  # index of the bye node
        self.n_nodes = self.n + (1 if self.has_bye else 0)
        met: list[set[int]] = []
        index = {nd.st.id: nd.idx for nd in nodes}
        for nd in nodes:
            s = {index[o] for o in nd.st.opponents if o in index}
            met.append(s)
        for i, s in enumerate(met):  # symmetric: a game recorded on either side counts
            for j in s:
                met[j].add(i)
        self.met = met
        # Directors' restrictions, symmetric like the games met.
        forbidden: list[set[int]] = [set() for _ in nodes]
        for nd in nodes:
            for o in nd.st.forbidden:
                other = index.get(o)
                if other is not None and other != nd.idx:
                    forbidden[nd.idx].add(other)
                    forbidden[other].add(nd.idx)
        self.forbidden = forbidden
        #: Players who won a game by forfeit: no bye while another player can take it.
        self.bye_barred = {nd.idx for nd in nodes if nd.st.forfeit_wins > 0}
        #: Criteria coarsened to keep the packed weights in range (see the module doc).
        self.coarsened: set[str] = set()
        # Bye order: lowest-ranked (bottom of the pairing order) first.
        self.bye_order = [nd.idx for nd in reversed(nodes) if nd.st.byes == 0]
        self.bye_rank = {idx: k for k, idx in enumerate(self.bye_order)}
        levels: dict[int, int] = {}
        for idx in self.bye_order:
            levels.setdefault(nodes[idx].half, len(levels))
        self.bye_level = {idx: levels[nodes[idx].half] for idx in self.bye_order}
        self.scale = self._make_scale()
        self._weights: dict[Edge, int] = {}
        self._penalties: dict[Edge, tuple[int, ...]] = {}
        self._last_packed: tuple[Sequence[Edge], dict[Edge, int]] | None = None

    # -- weights ------------------------------------------------------------------------------

    def _make_scale(self) -> tuple[list[int], int]:
        """Exact multipliers of the criteria (same order as ``CRITERIA``) and the base weight, for
        comparing matchings in Python (unbounded integers; rustworkx gets ``_pack``'s).

        Each multiplier exceeds the largest total the lower criteria can reach over a whole
        matching, so the weights compare matchings lexicographically."""
        pairs = self.n_nodes // 2 + 1
        max_group = max((nd.gsize for nd in self.nodes), default=1)
        halves = [nd.half for nd in self.nodes] or [0]
        spread = max(halves) - min(halves)
        bounds = {
            "bye_rank": self.n + 1,
            "halves": 2 * max_group + 2,
            "floats": 6,
            "due_strength": 3,
            "dues": 2,
            "diff2": spread * spread,
            "diff": spread,
            "limits": 2,
            "bye": self.n + 1,
            "bye_barred": 1,
            "forbidden": 1,
        }
        multipliers: dict[str, int] = {}
        m = 1
        for name in reversed(CRITERIA):
            multipliers[name] = m
            m *= pairs * bounds[name] + 1
        return [multipliers[name] for name in CRITERIA], m

    def penalties(self, u: int, v: int) -> tuple[int, ...]:
        """Penalties of the edge u-v (u < v; v may be the bye node), in ``CRITERIA`` order:
        a forbidden pair, a bye to a player who won by forfeit, bye position from the bottom,
        first-move limit breaks, score difference (half points), unmet first-move dues and their
        strength, squared score difference, repeated floats, distance from the S1 v S2 ideal
        (and, with the "lowest-score" bye policy, the bye's rank inside the lowest score group)."""
        if v == self.bye:
            nd = self.nodes[u]
            f = (2 if nd.last_float == "down" else 0) + (1 if nd.prev_float == "down" else 0)
            barred = 1 if u in self.bye_barred else 0
            if self.bye_policy == "lowest-ranked":
                return (0, barred, self.bye_rank[u], 0, 0, 0, 0, 0, f, 0, 0)
            return (0, barred, self.bye_level[u], 0, 0, 0, 0, 0, f, 0, self.bye_rank[u])
        a, b = self.nodes[u], self.nodes[v]
        hard, count, strength = _pair_cost(a.due, b.due)
        h = abs(a.half - b.half)
        if a.group == b.group:
            half = a.gsize // 2
            g = abs(b.pos - a.pos - half)
            f = 0
        else:
            hi, lo = (a, b) if a.half > b.half else (b, a)
            g = (hi.gsize - 1 - hi.pos) + lo.pos
            f = (
                (2 if hi.last_float == "down" else 0)
                + (2 if lo.last_float == "up" else 0)
                + (1 if hi.prev_float == "down" else 0)
                + (1 if lo.prev_float == "up" else 0)
            )
        forbidden = 1 if v in self.forbidden[u] else 0
        return (forbidden, 0, 0, hard, h, count, strength, h * h, f, g, 0)

    def penalty(self, u: int, v: int) -> tuple[int, ...]:
        """``penalties`` of the edge, cached."""
        key = (u, v)
        p = self._penalties.get(key)
        if p is None:
            p = self.penalties(u, v)
            self._penalties[key] = p
        return p

    def weight(self, u: int, v: int) -> int:
        """Exact weight of the edge (unbounded; for comparing matchings in Python)."""
        key = (u, v)
        w = self._weights.get(key)
        if w is None:
            mult, base = self.scale
            w = base - sum(p * m for p, m in zip(self.penalty(u, v), mult, strict=True))
            self._weights[key] = w
        return w

    def _pack(self, edges: Sequence[Edge]) -> tuple[tuple[int, ...], list[int], int]:
        """Shifts, multipliers and base of the packed weights for ``edges`` (module doc)."""
        pairs = self.n_nodes // 2
        game = [self.penalty(u, v) for u, v in edges if v != self.bye]
        bye = [self.penalty(u, v) for u, v in edges if v == self.bye]
        k = len(CRITERIA)
        game_max = [max(col) for col in zip(*game, strict=True)] if game else [0] * k
        bye_max = [max(col) for col in zip(*bye, strict=True)] if bye else [0] * k
        shifts = [0] * k
        while True:
            multipliers = [0] * k
            m = 1
            for i in reversed(range(k)):
                multipliers[i] = m
                top_game = game_max[i] >> shifts[i]
                top_bye = bye_max[i] >> shifts[i]
                if CRITERIA[i] in _BYE_ONLY and top_game == 0:
                    bound = top_bye
                else:
                    bound = pairs * max(top_game, top_bye)
                m *= bound + 1
            if m.bit_length() <= WEIGHT_BITS:
                return tuple(shifts), multipliers, m
            for i in reversed(range(k)):  # coarsen the lowest criterion that still has a range
                if max(game_max[i], bye_max[i]) >> shifts[i] > 1:
                    shifts[i] += 1
                    self.coarsened.add(CRITERIA[i])
                    break
            else:  # pragma: no cover - every criterion is 0/1: far beyond 10**30 players
                raise OverflowError("the round's criteria do not fit in 128-bit weights")

    def packed_weights(self, edges: Sequence[Edge]) -> dict[Edge, int]:
        """Weights for rustworkx (below 2**WEIGHT_BITS), sized to ``edges``."""
        shifts, multipliers, base = self._pack(edges)
        penalty = self.penalty
        if any(shifts):
            return {
                e: base
                - sum(
                    (p >> sh) * m for p, sh, m in zip(penalty(*e), shifts, multipliers, strict=True)
                )
                for e in edges
            }
        mul = operator.mul
        return {e: base - sum(map(mul, penalty(*e), multipliers)) for e in edges}

    # -- candidate edges ----------------------------------------------------------------------

    def all_edges(self) -> list[Edge]:
        edges = [
            (u, v) for u in range(self.n) for v in range(u + 1, self.n) if v not in self.met[u]
        ]
        if self.has_bye:
            edges.extend((u, self.bye) for u in sorted(self.bye_order))
        return edges

    def window_edges(self, width: int) -> list[Edge]:
        """Edges near each player's ideal opponents (same group S1 v S2, and neighbours)."""
        if width >= self.n:
            return self.all_edges()
        edges: set[Edge] = set()
        members: dict[int, list[int]] = {}
        for nd in self.nodes:
            members.setdefault(nd.group, []).append(nd.idx)
        for nd in self.nodes:
            grp = members[nd.group]
            half = nd.gsize // 2
            ideal = nd.pos + half if nd.pos < half else nd.pos - half
            lo = max(0, ideal - width)
            hi = min(nd.gsize, ideal + width + 1)
            for j in itertools.chain(range(lo, hi), range(max(0, nd.pos - width // 2), nd.pos)):
                other = grp[j]
                if other != nd.idx:
                    edges.add((min(nd.idx, other), max(nd.idx, other)))
            for other in range(nd.idx + 1, min(self.n, nd.idx + width + 1)):
                edges.add((nd.idx, other))
        result = sorted(e for e in edges if e[1] not in self.met[e[0]])
        if self.has_bye:
            result.extend((u, self.bye) for u in sorted(self.bye_order[: 2 * width]))
        return result

    # -- matching -----------------------------------------------------------------------------

    def _packed_for(self, edges: Sequence[Edge]) -> dict[Edge, int]:
        # Murty's enumeration solves the same edge list many times: pack it once.
        cached = self._last_packed
        if cached is not None and cached[0] is edges:
            return cached[1]
        packed = self.packed_weights(edges)
        self._last_packed = (edges, packed)
        return packed

    def solve(
        self,
        edges: Sequence[Edge],
        forced: frozenset[Edge] = frozenset(),
        forbidden: frozenset[Edge] = frozenset(),
    ) -> tuple[int, frozenset[Edge]] | None:
        """Maximum-weight perfect matching using ``edges`` (with forced / forbidden edges)."""
        covered: set[int] = set()
        for u, v in forced:
            covered.add(u)
            covered.add(v)
        packed = self._packed_for(edges)
        graph = rx.PyGraph(multigraph=False)
        graph.add_nodes_from(range(self.n_nodes))
        graph.add_edges_from(
            [
                (u, v, packed[(u, v)])
                for (u, v) in edges
                if (u, v) not in forbidden and u not in covered and v not in covered
            ]
        )
        matched = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        if 2 * (len(matched) + len(forced)) != self.n_nodes:
            return None
        result = frozenset((min(a, b), max(a, b)) for a, b in matched) | forced
        return sum(self.weight(u, v) for u, v in result), result


def improvable(problem: Problem, matching: frozenset[Edge]) -> bool:
    """Does a restricted-window result look like a wider window could do better?"""
    for u, v in matching:
        pen = problem.penalty(u, v)
        if pen[0] or pen[1]:  # a forbidden pair or a barred bye: a wider window may avoid it
            return True
        if v == problem.bye:
            if pen[2] > 0:
                return True
            continue
        if pen[3]:
            return True
        if abs(problem.nodes[u].group - problem.nodes[v].group) > 1:
            return True
    return False


def _best_first(problem: Problem, u: int, v: int) -> tuple[int, int]:
    """Sort key of ``u``'s opponent ``v``: heaviest edge first, then by index."""
    return (-problem.weight(min(u, v), max(u, v)), v)


def guided_matchings(
    problem: Problem, edges: Sequence[Edge], budget: Budget
) -> Iterator[frozenset[Edge]]:
    """Perfect matchings of the round in a good-first order: lowest bye first, then each most
    constrained player with their best-weighted opponents first."""
    n = problem.n
    options: list[list[int]] = [[] for _ in range(problem.n_nodes)]
    for u, v in edges:
        options[u].append(v)
        options[v].append(u)
    for u in range(problem.n_nodes):
        options[u].sort(key=functools.partial(_best_first, problem, u))

    def rec(unmatched: set[int]) -> Iterator[list[Edge]]:
        if not unmatched:
            yield []
            return
        budget.spend()
        best = min(
            unmatched,
            key=lambda x: (sum(1 for y in options[x] if y in unmatched), x),
        )
        rest = unmatched - {best}
        for w in options[best]:
            if w in rest:
                for tail in rec(rest - {w}):
                    tail.append((min(best, w), max(best, w)))
                    yield tail

    players = set(range(n))
    if problem.has_bye:
        for idx in problem.bye_order:
            if (idx, problem.bye) not in set(edges):
                continue
            for m in rec(players - {idx}):
                yield frozenset([*m, (idx, problem.bye)])
    else:
        for m in rec(players):
            yield frozenset(m)


__all__ = [
    "BYE_POLICIES",
    "CRITERIA",
    "Edge",
    "Node",
    "Problem",
    "WEIGHT_BITS",
    "guided_matchings",
    "half_points",
    "improvable",
]
