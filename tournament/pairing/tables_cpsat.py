"""The seating as a CP-SAT model (OR-Tools), by the same digits as ``tables_cost``.

x[p, t] says player p sits at slot t; each player sits once and each slot holds its size. In a
field of at most ``FULL_MODEL_TABLES`` tables every player may sit anywhere (tables of one size
are numbered by their best-placed player, to cut the symmetric copies); above, only within
``WINDOW`` slots of their score position's slot, plus the hint's slot. The digits:

- repeats: one literal per pair that met, forced true when both sit at one slot (weight m^2);
- spread: hi[t] and lo[t] bound the scores at slot t;
- first seats: y[t, c] may be true only if slot t seats someone with at most c first seats; the
  slot's digit is (theta + 1) minus its true y[t, c], i.e. its fewest first seats, capped.

The digits are solved one after the other in the rulings' order (lexicographically), each then
held at its best value. A single weighted sum needs weights so large that the solver's bounds
stop helping: a 12-player round ran into a 2-unit limit that way without a proof, where the
stages prove the best seating in about a tenth of a CPU second. The order tie-break is left to
the search's swaps afterwards.

One worker, a fixed seed and a deterministic time limit (the solver's own measure of work, not
the clock) make the same input give the same seating; a wall-clock limit far above it only guards
against a machine much slower than this one. OR-Tools is imported when this method runs, so that
the package and its other commands start without it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .tables_cost import Problem, Slots

#: Below this many slots every player may sit anywhere.
FULL_MODEL_TABLES = 15
#: Otherwise a player may sit this many slots above or below their score position's slot.
WINDOW = 3
#: The solver's deterministic time limit per round (its own unit, about a second of work).
DETERMINISTIC_TIME = 0.6
#: Wall-clock guard (seconds), far above what the deterministic limit takes here.
WALL_TIME = 10.0


@dataclass(frozen=True, slots=True)
class CpSatAnswer:
    slots: Slots
    #: The solver proved the seating the best over the whole model (window included).
    optimal: bool
    #: Every player could sit anywhere, so "optimal" holds over all seatings.
    complete: bool
    #: The first digit alone was proved: no seating has fewer repeats (within the model).
    fewest_repeats: bool = False


def cpsat_seating(
    problem: Problem,
    hint: Slots | None = None,
    *,
    deterministic_time: float = DETERMINISTIC_TIME,
    wall_time: float = WALL_TIME,
    window: int | None = None,
) -> CpSatAnswer | None:
    """Solve the seating; None when the solver found no seating in its time."""
    from ortools.sat.python import cp_model

    n, tables = problem.n, problem.tables
    if not tables:
        return CpSatAnswer([], True, True, True)
    if window is None:
        window = tables if tables <= FULL_MODEL_TABLES else WINDOW
    complete = window >= tables - 1
    hinted: dict[int, int] = {}
    if hint is not None:
        for t, members in enumerate(hint):
            for p in members:
                hinted[p] = t
    allowed: list[list[int]] = []
    for p in range(n):
        lo = max(0, problem.ideal[p] - window)
        hi = min(tables - 1, problem.ideal[p] + window)
        slots = list(range(lo, hi + 1))
        h = hinted.get(p)
        if h is not None and h not in slots:
            slots.append(h)
        allowed.append(slots)

    if complete and hint is not None:
        hint = _canonical(problem, hint)
        hinted = {p: t for t, members in enumerate(hint) for p in members}
    model = cp_model.CpModel()
    x: dict[tuple[int, int], Any] = {}
    at: list[list[Any]] = [[] for _ in range(tables)]
    at_players: list[list[int]] = [[] for _ in range(tables)]
    rank_in_class = _rank_in_class(problem.sizes)
    for p in range(n):
        row = []
        for t in allowed[p]:
            # Tables of one size are interchangeable: in a complete model, number them by their
            # best-placed player, so player p sits at one of the first p + 1 of its size.
            if complete and rank_in_class[t] > p:
                continue
            v = model.new_bool_var(f"x{p}_{t}")
            x[p, t] = v
            row.append(v)
            at[t].append(v)
            at_players[t].append(p)
        model.add_exactly_one(row)
    for t, k in enumerate(problem.sizes):
        model.add(sum(at[t]) == k)

    # Repeats: one literal per pair that met and could share a slot.
    repeat_terms: list[Any] = []
    for p in range(n):
        for q, times in problem.met[p].items():
            if q <= p:
                continue
            common = [t for t in allowed[p] if (p, t) in x and (q, t) in x]
            if not common:
                continue
            r = model.new_bool_var(f"r{p}_{q}")
            for t in common:
                model.add_bool_or([x[p, t].negated(), x[q, t].negated(), r])
            repeat_terms.append(times * times * r)

    # Spread: hi[t] >= every score seated at t, lo[t] <= every score seated at t.
    spread_terms: list[Any] = []
    smin, smax = min(problem.score), max(problem.score)
    for t in range(tables):
        top = model.new_int_var(smin, smax, f"hi{t}")
        bottom = model.new_int_var(smin, smax, f"lo{t}")
        for p in at_players[t]:
            s = problem.score[p]
            if s > smin:
                model.add(top >= s).only_enforce_if(x[p, t])
            if s < smax:
                model.add(bottom <= s).only_enforce_if(x[p, t])
        spread_terms.append(top - bottom)

    # First seats: y[t, c] only if slot t seats a player with at most c first seats; the slot's
    # digit is (theta + 1) minus its true y[t, c].
    first_terms: list[Any] = []
    for t in range(tables):
        for c in range(problem.theta + 1):
            low = [x[p, t] for p in at_players[t] if problem.first_seats[p] <= c]
            if not low:
                continue
            y = model.new_bool_var(f"y{t}_{c}")
            model.add(y <= sum(low))
            first_terms.append(-y)

    solver = cp_model.CpSolver()
    params = solver.parameters
    params.num_workers = 1
    params.random_seed = 0
    params.max_time_in_seconds = wall_time
    best: Slots | None = hint
    optimal = True
    fewest_repeats = not repeat_terms
    # The digits in the rulings' order, each solved and then held at its best value. The solver
    # may return a seating worse than its hint when its limit stops it early: the better of the
    # two is kept, so the answer is never worse than the hint.
    offsets = (0, 0, -tables * (problem.theta + 1))
    for k, terms in enumerate((repeat_terms, spread_terms, first_terms)):
        if not terms:
            continue
        expr = sum(terms)
        model.minimize(expr)
        model.clear_hints()
        if best is not None:
            where = {p: t for t, members in enumerate(best) for p in members}
            for (p, t), v in x.items():
                model.add_hint(v, where[p] == t)
        params.max_deterministic_time = deterministic_time / 3
        status = solver.solve(model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            found: Slots = [[] for _ in range(tables)]
            for (p, t), v in x.items():
                if solver.boolean_value(v):
                    found[t].append(p)
            if best is None or problem.digits(found)[: k + 1] < problem.digits(best)[: k + 1]:
                best = found
            optimal = optimal and status == cp_model.OPTIMAL
            fewest_repeats = fewest_repeats or (k == 0 and status == cp_model.OPTIMAL)
        else:
            optimal = False
        if best is None:
            return None
        model.add(expr <= problem.digits(best)[k] + offsets[k])
    if best is None:
        return None
    return CpSatAnswer([sorted(s) for s in best], optimal, complete, optimal or fewest_repeats)


def _rank_in_class(sizes: list[int]) -> list[int]:
    """Each slot's index among the slots of its size."""
    seen: dict[int, int] = {}
    out = []
    for k in sizes:
        out.append(seen.get(k, 0))
        seen[k] = out[-1] + 1
    return out


def _canonical(problem: Problem, slots: Slots) -> Slots:
    """The same seating with the tables of each size numbered by their best-placed player."""
    out: Slots = [[] for _ in slots]
    for k in sorted(set(problem.sizes)):
        places = [t for t, size in enumerate(problem.sizes) if size == k]
        groups = sorted((sorted(s) for s in slots if len(s) == k), key=lambda s: s[0])
        for t, g in zip(places, groups, strict=True):
            out[t] = g
    return out


__all__ = ["DETERMINISTIC_TIME", "FULL_MODEL_TABLES", "WINDOW", "CpSatAnswer", "cpsat_seating"]
