"""Our own seating search: a repeat-avoiding fill in score order, then swaps between tables.

The fill takes the slots from the top: each starts with the highest-placed player not yet seated
and adds, in score order, the next players who met nobody at the table yet (the least-met ones
when nobody is left who did not). The improvement then swaps two players of two tables whenever
that lowers the rulings' cost (``tables_cost``): tables near each other in score order always, any
two tables when one of them seats a repeat. Where swaps are stuck with a repeat left, a
three-table rotation (the repeating player to any table, someone from there to a table near
theirs, someone from that table to their seat) opens the way, and the swaps go on. It stops at a
local optimum or when its step budget runs out; no randomness, so the same input gives the same
seating. When every player has the same score (round 1) the search starts from the seeded list
dealt round the tables (``Problem.baseline``) unless the fill costs less.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from .tables_cost import Problem, Slots

#: Tables this far apart in slot order are tried for swaps (farther swaps rarely bring scores
#: closer; a table with a repeat tries every other table).
NEAR = 3
#: Three-table rotations tried at most per round while a repeat is left.
EJECTIONS = 8
#: Swap evaluations allowed per round (a 400-player round needs about a tenth of this).
STEP_BUDGET = 2_000_000
#: A field this small (in seatings to try) is searched completely when moves leave a repeat:
#: with two or three tables a repeat's way out may need three players to move together.
EXHAUSTIVE_SEATINGS = 60_000


def fill(problem: Problem) -> Slots:
    """Slots from the top, each adding the next players in score order who met nobody there."""
    remaining = list(range(problem.n))
    slots: Slots = []
    met = problem.met
    for k in problem.sizes:
        members = [remaining.pop(0)]
        while len(members) < k:
            best_at = 0
            best = -1
            for at, i in enumerate(remaining):
                clash = sum(met[i].get(j, 0) ** 2 for j in members)
                if clash == 0:
                    best_at = at
                    break
                if best < 0 or clash < best:
                    best, best_at = clash, at
            members.append(remaining.pop(best_at))
        slots.append(members)
    return slots


def _clashing(problem: Problem, members: list[int]) -> list[int]:
    """Positions at the table of the players who met someone else there."""
    met = problem.met
    return [x for x, i in enumerate(members) if any(met[i].get(j, 0) for j in members if j != i)]


def improve(problem: Problem, slots: Slots, budget: int = STEP_BUDGET) -> Slots:
    """Swap descent between tables until no swap lowers the cost.

    Each pass first takes, for every table that seats a repeat, the best swap of one of its
    repeating players with anyone at any other table; then tries every swap between tables near
    each other in score order, taking the best for each pair of tables.
    """
    slots = [list(s) for s in slots]
    cost = [problem.table_cost(t, s) for t, s in enumerate(slots)]
    clash = [_clashing(problem, s) for s in slots]
    table_cost = problem.table_cost
    steps = 0

    def best_swap(a: int, b: int, swaps: list[tuple[int, int]]) -> tuple[int, int, int, int, int]:
        """(delta, x, y, new cost of a, new cost of b) of the best of ``swaps`` (delta 0: none)."""
        sa, sb = slots[a], slots[b]
        base = cost[a] + cost[b]
        best = (0, -1, -1, 0, 0)
        for x, y in swaps:
            i, j = sa[x], sb[y]
            sa[x], sb[y] = j, i
            ca = table_cost(a, sa)
            cb = table_cost(b, sb)
            sa[x], sb[y] = i, j
            if ca + cb - base < best[0]:
                best = (ca + cb - base, x, y, ca, cb)
        return best

    def apply(a: int, b: int, move: tuple[int, int, int, int, int]) -> None:
        _delta, x, y, ca, cb = move
        sa, sb = slots[a], slots[b]
        sa[x], sb[y] = sb[y], sa[x]
        cost[a], cost[b] = ca, cb
        clash[a], clash[b] = _clashing(problem, sa), _clashing(problem, sb)

    improved = True
    while improved and steps < budget:
        improved = False
        for a in range(problem.tables):
            if not clash[a]:
                continue
            found: tuple[int, tuple[int, int, int, int, int]] | None = None
            for b in range(problem.tables):
                if b == a:
                    continue
                swaps = [(x, y) for x in clash[a] for y in range(len(slots[b]))]
                steps += len(swaps)
                move = best_swap(a, b, swaps)
                if move[0] < 0 and (found is None or move[0] < found[1][0]):
                    found = (b, move)
            if found is not None:
                apply(a, found[0], found[1])
                improved = True
        for a in range(problem.tables):
            for b in range(a + 1, min(a + NEAR + 1, problem.tables)):
                swaps = [(x, y) for x in range(len(slots[a])) for y in range(len(slots[b]))]
                steps += len(swaps)
                move = best_swap(a, b, swaps)
                if move[0] < 0:
                    apply(a, b, move)
                    improved = True
            if steps >= budget:
                break
    return slots


def eject(problem: Problem, slots: Slots) -> Slots | None:
    """The best three-table rotation that lowers the cost, for a player who met someone at
    their table: they go to any table b, someone from b to a table c near their own, someone
    from c to their seat. None when no rotation helps (where swaps alone were stuck)."""
    cost = problem.table_cost
    now = [cost(t, s) for t, s in enumerate(slots)]
    best: tuple[int, int, int, int, int, int] | None = None
    best_delta = 0
    for a, sa in enumerate(slots):
        near = range(max(0, a - NEAR), min(problem.tables, a + NEAR + 1))
        for x in _clashing(problem, sa):
            i = sa[x]
            arrives: dict[int, int] = {}  # the cost at a when k takes i's seat
            for b, sb in enumerate(slots):
                if b == a:
                    continue
                for y, j in enumerate(sb):
                    sb[y] = i
                    cb = cost(b, sb) - now[b]
                    sb[y] = j
                    for c in near:
                        if c in (a, b):
                            continue
                        sc = slots[c]
                        for z, k in enumerate(sc):
                            if k not in arrives:
                                sa[x] = k
                                arrives[k] = cost(a, sa) - now[a]
                                sa[x] = i
                            sc[z] = j
                            delta = arrives[k] + cb + cost(c, sc) - now[c]
                            sc[z] = k
                            if delta < best_delta:
                                best_delta, best = delta, (a, x, b, y, c, z)
    if best is None:
        return None
    a, x, b, y, c, z = best
    out = [list(s) for s in slots]
    i, j, k = out[a][x], out[b][y], out[c][z]
    out[b][y], out[c][z], out[a][x] = i, j, k
    return out


def exchange(problem: Problem, slots: Slots) -> Slots | None:
    """The best two-for-two exchange that lowers the cost: a player who met someone at their
    table and a table-mate go to another table, two from there take their seats. It frees the
    search where every single swap or rotation keeps the repeat (two tables only, or a repeat
    whose way out needs two players to move together). None when no exchange helps."""
    cost = problem.table_cost
    best: tuple[int, int, int, int, int, int, int] | None = None
    best_delta = 0
    for a, sa in enumerate(slots):
        for x in _clashing(problem, sa):
            for x2 in range(len(sa)):
                if x2 == x:
                    continue
                for b, sb in enumerate(slots):
                    if b == a:
                        continue
                    before = cost(a, sa) + cost(b, sb)
                    for y in range(len(sb)):
                        for y2 in range(y + 1, len(sb)):
                            i, i2, j, j2 = sa[x], sa[x2], sb[y], sb[y2]
                            sa[x], sa[x2], sb[y], sb[y2] = j, j2, i, i2
                            delta = cost(a, sa) + cost(b, sb) - before
                            sa[x], sa[x2], sb[y], sb[y2] = i, i2, j, j2
                            if delta < best_delta:
                                best_delta, best = delta, (a, x, x2, b, y, y2, 0)
    if best is None:
        return None
    a, x, x2, b, y, y2, _ = best
    out = [list(s) for s in slots]
    out[a][x], out[a][x2], out[b][y], out[b][y2] = out[b][y], out[b][y2], out[a][x], out[a][x2]
    return out


def seatings(problem: Problem) -> int:
    """How many ways there are to fill the slots in order."""
    total, left = 1, problem.n
    for k in problem.sizes:
        total, left = total * comb(left, k), left - k
    return total


def exhaustive(problem: Problem, start: Slots) -> Slots:
    """The cheapest seating of a small field, by branch and bound from ``start``'s cost."""
    best = [list(s) for s in start]
    bound = problem.cost(best)
    cost = problem.table_cost

    def place(slot: int, left: list[int], chosen: Slots, so_far: int) -> None:
        nonlocal best, bound
        if slot == problem.tables:
            if so_far < bound:
                bound, best = so_far, [list(s) for s in chosen]
            return
        for members in combinations(left, problem.sizes[slot]):
            here = so_far + cost(slot, members)
            if here >= bound:
                continue
            rest = [i for i in left if i not in members]
            chosen.append(list(members))
            place(slot + 1, rest, chosen, here)
            chosen.pop()

    place(0, list(range(problem.n)), [], 0)
    return best


def search_seating(problem: Problem, budget: int = STEP_BUDGET) -> Slots:
    """The fill, improved by swaps; while a repeat is left, three-table rotations and swaps
    again (a few times at most)."""
    if not problem.tables:
        return []
    start = fill(problem)
    if problem.dealt:  # one score group: the seeds dealt round the tables, unless that repeats
        dealt = problem.baseline()
        if problem.cost(dealt) <= problem.cost(start):
            start = dealt
    slots = improve(problem, start, budget)
    for _ in range(EJECTIONS):
        if not any(_clashing(problem, s) for s in slots):
            break
        rotated = eject(problem, slots) or exchange(problem, slots)
        if rotated is None:
            break
        slots = improve(problem, rotated, budget)
    if any(_clashing(problem, s) for s in slots) and seatings(problem) <= EXHAUSTIVE_SEATINGS:
        slots = exhaustive(problem, slots)
    return slots


__all__ = [
    "EJECTIONS",
    "EXHAUSTIVE_SEATINGS",
    "NEAR",
    "STEP_BUDGET",
    "eject",
    "exchange",
    "exhaustive",
    "fill",
    "improve",
    "search_seating",
    "seatings",
]
