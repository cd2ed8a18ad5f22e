"""Swiss pairing by maximum-weight matching, criteria in strict priority.

Every allowed game is an edge of a graph whose nodes are the players to pair (plus a bye node when
their number is odd). An edge's weight is a big integer built from penalties, each criterion a
"digit" large enough that the whole matching's lower criteria never outweigh one unit of a higher
one, so the maximum-weight perfect matching minimises the criteria lexicographically (the graph,
its weights and matchings are in ``matching``; this module runs the round and explains it).

In order of priority:

1. (a) no rematch: no edge at all;
2. (b) no second bye: the bye node is joined only to players without a bye;
3. directors' restrictions: no forbidden pair, and no bye to a player who won a game by forfeit
   (RULINGS), while a pairing without them exists; if none does, the fewest, and the notes name
   each one that gave way (top weight digits, and the look-ahead only ever trades a restricted
   round for another equally restricted one);
4. (c) look-ahead: the round must leave the rest of the event pairable. The chosen matching is
   checked (``lookahead``); if it fails, the next-best matchings are enumerated (Murty), then a
   guided search runs, until one passes. Then, as weight digits from the highest:
5. (b) the bye goes to the lowest-ranked player without one (``bye_policy="lowest-score"``:
   anybody in the lowest score group, the rest of the pairing deciding, lower-ranked first);
6. (e) first-move limits as compatibility: never three in a row the same, |firsts - seconds| <= 2;
7. (d) smallest score differences: their sum, in half points;
8. (e) first-move dues: fewest players not given their due, then the weakest such dues (a balance
   due outranks plain alternation);
9. (d) fewer large score differences: the sum of their squares;
10. (f) no repeated float (the same direction as last round, then as two rounds ago);
11. (g) top half v bottom half inside a score group (S1 v S2), floaters from the bottom of the
    group above to the top of the group below.

The look-ahead ranks above the bye preference so that the event never stalls while a
continuation exists, and the first-move limits above score differences so that they hold
whenever they can (as in FIDE's Dutch system, where they are absolute criteria).
"""

from __future__ import annotations

import functools
import heapq
import itertools
from collections.abc import Sequence

from .firstmove import choose_first
from .lookahead import Budget, BudgetExhausted, DisjointMatchings, Verdict, dirac_guarantees
from .matching import BYE_POLICIES, CRITERIA, Edge, Node, Problem, guided_matchings, improvable
from .model import NoPairingError, Pairing, PlayerState, RoundPairing, format_score
from .notes import Arg, Note, listed, note, note_n

#: Up to this many nodes every allowed game is an edge; above, edges are restricted to a window
#: around each player's ideal opponents, widened while the result looks improvable.
FULL_GRAPH_LIMIT = 80
#: Initial half-width of the edge window for large fields.
WINDOW = 12
#: The window stops widening at this half-width (beyond, a 2,000-player round would take minutes
#: for a gain the criteria below the score difference rarely see).
MAX_WINDOW = 200
#: Look-ahead searches only fields up to this many nodes (larger ones rely on the degree bound).
LOOKAHEAD_NODE_LIMIT = 48
#: How many best matchings (in weight order) are tried before the guided search.
MURTY_CANDIDATES = 40
#: Step budget of the look-ahead searches of one round.
LOOKAHEAD_BUDGET = 300_000


class _LookAhead:
    """Checks candidate rounds against the graph of allowed future games."""

    def __init__(
        self,
        problem: Problem,
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

    def lower_target(self, notes: list[Note]) -> None:
        """No matching keeps ``k`` more rounds pairable: aim for one round fewer."""
        self.k -= 1
        notes.append(
            note(
                "look-ahead: no pairing keeps %(rounds)s more round(s) pairable; aiming for "
                "%(aim)s",
                rounds=self.k + 1,
                aim=self.k,
            )
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


def _choose_matching(
    problem: Problem,
    edges: Sequence[Edge],
    best: tuple[int, frozenset[Edge]],
    look: _LookAhead | None,
    notes: list[Note],
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
            for matching in guided_matchings(problem, edges, look.budget):
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
    top_seed_first: bool = True,
) -> RoundPairing:
    """A Swiss round (see the module doc). ``top_seed_first``: with no history, the
    higher-ranked player of board 1 moves first (TRF ``XXC white1`` / ``152 W``), else second."""
    active = [p for p in players if p.active]
    field = [p for p in active if not p.wants_bye]
    requested = sorted(p.id for p in active if p.wants_bye)
    absent = sorted(p.id for p in players if not p.active)
    notes: list[Note] = []
    if not field:
        return RoundPairing(round_number, "swiss", [], requested, absent, notes)
    problem = Problem(field, bye_policy)
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
        while width < min(problem.n, MAX_WINDOW) and (best is None or improvable(problem, best[1])):
            width *= 2
            wider_edges = problem.window_edges(width)
            wider = problem.solve(wider_edges)
            if wider is not None and (best is None or wider[0] > best[0]):
                best, edges = wider, wider_edges
            elif best is not None:
                break
    if best is None:
        raise NoPairingError(_why_unpairable(problem))
    # Each kind of restriction the best pairing keeps (no forbidden pair; no bye to a forfeit
    # winner), the alternatives of the look-ahead must keep too.
    for kind in (0, 1):
        if not any(problem.penalty(*e)[kind] for e in best[1]):
            edges = [e for e in edges if not problem.penalty(*e)[kind]]

    look: _LookAhead | None = None
    k_needed = total_rounds - round_number
    if k_needed > 0:
        look = _LookAhead(problem, active, k_needed)
        if look.k < k_needed:
            notes.append(
                note(
                    "only %(rounds)s more round(s) can follow without rematches or second byes "
                    "(event set to %(total)s rounds)",
                    rounds=look.k,
                    total=total_rounds,
                )
            )
    chosen = _choose_matching(problem, edges, best, look, notes)
    if look is not None and look.unknown:
        notes.append(note("look-ahead inconclusive within its search budget"))
    changed = chosen != best[1]
    if changed and look is not None:
        notes.append(
            note(
                "look-ahead: the best-scoring pairing would leave later rounds unpairable; "
                "an alternative was chosen"
            )
        )
    notes.extend(_gave_way(problem, chosen))
    if problem.coarsened:
        # The criteria by their names in ``CRITERIA`` (and the module doc), said as they are.
        notes.append(
            note(
                "field too large for exact weights: %(criteria)s compared in coarser steps",
                criteria=listed(sorted(problem.coarsened)),
            )
        )
    pairings = _build(problem, chosen, best[1], round_number, total_rounds, top_seed_first)
    return RoundPairing(round_number, "swiss", pairings, requested, absent, notes)


def _gave_way(problem: Problem, matching: frozenset[Edge]) -> list[Note]:
    """Notes naming each restriction the round could not keep."""
    notes = []
    for u, v in sorted(matching):
        forbidden, barred = problem.penalty(u, v)[:2]
        if forbidden:
            a, b = sorted((problem.nodes[u].st, problem.nodes[v].st), key=lambda p: p.rank)
            notes.append(
                note(
                    "restriction gave way: #%(first)s v #%(second)s is a forbidden pair, but no "
                    "pairing of this round keeps every forbidden pair apart without a rematch or "
                    "a second bye",
                    first=a.rank,
                    second=b.rank,
                )
            )
        if barred:
            st = problem.nodes[u].st
            notes.append(
                note(
                    "restriction gave way: #%(rank)s won by forfeit but gets the bye: no other "
                    "player can take it without a rematch, a second bye or a forbidden pair",
                    rank=st.rank,
                )
            )
    return notes


def _why_unpairable(problem: Problem) -> str:
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
    problem: Problem,
    chosen: frozenset[Edge],
    unconstrained: frozenset[Edge],
    round_number: int,
    total_rounds: int,
    top_seed_first: bool = True,
) -> list[Pairing]:
    games: list[tuple[Node, Node]] = []
    bye_node: Node | None = None
    for u, v in sorted(chosen):
        if v == problem.bye:
            bye_node = problem.nodes[u]
        else:
            games.append((problem.nodes[u], problem.nodes[v]))
    games.sort(key=lambda g: (-g[0].half, -g[1].half, g[0].idx, g[1].idx))
    dues = {nd.st.id: nd.due for nd in problem.nodes}
    out: list[Pairing] = []
    for board, (a, b) in enumerate(games, start=1):
        first, _second, why = choose_first(
            a.st, b.st, a_ranks_higher=True, board=board, dues=dues, top_seed_first=top_seed_first
        )
        reasons = [
            _pair_text(a, b),
            note("#%(rank)s moves first (%(why)s)", rank=first.rank, why=why),
        ]
        if (a.idx, b.idx) not in unconstrained:
            last = (
                f"{round_number + 1}-{total_rounds}"
                if total_rounds > round_number + 1
                else (f"{total_rounds}")
            )
            reasons.append(note("look-ahead: keeps round(s) %(rounds)s pairable", rounds=last))
        second = b.st if first is a.st else a.st
        out.append(Pairing(board, first.id, second.id, tuple(reasons)))
    if bye_node is not None:
        out.append(
            Pairing(
                board=len(out) + 1,
                first=bye_node.st.id,
                second=None,
                reasons=(_bye_text(problem, bye_node, unconstrained),),
            )
        )
    return out


def _pair_text(a: Node, b: Node) -> Note:
    if a.group == b.group:
        half = a.gsize // 2
        if a.pos < half <= b.pos:
            where = (
                note("top half v bottom half")
                if b.pos - a.pos == half
                else note("top half v bottom half, transposed")
            )
        elif b.pos < half:
            where = note("both from the top half")
        else:
            where = note("both from the bottom half")
        return note(
            "score group %(score)s: #%(first)s v #%(second)s (%(where)s)",
            score=format_score(a.st.score),
            first=a.st.rank,
            second=b.st.rank,
            where=where,
        )
    groups: dict[str, Arg] = {
        "higher": format_score(a.st.score),
        "lower": format_score(b.st.score),
        "first": a.st.rank,
        "second": b.st.rank,
    }
    again: list[Note] = []
    if a.last_float == "down":
        again.append(note("#%(rank)s floated down last round too", rank=a.st.rank))
    if b.last_float == "up":
        again.append(note("#%(rank)s floated up last round too", rank=b.st.rank))
    if again:
        return note(
            "score groups %(higher)s v %(lower)s: #%(first)s floats down to #%(second)s "
            "(%(again)s)",
            **groups,
            again=listed(again, "; "),
        )
    return note(
        "score groups %(higher)s v %(lower)s: #%(first)s floats down to #%(second)s", **groups
    )


def _names(nodes: Sequence[Node], limit: int = 4) -> Note:
    names = [f"#{nd.st.rank}" for nd in nodes]
    if len(names) <= limit:
        return listed(names)
    more = len(names) - limit
    return note_n(
        "%(names)s and %(count)s more",
        "%(names)s and %(count)s more",
        more,
        names=listed(names[:limit]),
    )


def _bye_text(problem: Problem, nd: Node, unconstrained: frozenset[Edge]) -> Note:
    k = problem.bye_rank[nd.idx]
    had = [other for other in problem.nodes[nd.idx + 1 :] if other.st.byes > 0]
    lower = _names([problem.nodes[i] for i in problem.bye_order[:k]])
    rank = nd.st.rank
    if k == 0:
        text = note("bye: #%(rank)s, the lowest-ranked player without a bye", rank=rank)
    elif (nd.idx, problem.bye) not in unconstrained:
        text = note(
            "bye: #%(rank)s; a bye to lower-ranked %(lower)s would leave later rounds "
            "unpairable (look-ahead)",
            rank=rank,
            lower=lower,
        )
    elif problem.bye_policy == "lowest-score" and problem.bye_level[nd.idx] == 0:
        text = note(
            "bye: #%(rank)s, lowest score group without a bye (pairs the rest better than a "
            "bye to lower-ranked %(lower)s)",
            rank=rank,
            lower=lower,
        )
    else:
        text = note(
            "bye: #%(rank)s; a bye to lower-ranked %(lower)s would leave others with only "
            "rematches",
            rank=rank,
            lower=lower,
        )
    if had:
        text = note("%(bye)s (%(names)s already had a bye)", bye=text, names=_names(had))
    barred = [
        other
        for other in problem.nodes[nd.idx + 1 :]
        if other.idx in problem.bye_barred and other.st.byes == 0
    ]
    if barred and nd.idx not in problem.bye_barred:
        text = note(
            "%(bye)s (%(names)s won by forfeit: no bye while another player can take it)",
            bye=text,
            names=_names(barred),
        )
    return text


__all__ = ["BYE_POLICIES", "CRITERIA", "pair_swiss"]
