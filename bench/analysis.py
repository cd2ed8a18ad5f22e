"""Strength and speed of the analysis engine (games/engine/analysis, issue 31).

Usage: .venv/bin/python bench/analysis.py [--deals 20] [--random-deals 10] [--analyse 3] [--seed 0]

1. Strength: two-player MSO games (full mode), each deal (the bag's order) played twice with the
   seats swapped. The engine at its default budget against the greedy baseline (most points now)
   and against the random one (a uniform legal placement); beside them the baselines' own
   match (greedy against random) and the engine's static evaluation alone (no simulation)
   against greedy, which shows what the simulation adds. Each row: games, the score rate (a
   draw counts half) and its 95 % Wilson interval. Targets: at least 75 % against greedy, at
   least 99 % against random.
2. Speed: seconds (CPU time of this one process, and wall time) to analyse a whole two-player
   MSO game at the default budget (every placement and swap decision judged), over ``--analyse``
   games played by the greedy baseline; beside it the seconds to replay the same game with
   every rule checked. Target: under 10 s per game on one core.

Prints one table. The defaults run in a few minutes on one core; the interval says how far the
rates can be trusted (more ``--deals`` for a narrower one).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.engine.analysis.players import MatchResult, match  # noqa: E402
from games.engine.analysis.report import analyse_record  # noqa: E402
from games.engine.analysis.search import DEFAULT_BUDGET, Budget  # noqa: E402
from games.engine.randomgame import random_game  # noqa: E402
from games.engine.replaying import check_record  # noqa: E402


def strength_row(label: str, result: MatchResult, target: str, seconds: float) -> list[str]:
    low, high = result.interval()
    return [
        label,
        f"{result.games}",
        f"{result.wins}/{result.draws}/{result.losses}",
        f"{100 * result.rate:.1f} %",
        f"{100 * low:.1f}-{100 * high:.1f} %",
        target,
        f"{seconds / max(1, result.games):.2f} s/game",
    ]


def timed_match(
    policy: str, vs: str, deals: int, seed: int, budget: Budget
) -> tuple[MatchResult, float]:
    start = time.process_time()
    result = match(policy, vs, deals, seed, budget)
    return result, time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals against greedy (x2 games)")
    parser.add_argument("--random-deals", type=int, default=10, help="deals against random")
    parser.add_argument("--analyse", type=int, default=3, help="games analysed for the speed")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    b = DEFAULT_BUDGET
    print(
        f"default budget: {b.candidates} candidates x {b.worlds} sampled worlds per decision",
        flush=True,
    )

    rows: list[list[str]] = []
    static = Budget(candidates=0, worlds=0)
    plan = [
        ("engine vs greedy", "engine", "greedy", args.deals, b, ">= 75 %"),
        ("engine vs random", "engine", "random", args.random_deals, b, ">= 99 %"),
        ("baseline: greedy vs random", "greedy", "random", args.deals, b, "-"),
        ("baseline: static engine vs greedy", "engine", "greedy", args.deals, static, "-"),
    ]
    for label, policy, vs, deals, budget, target in plan:
        result, seconds = timed_match(policy, vs, deals, args.seed, budget)
        rows.append(strength_row(label, result, target, seconds))
        print(f"  {label}: {100 * result.rate:.1f} % of {result.games}", flush=True)

    cpu = wall = check = 0.0
    for i in range(args.analyse):
        record = random_game("mso", "full", args.seed + i, policy="greedy")
        start = time.process_time()
        check_record(record)
        check += time.process_time() - start
        start, start_wall = time.process_time(), time.perf_counter()
        analyse_record(record, b, args.seed)
        cpu += time.process_time() - start
        wall += time.perf_counter() - start_wall
    n = max(1, args.analyse)
    speed = [
        [
            "analyse a whole MSO game",
            f"{args.analyse}",
            "",
            f"{cpu / n:.2f} s CPU",
            f"{wall / n:.2f} s wall",
            "< 10 s",
            f"check: {1000 * check / n:.2f} ms",
        ]
    ]
    head = ["", "games", "won/drawn/lost", "rate", "95 % interval", "target", "time"]
    table = [head, *rows, *speed]
    widths = [max(len(r[i]) for r in table) for i in range(len(head))]
    print()
    for r in table:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
