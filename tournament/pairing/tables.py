"""Swiss for tables of 3 and 4: seat one round (pure Python, no Django).

The rulings' criteria, in their order: table sizes (``tables_model.table_sizes``); no two players
share a table twice while any seating avoids it; scores at a table as close as possible; first
seats as even as possible. ``tables_cost`` turns them into one number; the player with the fewest
first seats at a table moves first (ties: the higher starting rank), and the others follow in the
same order, so that first seats rotate through the field.

When every player present has the same score (always so in round 1) the seeds are spread as a
Swiss spreads them: the seeded list is dealt round the tables (seed 1 to table 1, seed 2 to table
2, and so on), so that each table takes one player from each quarter of the list at tables of 4
and from each third at tables of 3 (``tables_cost``, ``docs/pairing.md``); the notes say so.

Methods: ``greedy`` fills the tables in score order, or dealt in one score group (the bench's
baseline); ``search`` is our own
repeat-avoiding fill and swap descent (``tables_search``); ``cpsat`` is the OR-Tools CP-SAT model
(``tables_cpsat``); ``auto`` (the default) runs the search and, in fields of at most 15 tables,
hands its seating to CP-SAT as a hint, keeping whichever costs less; above, the search alone.

Why ``auto``, on evidence (``bench/tables.py``: 7 rounds at tables of 4, seeded random results,
this shared 2-core machine). Left, each method plays its own event: CPU seconds per round (mean,
max), repeated table-mates over the event, mean score spread per table, first-seat imbalance at
the end (most minus fewest). Right, every method seats the same states each round: repeated pairs
per round, and in how many rounds its seating was the best of all by the rulings' order.

    players  method      mean s  max s  repeats  spread  1st | same: repeats  best
         12  CP-SAT       0.178  0.444       60   1.016    1 |         8.57   7/7
         12  own search   0.005  0.009       60   1.143    1 |         8.71   6/7
         12  auto         0.102  0.207       60   1.143    1 |         8.57   7/7
         12  baseline     0.000  0.000       70   0.524    1 |        10.86   2/7
         40  CP-SAT       0.595  1.042        0   0.757    1 |         0.00   2/7
         40  own search   0.016  0.025        0   0.669    1 |         0.00   4/7
         40  auto         0.614  0.993        0   0.702    1 |         0.00   7/7
         40  baseline     0.001  0.001      112   0.202    1 |        21.14   1/7
        100  CP-SAT       0.984  1.803        0   0.171    1 |         0.00   5/7
        100  own search   0.032  0.048        0   0.191    2 |         0.00   3/7
        100  baseline     0.002  0.002      148   0.091    2 |        27.29   1/7
        400  CP-SAT       2.501  3.435        0   0.039    1 |         0.00   4/7
        400  own search   0.106  0.164        0   0.036    1 |         0.00   4/7
        400  baseline     0.006  0.008      483   0.023    2 |        74.57   1/7

(12 players over 7 rounds cannot avoid repeats: 21 table-mates each among 11 others. Above 15
tables ``auto`` is the search alone, so its rows there are the search's.) Neither method wins
alone in small fields: CP-SAT from scratch does not finish a field of 40 in its limit (best in 2
of 7 rounds), the search alone falls short of the best in 3 of 7; together, best in every
round. There the solver also proves the fewest repeats in most rounds (every round at 12, 40
and 60 players; 5 of 7 at 24, where repeats become unavoidable) and the whole seating the best
in the smallest fields (every round at 12); the reasons and notes say which. In large fields
CP-SAT's windowed model gains next to nothing (spread 0.190 against 0.191 at 100) at 20 to 30
times the time and misses the 1 s target at 400, where the search takes about a tenth of a
second; over 15 rounds (``--sizes 64,80 --rounds 15``) the search even seats fewer repeats on
the same states (0.47 a round at 64 players against CP-SAT's 0.93; 0 and 0 at 80). All steps
are deterministic (no clock decides the answer): same input, same tables.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from .model import format_score
from .notes import Note, listed, note, note_n
from .tables_cost import Problem, Slots
from .tables_cpsat import FULL_MODEL_TABLES, cpsat_seating
from .tables_model import (
    SCORE_UNITS,
    TABLE_METHODS,
    Table,
    TableError,
    TablePlayer,
    TableRound,
    table_sizes,
)
from .tables_search import improve, search_seating

#: The note of a round seated from one score group (round 1), the rule of ``docs/pairing.md``.
DEALT_NOTE = note(
    "one score group: the seeded list dealt round the tables (seed 1 to table 1, seed 2 to "
    "table 2, and so on), each table one player from each quarter of the list (each third at "
    "tables of 3)"
)

#: The seating methods (``TableRound.method``) as the method's note says them; the solver's
#: name is said as it is.
_METHOD_WORDS: dict[str, Note | str] = {
    "greedy": note("greedy"),
    "search": note("search"),
    "search (the solver found no seating in its limit)": note(
        "search (the solver found no seating in its limit)"
    ),
    "search, confirmed by CP-SAT": note("search, confirmed by CP-SAT"),
    "cpsat": "cpsat",
}

#: ``auto`` hands the search's seating to CP-SAT up to this many tables (the complete model, where
#: it proves the best seating); above, the search alone (see the figures above).
AUTO_SOLVER_TABLES = FULL_MODEL_TABLES


def _check(players: Sequence[TablePlayer], size: int, round_number: int, total: int) -> None:
    if size not in (3, 4):
        raise TableError(f"expected 3 or 4, got {size}", "size")
    if round_number < 1:
        raise TableError(f"expected a round number of 1 or more, got {round_number}", "round")
    if total < round_number:
        raise TableError(
            f"expected at least the round number {round_number}, got {total}", "rounds"
        )
    seen: set[int] = set()
    for k, p in enumerate(players):
        if p.id in seen:
            raise TableError(f"duplicate id {p.id}", f"players[{k}].id")
        seen.add(p.id)
        if not math.isfinite(p.score) or p.score < 0:
            raise TableError(
                f"expected a number of 0 or more, got {p.score}", f"players[{k}].score"
            )
        if p.first_seats < 0:
            raise TableError(
                f"expected a count of 0 or more, got {p.first_seats}", f"players[{k}].first_seats"
            )


def _solve(problem: Problem, method: str) -> tuple[Slots, bool, bool, str]:
    """(slots, proved best, proved fewest repeats, method used)."""
    if method == "greedy":
        return problem.baseline(), False, False, "greedy"
    searched = search_seating(problem)
    if method == "search" or (method == "auto" and problem.tables > AUTO_SOLVER_TABLES):
        return searched, False, False, "search"
    answer = cpsat_seating(problem, hint=searched if method == "auto" else None)
    if answer is None:
        return searched, False, False, "search (the solver found no seating in its limit)"
    proved = answer.optimal and answer.complete
    fewest = answer.fewest_repeats and answer.complete
    # The solver leaves the order tie-break to the swaps (it never undoes a higher digit).
    answer_slots = improve(problem, answer.slots)
    if method == "auto" and problem.cost(searched) <= problem.cost(answer_slots):
        return searched, proved, fewest, "search, confirmed by CP-SAT" if proved else "search"
    return answer_slots, proved, fewest, "cpsat"


def _seat_order(problem: Problem, members: Sequence[int]) -> tuple[int, ...]:
    """Fewest first seats first; ties by starting rank, then id (score order breaks rank ties)."""
    ordered = sorted(members, key=lambda i: (problem.first_seats[i], problem.players[i].rank, i))
    return tuple(problem.ids[i] for i in ordered)


def _points(score: float) -> str:
    """A score as a director writes it: 3, 2½, and twelfths as fractions (1 2/3)."""
    twelfths = Fraction(round(score * SCORE_UNITS), SCORE_UNITS)
    if (twelfths * 2).denominator == 1:
        return format_score(float(twelfths))
    whole = twelfths.numerator // twelfths.denominator
    rest = twelfths - whole
    return f"{whole} {rest}" if whole else str(rest)


def _reasons(
    problem: Problem, members: Sequence[int], seats: tuple[int, ...], fewest: bool
) -> tuple[Note, ...]:
    scores = [problem.players[i].score for i in members]
    hi, lo = max(scores), min(scores)
    parts = [
        note("scores %(score)s", score=_points(hi))
        if hi == lo
        else note("scores %(high)s to %(low)s", high=_points(hi), low=_points(lo))
    ]
    repeats = [
        (problem.ids[i], problem.ids[j], problem.met[i][j])
        for a, i in enumerate(members)
        for j in members[a + 1 :]
        if problem.met[i].get(j, 0)
    ]
    if repeats:
        why = note("no seating has fewer repeats") if fewest else note("the fewest repeats found")
        met = [
            note("%(a)s and %(b)s (%(times)sx before)", a=a, b=b, times=m) for a, b, m in repeats
        ]
        parts.append(note("met before: %(pairs)s (%(why)s)", pairs=listed(met), why=why))
    else:
        parts.append(note("no earlier table-mates"))
    first = problem.ids.index(seats[0])
    count = problem.first_seats[first]
    parts.append(
        note_n(
            "%(player)s sits first (%(count)s first seat before)",
            "%(player)s sits first (%(count)s first seats before)",
            count,
            player=seats[0],
        )
    )
    return tuple(parts)


def seat_tables(
    players: Sequence[TablePlayer],
    size: int,
    round_number: int,
    total_rounds: int,
    *,
    method: str = "auto",
) -> TableRound:
    """Seat one round of a table event (see the module docstring for the criteria and methods).

    ``size`` is the director's table size (3 or 4); absent players are left out. Tables come top
    first (highest scores), each in seat order. Raises ``TableError`` naming the bad field.
    """
    if method not in TABLE_METHODS:
        raise TableError(f"expected one of {', '.join(TABLE_METHODS)}, got {method!r}", "method")
    _check(players, size, round_number, total_rounds)
    present = [p for p in players if not p.absent]
    absent = [p.id for p in players if p.absent]
    sizes = table_sizes(len(present), size)
    notes: list[Note] = []
    if absent:
        notes.append(note("absent, not seated: %(ids)s", ids=listed(absent)))
    if not sizes:
        bye = present[0].id if present else None
        if bye is not None:
            notes.append(note("%(id)s is the only player present: a bye, no table", id=bye))
        return TableRound(round_number, size, [], "none", True, bye, absent, notes)
    problem = Problem(present, sizes)
    slots, proved, fewest, used = _solve(problem, method)
    # Top tables first: highest top score, then highest total, then the best-placed player.
    slots = sorted(
        (s for s in slots if s),
        key=lambda s: (
            -max(problem.score[i] for i in s),
            -sum(problem.score[i] for i in s),
            min(s),
        ),
    )
    tables = []
    for number, members in enumerate(slots, start=1):
        seats = _seat_order(problem, members)
        tables.append(Table(number, seats, _reasons(problem, members, seats, fewest)))
    pairs, spread, _first, _order = problem.breakdown(slots)
    sizes_seated = listed([len(s) for s in slots])
    notes.insert(
        0,
        note(
            "%(players)s players at tables of %(sizes)s", players=len(present), sizes=sizes_seated
        ),
    )
    dealt = problem.dealt and sorted(map(sorted, slots)) == sorted(problem.baseline())
    if dealt:
        notes.append(DEALT_NOTE)
    outcome = {
        "method": _METHOD_WORDS[used],
        "repeats": note_n(
            "%(count)s repeated table-mate pair", "%(count)s repeated table-mate pairs", pairs
        ),
        "spread": _points(spread / SCORE_UNITS),
    }
    if proved:
        said = note(
            "method: %(method)s; %(repeats)s, score spread %(spread)s over the tables; proved "
            "the best seating",
            **outcome,
        )
    elif fewest:
        said = note(
            "method: %(method)s; %(repeats)s, score spread %(spread)s over the tables; proved "
            "no seating has fewer repeats",
            **outcome,
        )
    else:
        said = note(
            "method: %(method)s; %(repeats)s, score spread %(spread)s over the tables", **outcome
        )
    notes.append(said)
    return TableRound(round_number, size, tables, used, proved, None, absent, notes, dealt)


__all__ = ["DEALT_NOTE", "seat_tables"]
