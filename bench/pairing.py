"""Benchmark of the Swiss pairing against caissify-pairings' FIDE Dutch engine (not a test).

Plays seeded random events (random results, a few draws) paired by our engine; each round, the
same states are also given to caissify-pairings (``generate_pairings("dutch", ...)``, our first
player mapped to its white) and both answers are measured:

- time per round;
- rematches and repeated byes (both must be 0);
- sum of score differences over the games;
- first-move limit breaks (a player moving first, or second, three games in a row, or firsts and
  seconds more than 2 apart) and due misses (a player not getting the turn they were due).

Only our pairing is played, so both engines always see the same states. caissify is pure Python on
networkx and slow on large fields (about 90 s per round at 200 players here): it runs while its
time budget per field size lasts (``--peer-budget``), and the rounds it skipped are reported.

    .venv/bin/python bench/pairing.py --sizes 12,50 --rounds 9
"""

from __future__ import annotations

import argparse
import multiprocessing
import queue as queue_module
import random
import statistics
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournament.pairing import (  # noqa: E402
    NoPairingError,
    PlayerState,
    RoundPairing,
    apply_results,
    breaks_limits,
    due_of,
    pair_round,
)
from tournament.pairing.firstmove import FIRST, NONE  # noqa: E402

Pairs = list[tuple[int, int | None]]  # (first / white, second / black or None for the bye)


@dataclass
class Tally:
    rounds: int = 0
    failed: int = 0
    skipped: int = 0
    times: list[float] = field(default_factory=list)
    rematches: int = 0
    repeated_byes: int = 0
    score_diff: float = 0.0
    limit_breaks: int = 0
    due_misses: int = 0

    def add(self, states: Sequence[PlayerState], pairs: Pairs, seconds: float) -> None:
        by_id = {p.id: p for p in states}
        self.rounds += 1
        self.times.append(seconds)
        for a, b in pairs:
            pa = by_id[a]
            if b is None:
                self.repeated_byes += int(pa.byes > 0)
                continue
            pb = by_id[b]
            self.rematches += int(b in pa.opponents or a in pb.opponents)
            self.score_diff += abs(pa.score - pb.score)
            for player, gets_first in ((pa, True), (pb, False)):
                due = due_of(player.firsts)
                self.limit_breaks += int(breaks_limits(due, gets_first))
                if due.direction != NONE and (due.direction == FIRST) != gets_first:
                    self.due_misses += 1


def ours(
    states: Sequence[PlayerState], rnd: int, total: int, bye_policy: str = "lowest-ranked"
) -> tuple[Pairs, RoundPairing]:
    rp = pair_round(states, rnd, total, system="swiss", bye_policy=bye_policy)
    return [(p.first, p.second) for p in rp.pairings], rp


def load_peer() -> Callable[[Sequence[PlayerState], int, int], Pairs] | None:
    try:
        from caissify_pairings import generate_pairings
    except ImportError:
        return None

    def peer(states: Sequence[PlayerState], rnd: int, total: int) -> Pairs:
        colour = {True: "white", False: "black", None: "none"}
        players = [
            {
                "id": p.id,
                "name": f"P{p.rank}",
                "score": p.score,
                "rating": 3000 - p.rank,
                "starting_number": p.rank,
                "color_hist": [colour[c] for c in p.firsts],
                "float_history": [f or "none" for f in p.floats],
                "bye_count": p.byes,
            }
            for p in states
            if p.active and not p.wants_bye
        ]
        previous = {(p.id, o) for p in states for o in p.opponents}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            rows = generate_pairings("dutch", players, previous, rnd, total)
        return [(r["white_id"], r.get("black_id")) for r in rows]

    return peer


def _child(peer, states, rnd, total, queue) -> None:  # runs in a child process
    try:
        queue.put(("ok", peer(states, rnd, total)))
    except Exception as exc:  # reported by the parent
        queue.put(("error", f"{type(exc).__name__}: {exc}"))


def call_with_timeout(peer, states, rnd: int, total: int, timeout: float) -> tuple[str, object]:
    """Run the peer in a child process: ("ok", pairs), ("error", message) or ("timeout", None)."""
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    proc = ctx.Process(target=_child, args=(peer, list(states), rnd, total, queue))
    proc.start()
    try:
        status, value = queue.get(timeout=min(max(timeout, 0.1), 86_400.0))
    except queue_module.Empty:
        status, value = "timeout", None
    proc.join(5)
    if proc.is_alive():
        proc.terminate()
        proc.join()
    return status, value


def outcomes(rp: RoundPairing, rng: random.Random) -> dict[int, str]:
    result = {}
    for p in rp.games:
        x = rng.random()
        result[p.board] = "draw" if x < 0.05 else "first" if x < 0.525 else "second"
    return result


def run_size(
    n: int, rounds: int, seed: int, peer, peer_budget: float
) -> tuple[Tally, Tally, Tally, Tally]:
    """Tallies: ours over all rounds; ours over the rounds the peer ran; ours with the FIDE-style
    bye (lowest score group, not lowest rank) on those rounds; the peer."""
    rng = random.Random(seed * 1000 + n)
    states = [PlayerState(id=r, rank=r) for r in range(1, n + 1)]
    mine, mine_shared, dutch_bye, theirs = Tally(), Tally(), Tally(), Tally()
    spent = 0.0
    for rnd in range(1, rounds + 1):
        t0 = time.perf_counter()
        try:
            pairs, rp = ours(states, rnd, rounds)
        except NoPairingError as exc:
            print(f"  n={n} round {rnd}: our engine found no pairing: {exc.message}")
            mine.failed += rounds - rnd + 1
            break
        t_ours = time.perf_counter() - t0
        mine.add(states, pairs, t_ours)
        if peer is not None and spent < peer_budget:
            t0 = time.perf_counter()
            status, value = call_with_timeout(peer, states, rnd, rounds, peer_budget - spent)
            t_peer = time.perf_counter() - t0
            spent += t_peer
            peer_pairs = value if status == "ok" else None
            if status == "error":
                theirs.failed += 1
                print(f"  n={n} round {rnd}: caissify failed: {value}")
            elif status == "timeout":
                theirs.skipped += 1
                print(f"  n={n} round {rnd}: caissify still running after {t_peer:.0f} s: stopped")
            if peer_pairs is not None:
                theirs.add(states, peer_pairs, t_peer)
                mine_shared.add(states, pairs, t_ours)
                t0 = time.perf_counter()
                alt, _ = ours(states, rnd, rounds, "lowest-score")
                dutch_bye.add(states, alt, time.perf_counter() - t0)
        elif peer is not None:
            theirs.skipped += 1
        states = apply_results(states, rp, outcomes(rp, rng))
    return mine, mine_shared, dutch_bye, theirs


def row(name: str, t: Tally) -> str:
    if not t.rounds:
        extra = f"skipped {t.skipped} round(s)" if t.skipped else "no round run"
        return f"  {name:<22} {extra}"
    mean = statistics.fmean(t.times)
    return (
        f"  {name:<22} {t.rounds:>6} {mean:>10.4f} {max(t.times):>9.4f} {t.rematches:>9} "
        f"{t.repeated_byes:>8} {t.score_diff:>10.1f} {t.limit_breaks:>7} {t.due_misses:>7}"
        + (f"   (skipped {t.skipped})" if t.skipped else "")
        + (f"   (failed {t.failed})" if t.failed else "")
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="12,50,200,500", help="field sizes, comma-separated")
    parser.add_argument("--rounds", type=int, default=9, help="rounds per event")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--peer-budget",
        type=float,
        default=300.0,
        help="seconds of caissify time per field size (it is slow on large fields)",
    )
    parser.add_argument("--no-peer", action="store_true", help="do not run caissify-pairings")
    args = parser.parse_args(argv)
    sizes = [int(x) for x in args.sizes.split(",") if x.strip()]
    peer = None if args.no_peer else load_peer()
    if peer is None and not args.no_peer:
        print("caissify-pairings is not installed: only our engine runs")
    print(
        f"{args.rounds}-round Swiss events, seed {args.seed}, random results (5% draws); "
        "times in seconds per round"
    )
    header = (
        f"  {'engine':<22} {'rounds':>6} {'mean s':>10} {'max s':>9} {'rematches':>9} "
        f"{'2nd byes':>8} {'sum |diff|':>10} {'limits':>7} {'dues':>7}"
    )
    for n in sizes:
        mine, shared, dutch_bye, theirs = run_size(
            n, args.rounds, args.seed, peer, args.peer_budget
        )
        print(f"\n{n} players")
        print(header)
        print(row("ours (all rounds)", mine))
        if peer is not None:
            print(row("ours (same rounds)", shared))
            if n % 2:
                print(row("ours, FIDE-style bye", dutch_bye))
            print(row("caissify dutch 0.5.0", theirs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
