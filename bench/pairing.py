"""Benchmark of the Swiss pairing against caissify-pairings' FIDE Dutch engine and a greedy
baseline (not a test).

Plays seeded random events (random results, a few draws) paired by our engine; each round, the
same states are also given to caissify-pairings (``generate_pairings("dutch", ...)``, our first
player mapped to its white) while its time budget lasts, and to a greedy baseline (top down,
each player with the nearest one not met; the bye to the lowest-ranked without one), so that
fields too large for caissify (1,000 and 2,000 players) still print beside something. Measured:

- CPU time per round (``time.process_time`` of the process that paired, so that the other
  load of a shared machine disturbs it little; the 2,000-player target is under 2 s a round);
- rematches and repeated byes (both must be 0);
- sum of score differences over the games;
- first-move limit breaks (a player moving first, or second, three games in a row, or firsts and
  seconds more than 2 apart) and due misses (a player not getting the turn they were due).

Only our pairing is played, so both engines always see the same states. caissify is pure Python on
networkx and slow on large fields (about 90 s per round at 200 players here): it runs while its
time budget per field size lasts (``--peer-budget``), and the rounds it skipped are reported.

    .venv/bin/python bench/pairing.py --sizes 50,100,200,500,1000,2000 --rounds 9
    .venv/bin/python bench/pairing.py --sizes 2000 --rounds 3 --no-peer   # a quick look
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

from tournament.pairing.firstmove import FIRST, NONE, breaks_limits, due_of  # noqa: E402
from tournament.pairing.model import NoPairingError, PlayerState, RoundPairing
from tournament.pairing.state import apply_results
from tournament.pairing.systems import pair_round

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


def baseline(states: Sequence[PlayerState], rnd: int, total: int) -> Pairs:
    """Greedy pairing: by score then rank, each player with the nearest one not met; the first
    move to whoever is due it (else the higher). Stalls are counted as failures."""
    field = sorted(
        (p for p in states if p.active and not p.wants_bye), key=lambda p: (-p.score, p.rank)
    )
    pairs: Pairs = []
    if len(field) % 2:
        bye = next((p for p in reversed(field) if p.byes == 0), field[-1])
        field.remove(bye)
        pairs.append((bye.id, None))
    left = list(field)
    games: Pairs = []
    while left:
        a = left.pop(0)
        j = next((i for i, b in enumerate(left) if b.id not in a.opponents), None)
        if j is None:
            raise NoPairingError(f"greedy: #{a.rank} has met everyone left")
        b = left.pop(j)
        a_first = due_of(a.firsts).direction != -1 and due_of(b.firsts).direction != 1
        games.append((a.id, b.id) if a_first else (b.id, a.id))
    return games + pairs


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
        t0 = time.process_time()
        pairs = peer(states, rnd, total)
        queue.put(("ok", (pairs, time.process_time() - t0)))
    except Exception as exc:  # reported by the parent
        queue.put(("error", f"{type(exc).__name__}: {exc}"))


def call_with_timeout(peer, states, rnd: int, total: int, timeout: float) -> tuple[str, object]:
    """Run the peer in a child process: ("ok", (pairs, cpu seconds)), ("error", message) or
    ("timeout", None)."""
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
) -> tuple[Tally, Tally, Tally, Tally, Tally]:
    """Tallies: ours over all rounds; ours over the rounds the peer ran; ours with the FIDE-style
    bye (lowest score group, not lowest rank) on those rounds; the peer; the greedy baseline."""
    rng = random.Random(seed * 1000 + n)
    states = [PlayerState(id=r, rank=r) for r in range(1, n + 1)]
    mine, mine_shared, dutch_bye, theirs, greedy = Tally(), Tally(), Tally(), Tally(), Tally()
    spent = 0.0
    for rnd in range(1, rounds + 1):
        t0 = time.process_time()
        try:
            pairs, rp = ours(states, rnd, rounds)
        except NoPairingError as exc:
            print(f"  n={n} round {rnd}: our engine found no pairing: {exc.message}")
            mine.failed += rounds - rnd + 1
            break
        t_ours = time.process_time() - t0
        mine.add(states, pairs, t_ours)
        t0 = time.process_time()
        try:
            simple = baseline(states, rnd, rounds)
            greedy.add(states, simple, time.process_time() - t0)
        except NoPairingError:
            greedy.failed += 1
        if peer is not None and spent < peer_budget:
            t0 = time.perf_counter()
            status, value = call_with_timeout(peer, states, rnd, rounds, peer_budget - spent)
            spent += time.perf_counter() - t0
            if status == "error":
                theirs.failed += 1
                print(f"  n={n} round {rnd}: caissify failed: {value}")
            elif status == "timeout":
                theirs.skipped += 1
                print(f"  n={n} round {rnd}: caissify still running at its budget: stopped")
            else:
                peer_pairs, t_peer = value  # type: ignore[misc]
                theirs.add(states, peer_pairs, t_peer)
                mine_shared.add(states, pairs, t_ours)
                t0 = time.process_time()
                alt, _ = ours(states, rnd, rounds, "lowest-score")
                dutch_bye.add(states, alt, time.process_time() - t0)
        elif peer is not None:
            theirs.skipped += 1
        states = apply_results(states, rp, outcomes(rp, rng))
    return mine, mine_shared, dutch_bye, theirs, greedy


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
    parser.add_argument(
        "--sizes", default="50,100,200,500,1000,2000", help="field sizes, comma-separated"
    )
    parser.add_argument("--rounds", type=int, default=9, help="rounds per event")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--peer-budget",
        type=float,
        default=60.0,
        help="seconds of caissify time per field size (it is slow on large fields)",
    )
    parser.add_argument(
        "--peer-max",
        type=int,
        default=200,
        help="largest field given to caissify (about 90 s a round at 200 players)",
    )
    parser.add_argument("--no-peer", action="store_true", help="do not run caissify-pairings")
    args = parser.parse_args(argv)
    sizes = [int(x) for x in args.sizes.split(",") if x.strip()]
    peer = None if args.no_peer else load_peer()
    if peer is None and not args.no_peer:
        print("caissify-pairings is not installed: only our engine runs")
    print(
        f"{args.rounds}-round Swiss events, seed {args.seed}, random results (5% draws); "
        "CPU seconds per round"
    )
    header = (
        f"  {'engine':<22} {'rounds':>6} {'mean s':>10} {'max s':>9} {'rematches':>9} "
        f"{'2nd byes':>8} {'sum |diff|':>10} {'limits':>7} {'dues':>7}"
    )
    summary = []
    for n in sizes:
        mine, shared, dutch_bye, theirs, greedy = run_size(
            n, args.rounds, args.seed, peer if n <= args.peer_max else None, args.peer_budget
        )
        print(f"\n{n:,} players")
        print(header)
        print(row("ours (all rounds)", mine))
        if peer is not None and n > args.peer_max:
            print(f"  {'caissify dutch 0.5.0':<22} not run above {args.peer_max} players")
        elif peer is not None:
            print(row("ours (same rounds)", shared))
            if n % 2:
                print(row("ours, FIDE-style bye", dutch_bye))
            print(row("caissify dutch 0.5.0", theirs))
        print(row("greedy baseline", greedy))
        summary.append((n, mine, theirs, greedy))
    print(f"\nsummary: CPU seconds per round, mean (max) over the rounds run of {args.rounds}")
    print(f"  {'players':>8} {'ours':>20} {'caissify':>20} {'greedy':>20}")
    for n, mine, theirs, greedy in summary:
        cells = [
            f"{statistics.fmean(t.times):.3f} ({max(t.times):.3f}) {t.rounds}r" if t.times else "-"
            for t in (mine, theirs, greedy)
        ]
        print(f"  {n:>8,} {cells[0]:>20} {cells[1]:>20} {cells[2]:>20}")
    big = [(n, max(m.times)) for n, m, _, _ in summary if n >= 2000 and m.times]
    for n, worst in big:
        verdict = "met" if worst < 2.0 else "NOT met"
        print(f"  target {n:,} players under 2 s a round: {verdict} (slowest {worst:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
