"""Swiss pairing by maximum-weight matching (rustworkx), criteria in strict priority.

Every allowed game is an edge of a graph whose nodes are the players to pair (plus a bye node when
their number is odd). An edge's weight is a big integer built from penalties, each criterion a
"digit" large enough that the whole matching's lower criteria never outweigh one unit of a higher
one, so the maximum-weight perfect matching minimises the criteria lexicographically.

In order of priority:

1. (a) no rematch: no edge at all;
2. (b) no second bye: the bye node is joined only to players without a bye;
3. (c) look-ahead: the round must leave the rest of the event pairable. The chosen matching is
   checked (``lookahead``); if it fails, the next-best matchings are enumerated (Murty), then a
   guided search runs, until one passes. Then, as weight digits from the highest:
4. (b) the bye goes to the lowest-ranked player without one (``bye_policy="lowest-score"``:
   anybody in the lowest score group, the rest of the pairing deciding, lower-ranked first);
5. (e) first-move limits as compatibility: never three in a row the same, |firsts - seconds| <= 2;
6. (d) smallest score differences: their sum, in half points;
7. (e) first-move dues: fewest players not given their due, then the weakest such dues (a balance
   due outranks plain alternation);
8. (d) fewer large score differences: the sum of their squares;
9. (f) no repeated float (the same direction as last round, then as two rounds ago);
10. (g) top half v bottom half inside a score group (S1 v S2), floaters from the bottom of the
    group above to the top of the group below.

The look-ahead ranks above the bye preference so that the event never stalls while a
continuation exists, and the first-move limits above score differences so that they hold
whenever they can (as in FIDE's Dutch system, where they are absolute criteria).
"""

from __future__ import annotations

import functools
import heapq
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import rustworkx as rx

from .firstmove import Due, choose_first, due_of, pair_cost
from .lookahead import Budget, BudgetExhausted, DisjointMatchings, Verdict, dirac_guarantees
from .model import NoPairingError, Pairing, PlayerState, RoundPairing, format_score

#: Up to this many nodes every allowed game is an edge; above, edges are restricted to a window
#: around each player's ideal opponents, widened while the result looks improvable.
FULL_GRAPH_LIMIT = 80
#: Initial half-width of the edge window for large fields.
WINDOW = 12
#: Look-ahead searches only fields up to this many nodes (larger ones rely on the degree bound).
LOOKAHEAD_NODE_LIMIT = 48
#: How many best matchings (in weight order) are tried before the guided search.
MURTY_CANDIDATES = 40
#: Step budget of the look-ahead searches of one round.
LOOKAHEAD_BUDGET = 300_000

Edge = tuple[int, int]


@dataclass(slots=True)
class _Node:
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


def _half_points(score: float) -> int:
    return int(round(score * 2))


class _Problem:
    """The weighted graph of one Swiss round."""

    def __init__(self, field: Sequence[PlayerState], bye_policy: str = "lowest-ranked") -> None:
        if bye_policy not in BYE_POLICIES:
            raise ValueError(f"unknown bye policy {bye_policy!r}")
        self.bye_policy = bye_policy
        order = sorted(field, key=lambda p: (-p.score, p.rank, p.id))
        halves = [_half_points(p.score) for p in order]
        group_of: dict[int, int] = {}
        for h in halves:
            if h not in group_of:
                group_of[h] = len(group_of)
        sizes: dict[int, int] = {}
        for h in halves:
            sizes[h] = sizes.get(h, 0) + 1
        seen: dict[int, int] = {}
        nodes: list[_Node] = []
        for i, (p, h) in enumerate(zip(order, halves, strict=True)):
            pos = seen.get(h, 0)
            seen[h] = pos + 1
            nodes.append(
                _Node(
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
        # Bye order: lowest-ranked (bottom of the pairing order) first.
        self.bye_order = [nd.idx for nd in reversed(nodes) if nd.st.byes == 0]
        self.bye_rank = {idx: k for k, idx in enumerate(self.bye_order)}
        levels: dict[int, int] = {}
        for idx in self.bye_order:
            levels.setdefault(nodes[idx].half, len(levels))
        self.bye_level = {idx: levels[nodes[idx].half] for idx in self.bye_order}
        self.scale = self._make_scale()
        self._weights: dict[Edge, int] = {}

    # -- weights ------------------------------------------------------------------------------

    def _make_scale(self) -> tuple[list[int], int]:
        """Multipliers of the criteria (same order as ``CRITERIA``) and the base weight.

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
        }
        multipliers: dict[str, int] = {}
        m = 1
        for name in reversed(CRITERIA):
            multipliers[name] = m
            m *= pairs * bounds[name] + 1
        return [multipliers[name] for name in CRITERIA], m

    def penalties(self, u: int, v: int) -> tuple[int, ...]:
        """Penalties of the edge u-v (u < v; v may be the bye node), in ``CRITERIA`` order:
        bye position from the bottom, first-move limit breaks, score difference (half points),
        unmet first-move dues and their strength, squared score difference, repeated floats,
        distance from the S1 v S2 ideal (and, with the "lowest-score" bye policy, the bye's
        rank inside the lowest score group)."""
        if v == self.bye:
            nd = self.nodes[u]
            f = (2 if nd.last_float == "down" else 0) + (1 if nd.prev_float == "down" else 0)
            if self.bye_policy == "lowest-ranked":
                return (self.bye_rank[u], 0, 0, 0, 0, 0, f, 0, 0)
            return (self.bye_level[u], 0, 0, 0, 0, 0, f, 0, self.bye_rank[u])
        a, b = self.nodes[u], self.nodes[v]
        hard, count, strength = pair_cost(a.due, b.due)
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
        return (0, hard, h, count, strength, h * h, f, g, 0)

    def weight(self, u: int, v: int) -> int:
        key = (u, v)
        w = self._weights.get(key)
        if w is None:
            mult, base = self.scale
            w = base - sum(p * m for p, m in zip(self.penalties(u, v), mult, strict=True))
            self._weights[key] = w
        return w

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
        graph = rx.PyGraph(multigraph=False)
        graph.add_nodes_from(range(self.n_nodes))
        graph.add_edges_from(
            [
                (u, v, self.weight(u, v))
                for (u, v) in edges
                if (u, v) not in forbidden and u not in covered and v not in covered
            ]
        )
        matched = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        if 2 * (len(matched) + len(forced)) != self.n_nodes:
            return None
        result = frozenset((min(a, b), max(a, b)) for a, b in matched) | forced
        return sum(self.weight(u, v) for u, v in result), result


def _improvable(problem: _Problem, matching: frozenset[Edge]) -> bool:
    """Does a restricted-window result look like a wider window could do better?"""
    for u, v in matching:
        if v == problem.bye:
            if problem.penalties(u, v)[0] > 0:
                return True
            continue
        if problem.penalties(u, v)[1]:
            return True
        if abs(problem.nodes[u].group - problem.nodes[v].group) > 1:
            return True
    return False


class _LookAhead:
    """Checks candidate rounds against the graph of allowed future games."""

    def __init__(
        self,
        problem: _Problem,
        future: Sequence[PlayerState],
        k_needed: int,
    ) -> None:
        self.problem = problem
        fut = sorted(future, key=lambda p: (-p.score, p.rank, p.id))
        self.index = {p.id: i for i, p in enumerate(fut)}
        n = len(fut)
        self.has_bye = n % 2 == 1
        self.bye = n
        self.n_nodes = n + (1 if self.has_bye else 0)
        ids = set(self.index)
        met = {p.id: set(p.opponents) & ids for p in fut}
        for p in fut:
            for o in met[p.id]:
                met[o].add(p.id)
        self._fut = fut
        self._met = met
        # Degrees in the graph of allowed future games, after this round (a lower bound: exact
        # unless a player gets this round's bye while the future field is even).
        playing_now = {nd.st.id for nd in problem.nodes}
        after = []
        for p in fut:
            degree = n - 1 - len(met[p.id]) + (1 if self.has_bye and p.byes == 0 else 0)
            after.append(degree - (1 if p.id in playing_now else 0))
        if self.has_bye:
            degree = sum(1 for p in fut if p.byes == 0)
            after.append(degree - (1 if problem.has_bye else 0))
        self.after = after
        self.k_needed = k_needed
        self.k = max(0, min([k_needed, *after])) if after else 0
        self.searchable = self.n_nodes <= LOOKAHEAD_NODE_LIMIT
        self.budget = Budget(LOOKAHEAD_BUDGET)
        self.dm = DisjointMatchings(self.n_nodes, self.budget)
        self.unknown = False

    def is_trivial(self) -> bool:
        return self.k <= 0 or dirac_guarantees(self.after, self.n_nodes, self.k)

    def lower_target(self, notes: list[str]) -> None:
        """No matching keeps ``k`` more rounds pairable: aim for one round fewer."""
        self.k -= 1
        notes.append(
            f"look-ahead: no pairing keeps {self.k + 1} more round(s) pairable; aiming for {self.k}"
        )

    @functools.cached_property
    def base(self) -> list[int]:
        """Bit masks of the allowed future games (built only when a search is needed)."""
        adj = [0] * self.n_nodes
        for i, p in enumerate(self._fut):
            for j, q in enumerate(self._fut):
                if i != j and q.id not in self._met[p.id]:
                    adj[i] |= 1 << j
            if self.has_bye and p.byes == 0:
                adj[i] |= 1 << self.bye
                adj[self.bye] |= 1 << i
        return adj

    def residual(self, matching: frozenset[Edge]) -> list[int]:
        adj = list(self.base)
        pb = self.problem
        for u, v in matching:
            a = self.index[pb.nodes[u].st.id]
            if v == pb.bye:
                if self.has_bye:
                    adj[a] &= ~(1 << self.bye)
                    adj[self.bye] &= ~(1 << a)
                continue
            b = self.index[pb.nodes[v].st.id]
            adj[a] &= ~(1 << b)
            adj[b] &= ~(1 << a)
        return adj

    def verdict(self, matching: frozenset[Edge]) -> Verdict:
        if self.is_trivial():
            return Verdict.YES
        if not self.searchable:
            self.unknown = True
            return Verdict.UNKNOWN
        v = self.dm.check(self.residual(matching), self.k)
        if v is Verdict.UNKNOWN:
            self.unknown = True
        return v


def _guided_matchings(
    problem: _Problem, edges: Sequence[Edge], budget: Budget
) -> Iterator[frozenset[Edge]]:
    """Perfect matchings of the round in a good-first order: lowest bye first, then each most
    constrained player with their best-weighted opponents first."""
    n = problem.n
    options: list[list[int]] = [[] for _ in range(problem.n_nodes)]
    for u, v in edges:
        options[u].append(v)
        options[v].append(u)
    for u in range(problem.n_nodes):
        options[u].sort(key=lambda v, u=u: (-problem.weight(min(u, v), max(u, v)), v))

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


def _choose_matching(
    problem: _Problem,
    edges: Sequence[Edge],
    best: tuple[int, frozenset[Edge]],
    look: _LookAhead | None,
    notes: list[str],
) -> frozenset[Edge]:
    """The best matching (by weight) that passes the look-ahead.

    First the matchings are enumerated best-first (Murty's partition of the solution space,
    ``MURTY_CANDIDATES`` of them); then a guided depth-first search over the round's matchings
    (lowest bye first, best-weighted opponents first) runs until the step budget is spent. If no
    matching keeps ``k`` more rounds pairable, ``k`` is lowered: the event goes as far as it can.
    """
    if look is None or look.is_trivial():
        return best[1]
    counter = itertools.count()
    heap: list[tuple[int, int, frozenset[Edge], frozenset[Edge], frozenset[Edge]]] = [
        (-best[0], next(counter), best[1], frozenset(), frozenset())
    ]
    tried = 0
    while heap and tried < MURTY_CANDIDATES:
        _, _, matching, forced, forbidden = heapq.heappop(heap)
        tried += 1
        if look.verdict(matching) is not Verdict.NO:
            return matching
        free = sorted(matching - forced)
        for i, e in enumerate(free):
            sub_forced = forced | frozenset(free[:i])
            sub_forbidden = forbidden | {e}
            sub = problem.solve(edges, sub_forced, sub_forbidden)
            if sub is not None:
                heapq.heappush(heap, (-sub[0], next(counter), sub[1], sub_forced, sub_forbidden))
    if not heap:
        look.lower_target(notes)
    while look.k > 0 and not look.is_trivial():
        try:
            for matching in _guided_matchings(problem, edges, look.budget):
                if look.verdict(matching) is not Verdict.NO:
                    return matching
        except BudgetExhausted:
            look.unknown = True
            return best[1]
        look.lower_target(notes)
    return best[1]


def pair_swiss(
    players: Sequence[PlayerState],
    round_number: int,
    total_rounds: int,
    *,
    bye_policy: str = "lowest-ranked",
) -> RoundPairing:
    active = [p for p in players if p.active]
    field = [p for p in active if not p.wants_bye]
    requested = sorted(p.id for p in active if p.wants_bye)
    absent = sorted(p.id for p in players if not p.active)
    notes: list[str] = []
    if not field:
        return RoundPairing(round_number, "swiss", [], requested, absent, notes)
    problem = _Problem(field, bye_policy)
    if problem.has_bye and not problem.bye_order:
        raise NoPairingError(
            "the number of players to pair is odd and every one of them has already had a bye"
        )

    # Best matching, on the full graph or on a widening window for large fields.
    if problem.n_nodes <= FULL_GRAPH_LIMIT:
        edges = problem.all_edges()
        best = problem.solve(edges)
    else:
        width = WINDOW
        edges = problem.window_edges(width)
        best = problem.solve(edges)
        while width < problem.n and (best is None or _improvable(problem, best[1])):
            width *= 2
            wider_edges = problem.window_edges(width)
            wider = problem.solve(wider_edges)
            if wider is not None and (best is None or wider[0] > best[0]):
                best, edges = wider, wider_edges
            elif best is not None:
                break
    if best is None:
        raise NoPairingError(_why_unpairable(problem))

    look: _LookAhead | None = None
    k_needed = total_rounds - round_number
    if k_needed > 0:
        look = _LookAhead(problem, active, k_needed)
        if look.k < k_needed:
            notes.append(
                f"only {look.k} more round(s) can follow without rematches or second byes "
                f"(event set to {total_rounds} rounds)"
            )
    chosen = _choose_matching(problem, edges, best, look, notes)
    if look is not None and look.unknown:
        notes.append("look-ahead inconclusive within its search budget")
    changed = chosen != best[1]
    if changed and look is not None:
        notes.append(
            "look-ahead: the best-scoring pairing would leave later rounds unpairable; "
            "an alternative was chosen"
        )
    pairings = _build(problem, chosen, best[1], round_number, total_rounds)
    return RoundPairing(round_number, "swiss", pairings, requested, absent, notes)


def _why_unpairable(problem: _Problem) -> str:
    lonely = [
        nd
        for nd in problem.nodes
        if all(v in problem.met[nd.idx] for v in range(problem.n) if v != nd.idx)
        and not (problem.has_bye and nd.idx in problem.bye_rank)
    ]
    if lonely:
        names = ", ".join(f"#{nd.st.rank}" for nd in lonely)
        return f"no legal pairing: {names} already met every other player to be paired"
    return f"no legal pairing of the {problem.n} players: every arrangement needs a rematch" + (
        " or a second bye" if problem.has_bye else ""
    )


def _build(
    problem: _Problem,
    chosen: frozenset[Edge],
    unconstrained: frozenset[Edge],
    round_number: int,
    total_rounds: int,
) -> list[Pairing]:
    games: list[tuple[_Node, _Node]] = []
    bye_node: _Node | None = None
    for u, v in sorted(chosen):
        if v == problem.bye:
            bye_node = problem.nodes[u]
        else:
            games.append((problem.nodes[u], problem.nodes[v]))
    games.sort(key=lambda g: (-g[0].half, -g[1].half, g[0].idx, g[1].idx))
    dues = {nd.st.id: nd.due for nd in problem.nodes}
    out: list[Pairing] = []
    for board, (a, b) in enumerate(games, start=1):
        first, _second, why = choose_first(a.st, b.st, a_ranks_higher=True, board=board, dues=dues)
        reason = _pair_text(a, b)
        reason += f"; #{first.rank} moves first ({why})"
        if (a.idx, b.idx) not in unconstrained:
            last = (
                f"{round_number + 1}-{total_rounds}"
                if total_rounds > round_number + 1
                else (f"{total_rounds}")
            )
            reason += f"; look-ahead: keeps round(s) {last} pairable"
        second = b.st if first is a.st else a.st
        out.append(Pairing(board=board, first=first.id, second=second.id, reason=reason))
    if bye_node is not None:
        out.append(
            Pairing(
                board=len(out) + 1,
                first=bye_node.st.id,
                second=None,
                reason=_bye_text(problem, bye_node, unconstrained),
            )
        )
    return out


def _pair_text(a: _Node, b: _Node) -> str:
    if a.group == b.group:
        half = a.gsize // 2
        if a.pos < half <= b.pos:
            where = (
                "top half v bottom half"
                if b.pos - a.pos == half
                else "top half v bottom half, transposed"
            )
        elif b.pos < half:
            where = "both from the top half"
        else:
            where = "both from the bottom half"
        return f"score group {format_score(a.st.score)}: #{a.st.rank} v #{b.st.rank} ({where})"
    text = (
        f"score groups {format_score(a.st.score)} v {format_score(b.st.score)}: "
        f"#{a.st.rank} floats down to #{b.st.rank}"
    )
    again = []
    if a.last_float == "down":
        again.append(f"#{a.st.rank} floated down last round too")
    if b.last_float == "up":
        again.append(f"#{b.st.rank} floated up last round too")
    if again:
        text += " (" + "; ".join(again) + ")"
    return text


def _names(nodes: Sequence[_Node], limit: int = 4) -> str:
    names = [f"#{nd.st.rank}" for nd in nodes]
    if len(names) <= limit:
        return ", ".join(names)
    return ", ".join(names[:limit]) + f" and {len(names) - limit} more"


def _bye_text(problem: _Problem, nd: _Node, unconstrained: frozenset[Edge]) -> str:
    k = problem.bye_rank[nd.idx]
    had = [other for other in problem.nodes[nd.idx + 1 :] if other.st.byes > 0]
    lower = _names([problem.nodes[i] for i in problem.bye_order[:k]])
    if k == 0:
        text = f"bye: #{nd.st.rank}, the lowest-ranked player without a bye"
    elif (nd.idx, problem.bye) not in unconstrained:
        text = (
            f"bye: #{nd.st.rank}; a bye to lower-ranked {lower} "
            "would leave later rounds unpairable (look-ahead)"
        )
    elif problem.bye_policy == "lowest-score" and problem.bye_level[nd.idx] == 0:
        text = (
            f"bye: #{nd.st.rank}, lowest score group without a bye "
            f"(pairs the rest better than a bye to lower-ranked {lower})"
        )
    else:
        text = (
            f"bye: #{nd.st.rank}; a bye to lower-ranked {lower} "
            "would leave others with only rematches"
        )
    if had:
        text += f" ({_names(had)} already had a bye)"
    return text


__all__ = ["BYE_POLICIES", "CRITERIA", "pair_swiss"]
