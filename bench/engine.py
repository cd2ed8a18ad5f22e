"""Benchmark of the Ingenious rules engine (games/engine) against momaland's MO-Ingenious.

Usage: .venv/bin/python bench/engine.py [--games 1000] [--moma-games 100] [--seed 0]

1. Generates N random complete 2-player MSO games (full mode; not timed as a check).
2. Times checking them all (replay with every rule checked), from Record objects and from JSON
   text, in full and board mode.
3. Times random playouts with full legal-move generation (``random_game``: every legal placement
   of the rack is enumerated each ply, the game recorded and every action validated), and the
   same with the public ``legal_placements`` (one dict per legal placement).
4. Runs the command line, ``python -m games.engine check`` on a batch of ``--cli-files`` record
   files (complete 2-player games, JSON), as a user would: records per second of the whole
   process (start-up included), CPU time and wall time; and again kept to one CPU (a single
   process, no workers: the engine's own speed per CPU second).
5. Plays random 2-player games in momaland's IngeniousBase (radius-5 board, its own rules: it
   refills after every placement and ends a game when a rack runs empty; we compare speed, not
   results), choosing uniformly among the actions its mask allows.

Prints games per second for each and the ratios. One core (single-threaded); CPU time of the
process, best of 3 runs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.engine.gamerecord import Record  # noqa: E402
from games.engine.randomgame import (  # noqa: E402
    random_game,
    random_playout,
)
from games.engine.record import load_record  # noqa: E402
from games.engine.replaying import replay  # noqa: E402


def timed(fn: Callable[..., Any], *args: Any, repeat: int = 3) -> tuple[Any, float]:
    """Result and best CPU time of ``repeat`` runs.

    CPU time of this process (``time.process_time``), so that other work on the machine does not
    count; the best of several runs is the least disturbed (caches, frequency).
    """
    best = float("inf")
    out = None
    for _ in range(repeat):
        t0 = time.process_time()
        out = fn(*args)
        best = min(best, time.process_time() - t0)
    return out, best


def check_all(records: list[Record]) -> int:
    n = 0
    for r in records:
        g = replay(r)
        n += g.over
    return n


def check_texts(texts: list[str]) -> int:
    n = 0
    for t in texts:
        n += replay(load_record(t)).over
    return n


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _one_cpu() -> None:
    """In the child: run on one CPU only, so the command line checks in a single process."""
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def cli_check(
    texts: list[str], repeat: int, one_cpu: bool = False
) -> tuple[float, float, float, float]:
    """Best CPU and wall seconds of ``python -m games.engine check`` over one file per record
    (a fresh process each run, start-up included), then their medians; every record must come
    out valid. ``one_cpu``: the process is kept to one CPU, so it checks alone (no workers)."""
    preexec = _one_cpu if one_cpu and hasattr(os, "sched_setaffinity") else None
    cpus: list[float] = []
    walls: list[float] = []
    with tempfile.TemporaryDirectory(prefix="engine-bench-") as folder:
        paths = []
        for i, text in enumerate(texts):
            path = os.path.join(folder, f"game-{i:05d}.json")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            paths.append(path)
        command = [sys.executable, "-m", "games.engine", "check", *paths]
        # As a user runs it: from compiled bytecode (kept here, out of the work tree), which
        # a first, untimed run writes.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = os.path.join(folder, "pycache")
        subprocess.run(command[:5], cwd=ROOT, env=env, capture_output=True, check=True)
        for _ in range(repeat):
            cpu, wall = _children_cpu(), time.perf_counter()
            out = subprocess.run(
                command,
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                check=True,
                preexec_fn=preexec,
            )
            wall, cpu = time.perf_counter() - wall, _children_cpu() - cpu
            verdicts = [json.loads(line) for line in out.stdout.splitlines()]
            assert len(verdicts) == len(texts) and all(v["valid"] for v in verdicts)
            cpus.append(cpu)
            walls.append(wall)
    return min(cpus), min(walls), statistics.median(cpus), statistics.median(walls)


def recorded_games(n: int, seed: int) -> int:
    """Random games as records, every action checked by ``Game.apply``."""
    plies = 0
    for s in range(seed, seed + n):
        plies += sum(1 for a in random_game("mso", "full", s).actions if a["type"] == "place")
    return plies


def playouts(n: int, seed: int) -> int:
    """Random playouts: full legal-move generation each ply, moves applied trusted."""
    plies = 0
    for s in range(seed, seed + n):
        plies += random_playout("mso", s).plies
    return plies


def playouts_dicts(n: int, seed: int) -> int:
    """Random games choosing among ``Game.legal_placements()`` (one dict per placement)."""
    plies = 0
    for s in range(seed, seed + n):
        record = random_game("mso", "full", s, policy="dicts")
        plies += sum(1 for a in record.actions if a["type"] == "place")
    return plies


def momaland_games(n: int, seed: int) -> tuple[int, int] | None:
    try:
        import numpy as np
        from momaland.envs.ingenious.ingenious_base import IngeniousBase
    except ImportError:
        return None
    env = IngeniousBase(num_agents=2, board_size=6)  # board_size 6 = radius 5, 91 cells
    rng = random.Random(seed)
    steps = 0
    for s in range(seed, seed + n):
        env.reset_game(seed=s)
        while not env.end_flag:
            legal = np.flatnonzero(np.asarray(env.return_action_list()))
            if len(legal) == 0:
                break
            env.set_action_index(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return n, steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--moma-games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is shown")
    ap.add_argument("--cli-files", type=int, default=1000, help="records per command-line batch")
    args = ap.parse_args()
    rep = args.repeat
    n = args.games

    full = [random_game("mso", "full", s) for s in range(args.seed, args.seed + n)]
    board = [random_game("mso", "board", s) for s in range(args.seed, args.seed + n)]
    full_json = [json.dumps(r.to_json()) for r in full]
    actions = sum(len(r.actions) for r in full) / n
    plies = sum(1 for r in full for a in r.actions if a["type"] == "place") / n

    rows: list[tuple[str, float, float]] = []  # (what, games/s, ms/game)

    def row(what: str, games: int, seconds: float) -> float:
        rows.append((what, games / seconds, 1000 * seconds / games))
        return games / seconds

    _, t = timed(check_all, full, repeat=rep)
    check_full = row("check, full mode (Record)", n, t)
    _, t = timed(check_all, board, repeat=rep)
    row("check, board mode (Record)", n, t)
    _, t = timed(check_texts, full_json, repeat=rep)
    row("check, full mode (JSON text)", n, t)
    batch = [json.dumps(r.to_json()) for r in full[: args.cli_files]]
    batch += [
        json.dumps(random_game("mso", "full", s).to_json())
        for s in range(args.seed + n, args.seed + args.cli_files)
    ]
    cli_cpu, cli_wall, cli_cpu_median, cli_wall_median = cli_check(batch, rep)
    row(f"command line check, {len(batch)} files", len(batch), cli_cpu)
    solo_cpu, _, solo_cpu_median, _ = cli_check(batch, rep, one_cpu=True)
    row("  the same, one process on one CPU", len(batch), solo_cpu)
    _, t = timed(playouts, n, args.seed + 10**6, repeat=rep)
    play = row("random playout, full move gen", n, t)
    _, t = timed(recorded_games, n, args.seed + 10**6, repeat=rep)
    recorded = row("random game as checked record", n, t)
    k = max(1, n // 10)
    _, t = timed(playouts_dicts, k, args.seed + 2 * 10**6, repeat=rep)
    play_dicts = row("random game via legal_placements()", k, t)
    moma = timed(momaland_games, args.moma_games, args.seed, repeat=rep)
    moma_rate = None
    if moma[0] is not None:
        moma_rate = row("momaland IngeniousBase random game", args.moma_games, moma[1])

    print(
        f"Ingenious engine benchmark: {n} random complete 2-player MSO games "
        f"({actions:.1f} actions, {plies:.1f} placements per game in full mode)"
    )
    print(f"{'':38} {'games/s':>10} {'ms/game':>9} {'x momaland':>11}")
    for what, rate, ms in rows:
        ratio = f"{rate / moma_rate:10.1f}x" if moma_rate else f"{'n/a':>11}"
        print(f"{what:38} {rate:10.0f} {ms:9.3f} {ratio}")
    # Wall time: a large batch runs on every CPU (CPU time adds the processes up).
    cli_target = "met" if len(batch) / cli_wall >= 5000 else "NOT met"
    print(
        f"command line target 5,000 records/s (`python -m games.engine check` on "
        f"{len(batch)} files, start-up included, {os.cpu_count()} CPUs): "
        f"{len(batch) / cli_wall:,.0f}/s in wall time, {cli_target} "
        f"({len(batch) / cli_cpu:,.0f}/s per CPU second; wall time counts other load); "
        f"one process: {len(batch) / solo_cpu:,.0f}/s per CPU second"
    )
    print(
        f"  medians of {rep} runs: {len(batch) / cli_wall_median:,.0f}/s in wall time, "
        f"{len(batch) / cli_cpu_median:,.0f}/s per CPU second; one process: "
        f"{len(batch) / solo_cpu_median:,.0f}/s per CPU second"
    )
    target = "met" if 1000 / check_full < 0.2 else "NOT met"
    print(f"check target 0.2 ms/game (full mode): {1000 / check_full:.3f} ms/game, {target}")
    if moma_rate:
        print(
            f"playout target 20x momaland: {play / moma_rate:.1f}x "
            f"(as checked records: {recorded / moma_rate:.1f}x; "
            f"with legal_placements dicts: {play_dicts / moma_rate:.1f}x)"
        )
    else:
        print("momaland not installed (pip install --no-deps momaland): no comparison")


if __name__ == "__main__":
    main()
