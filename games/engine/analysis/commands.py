"""The command lines ``python -m games.engine analyse|play`` (wired up in ``games.engine.cli``).

``analyse FILE [FILE ...]`` (``-`` reads standard input) prints, per file, one JSON object per
judged decision (a placement or a swap decision, see ``report``), then one with the file's
``summary``; each line has ``"file"`` first. A file that cannot be read or is illegal gets one
line with ``"error"`` (exit status 2 unreadable, 1 illegal, as ``check``).

``play --policy engine --vs greedy --games N --seed S`` plays N two-player games (each deal
twice, the seats swapped: N is rounded up to even) and prints the win rate with its 95 % Wilson
interval (``--json``: as one JSON object).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from ..commandline import EXIT_ILLEGAL, EXIT_OK, EXIT_UNREADABLE, read_file
from ..errors import RecordError
from ..loading import load_record
from ..replaying import check_record
from .players import POLICIES, MatchResult, match
from .report import analyse_record, summary
from .search import DEFAULT_BUDGET, Budget

if TYPE_CHECKING:
    import argparse


def add_budget(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--candidates",
        type=int,
        default=DEFAULT_BUDGET.candidates,
        help="the statically best placements simulated",
    )
    p.add_argument(
        "--worlds", type=int, default=DEFAULT_BUDGET.worlds, help="sampled worlds per candidate"
    )
    p.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="a time cap per decision (the result is then not reproducible)",
    )
    p.add_argument("--seed", type=int, default=0)


def add_commands(sub: Any) -> None:
    """The two subcommands' options, on ``cli``'s subparsers."""
    p = sub.add_parser("analyse", help="judge every placement of finished games (JSON lines)")
    p.add_argument("files", nargs="+", metavar="FILE")
    add_budget(p)
    p = sub.add_parser("play", help="play a policy against another; print the win rate")
    p.add_argument("--policy", default="engine", choices=POLICIES)
    p.add_argument("--vs", default="greedy", choices=POLICIES)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--ruleset", default="mso", choices=("mso", "standard"))
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    add_budget(p)


def budget_of(args: argparse.Namespace) -> Budget:
    return Budget(max(0, args.candidates), max(0, args.worlds), args.seconds)


def _line(out: TextIO, obj: dict[str, Any]) -> None:
    out.write(json.dumps(obj) + "\n")
    out.flush()


def _printer(out: TextIO, path: str) -> Callable[[dict[str, Any]], None]:
    """Print each judgement as it comes, the file's name first."""
    return lambda entry: _line(out, {"file": path, **entry})


def cmd_analyse(args: argparse.Namespace, out: TextIO) -> int:
    budget = budget_of(args)
    status = EXIT_OK
    for path in args.files:
        try:
            record = load_record(read_file(path))
        except OSError as e:
            _line(out, {"file": path, "error": f"cannot read {path}: {e.strerror or e}"})
            status = max(status, EXIT_UNREADABLE)
            continue
        except RecordError as e:
            _line(out, {"file": path, "error": e.as_dict()})
            status = max(status, EXIT_UNREADABLE)
            continue
        verdict = check_record(record)
        if not verdict["valid"]:
            _line(out, {"file": path, "error": verdict["error"]})
            status = max(status, EXIT_ILLEGAL)
            continue
        judged = analyse_record(record, budget, args.seed, _printer(out, path))
        _line(out, {"file": path, "summary": summary(judged, len(record.players))})
    return status


def describe(result: MatchResult) -> str:
    low, high = result.interval()
    return (
        f"{result.policy} vs {result.vs}: {result.wins} won, {result.draws} drawn, "
        f"{result.losses} lost of {result.games} games: {100 * result.rate:.1f} % "
        f"(95 % interval {100 * low:.1f} to {100 * high:.1f} %)"
    )


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    if args.games < 1:
        sys.stderr.write("error: --games must be at least 1\n")
        return EXIT_UNREADABLE
    deals = (args.games + 1) // 2  # each deal twice, the seats swapped
    result = match(args.policy, args.vs, deals, args.seed, budget_of(args), args.ruleset)
    if args.json:
        _line(out, result.as_dict())
    else:
        out.write(describe(result) + "\n")
    return EXIT_OK
