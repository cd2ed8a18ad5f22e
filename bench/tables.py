"""Benchmark of Swiss for tables (not a test): CP-SAT, our own search and a plain baseline.

Each method plays its own seeded random event of ``--rounds`` rounds for each field size: every
round it seats the players (``seat_tables``), then a random placing per table decides victory
points as the rulings score a table (opponents beaten + 1/2 tied, over k - 1; about one table in
ten has a tie), and scores, table-mates and first seats carry forward. The random stream is the
same for every method. Per method it prints:

- time per round (CPU seconds of the process: mean and max; the target is under 1 s at 400);
- repeat table-mates: pairs seated together again, over the event (0 while avoidable);
- mean score spread per table (highest minus lowest score at the table, in points);
- first-seat imbalance at the end: most first seats minus fewest.

The baseline ``greedy`` fills the tables in plain score order.

A second table gives every method the same states each round (those of the default method's
event) and compares the seatings directly: repeated pairs and summed spread per round, and in how
many rounds each method's seating was the best of all by the rulings' criteria in order.

    .venv/bin/python bench/tables.py --sizes 12,40,100,400 --rounds 7 --table 4
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournament.pairing.tables import seat_tables  # noqa: E402
from tournament.pairing.tables_cost import Problem  # noqa: E402
from tournament.pairing.tables_model import SCORE_UNITS, TablePlayer, table_sizes  # noqa: E402

LABELS = {"cpsat": "CP-SAT", "search": "own search", "auto": "auto (default)", "greedy": "baseline"}


@dataclass
class Tally:
    times: list[float] = field(default_factory=list)
    repeats: int = 0
    spreads: list[float] = field(default_factory=list)
    imbalance: int = 0


def placings(k: int, rng: random.Random) -> list[float]:
    """Victory points of seats 0..k-1 for a random finish, a tie between two players at times."""
    order = list(range(k))
    rng.shuffle(order)
    place = {seat: float(pos) for pos, seat in enumerate(order)}
    if rng.random() < 0.1:
        a, b = rng.sample(range(k), 2)
        place[a] = place[b] = (place[a] + place[b]) / 2
    return [
        sum(
            1.0 if place[s] < place[o] else 0.5 if place[s] == place[o] else 0.0
            for o in range(k)
            if o != s
        )
        / (k - 1)
        for s in range(k)
    ]


def play(n: int, rounds: int, size: int, method: str, seed: int) -> Tally:
    rng = random.Random(seed * 1000 + n)
    score = {i: 0.0 for i in range(1, n + 1)}
    met: dict[int, list[int]] = {i: [] for i in range(1, n + 1)}
    firsts = dict.fromkeys(score, 0)
    tally = Tally()
    for rnd in range(1, rounds + 1):
        players = [TablePlayer(i, score[i], tuple(met[i]), firsts[i], False, rank=i) for i in score]
        start = time.process_time()
        tr = seat_tables(players, size, rnd, rounds, method=method)
        tally.times.append(time.process_time() - start)
        for seats in tr.seatings:
            tally.spreads.append(max(score[i] for i in seats) - min(score[i] for i in seats))
            for a, i in enumerate(seats):
                tally.repeats += sum(1 for j in seats[a + 1 :] if j in met[i])
            firsts[seats[0]] += 1
            for s, points in zip(seats, placings(len(seats), rng), strict=True):
                score[s] += points
                met[s].extend(o for o in seats if o != s)
    tally.imbalance = max(firsts.values()) - min(firsts.values())
    return tally


def same_states(n: int, rounds: int, size: int, methods: list[str], seed: int) -> dict[str, list]:
    """Per method: (repeat pairs, spread in points, best of all?) for each round of one event."""
    rng = random.Random(seed * 1000 + n)
    score = {i: 0.0 for i in range(1, n + 1)}
    met: dict[int, list[int]] = {i: [] for i in range(1, n + 1)}
    firsts = dict.fromkeys(score, 0)
    rows: dict[str, list] = {m: [] for m in methods}
    for rnd in range(1, rounds + 1):
        players = [TablePlayer(i, score[i], tuple(met[i]), firsts[i], False, rank=i) for i in score]
        problem = Problem(players, table_sizes(n, size))
        index = {pid: k for k, pid in enumerate(problem.ids)}
        digits = {}
        played = None
        for m in methods:
            tr = seat_tables(players, size, rnd, rounds, method=m)
            digits[m] = problem.digits([[index[i] for i in t] for t in tr.seatings])
            pairs = problem.breakdown([[index[i] for i in t] for t in tr.seatings])[0]
            rows[m].append([pairs, digits[m][1] / SCORE_UNITS / len(tr.seatings), False])
            if m == "auto" or played is None:
                played = tr
        best = min(digits.values())
        for m in methods:
            rows[m][-1][2] = digits[m] == best
        assert played is not None
        for seats in played.seatings:
            firsts[seats[0]] += 1
            for s, points in zip(seats, placings(len(seats), rng), strict=True):
                score[s] += points
                met[s].extend(o for o in seats if o != s)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="12,40,100,400")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--table", type=int, default=4, choices=(3, 4))
    parser.add_argument("--methods", default="cpsat,search,auto,greedy")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    methods = args.methods.split(",")
    print(
        f"Swiss for tables of {args.table}: {args.rounds} rounds, seed {args.seed}; "
        "time = CPU seconds per round"
    )
    header = (
        f"{'players':>7}  {'method':<15} {'mean s':>7} {'max s':>7} {'repeats':>7} "
        f"{'spread':>7} {'1st imb':>7}"
    )
    print(header)
    print("-" * len(header))
    slow = []
    for n in (int(s) for s in args.sizes.split(",")):
        for method in methods:
            t = play(n, args.rounds, args.table, method, args.seed)
            print(
                f"{n:>7}  {LABELS.get(method, method):<15} {statistics.mean(t.times):>7.3f} "
                f"{max(t.times):>7.3f} {t.repeats:>7} {statistics.mean(t.spreads):>7.3f} "
                f"{t.imbalance:>7}"
            )
            if n >= 400 and method != "greedy" and max(t.times) >= 1.0:
                slow.append(f"{LABELS.get(method, method)} at {n}")
    print()
    print("Same states each round (the default's event): per round, mean over the rounds")
    header = f"{'players':>7}  {'method':<15} {'repeats':>7} {'spread':>7} {'best in':>9}"
    print(header)
    print("-" * len(header))
    for n in (int(s) for s in args.sizes.split(",")):
        rows = same_states(n, args.rounds, args.table, methods, args.seed)
        for method in methods:
            r = rows[method]
            print(
                f"{n:>7}  {LABELS.get(method, method):<15} "
                f"{statistics.mean(x[0] for x in r):>7.2f} "
                f"{statistics.mean(x[1] for x in r):>7.3f} "
                f"{sum(1 for x in r if x[2]):>4}/{len(r)}"
            )
    print(
        "target (a round of 400 under 1 s): " + ("missed by " + ", ".join(slow) if slow else "met")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
