"""Benchmark of the Ingenious Challenges engines (games/challenges), beside a trivial baseline.

Usage: .venv/bin/python bench/challenges.py [--games 200] [--seed 0] [--repeat 3]

For each challenge (card, dice, tile) and player count (2, 3, 4):

1. **random**: plays ``--games`` random complete games (``random_game``: random outcomes drawn
   from what the engine says is left, every action applied through ``apply`` with every rule
   checked as the record is built).
2. **check**: replays the recorded games from ``ChallengeRecord`` objects (every rule checked).
3. **check JSON**: reads and replays them from JSON text, as ``python -m games.challenges check``
   does (without the file I/O).
4. **baseline: parse only**: ``json.loads`` of the same texts: the floor any checker that reads
   JSON pays, so the "x parse" column is how many times the parse alone the check costs.

Prints games per second and ms per game. CPU time of the process (``time.process_time``), best
of ``--repeat`` runs, one core, so other load on the machine disturbs it little.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.challenges.randomgame import random_game  # noqa: E402
from games.challenges.record import ChallengeRecord, load_record, replay


def timed(fn: Callable[..., Any], *args: Any, repeat: int = 3) -> tuple[Any, float]:
    """Result and best CPU time of ``repeat`` runs."""
    best = float("inf")
    out = None
    for _ in range(repeat):
        t0 = time.process_time()
        out = fn(*args)
        best = min(best, time.process_time() - t0)
    return out, best


def play_random(challenge: str, players: int, seeds: range) -> list[ChallengeRecord]:
    return [random_game(challenge, players, s) for s in seeds]


def check_all(records: list[ChallengeRecord]) -> int:
    return sum(replay(r).over for r in records)


def check_texts(texts: list[str]) -> int:
    return sum(replay(load_record(t)).over for t in texts)


def parse_only(texts: list[str]) -> int:
    return sum(len(json.loads(t)["actions"]) for t in texts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    n = args.games
    seeds = range(args.seed, args.seed + n)
    print(f"Ingenious Challenges: {n} random games per row, CPU time, best of {args.repeat}")
    head = (
        f"{'challenge':<9} {'pl':>2} {'actions':>8} {'random g/s':>11} {'check g/s':>10} "
        f"{'JSON g/s':>9} {'parse g/s':>10} {'ms/check':>9} {'x parse':>8}"
    )
    print(head)
    print("-" * len(head))
    for challenge in ("card", "dice", "tile"):
        for players in (2, 3, 4):
            records, t_random = timed(play_random, challenge, players, seeds, repeat=args.repeat)
            texts = [r.dumps() for r in records]
            over, t_check = timed(check_all, records, repeat=args.repeat)
            assert over == n, "every random game is complete and checks clean"
            _, t_json = timed(check_texts, texts, repeat=args.repeat)
            _, t_parse = timed(parse_only, texts, repeat=args.repeat)
            actions = sum(len(r.actions) for r in records) / n
            print(
                f"{challenge:<9} {players:>2} {actions:>8.0f} {n / t_random:>11.0f} "
                f"{n / t_check:>10.0f} {n / t_json:>9.0f} {n / t_parse:>10.0f} "
                f"{1000 * t_check / n:>9.2f} {t_json / t_parse:>8.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
