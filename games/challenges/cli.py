"""Command line: ``python -m games.challenges check|random`` (CHALLENGES-RECORD.md).

``check FILE [FILE ...]`` (``-`` reads standard input) prints one JSON object per file, one line
each::

    {"file": "a.json", "valid": true, "over": true, "rows": [[...], [...]], "winner": 0,
     "to_move": null}
    {"file": "b.json", "valid": false, "error": {"index": 12, "code": "SWAP_NOT_ALLOWED",
     "message": "..."}}

Exit status: 0 when every file is legal, 1 when any is illegal, 2 when any cannot be read.

``random --challenge card|dice|tile [--players N] [--seed S] [--mode full|table]
[--no-setup-roll]`` prints one random, legal, complete game as a version-1 record.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from games.engine.errors import RecordError

from .board import CHALLENGES, MODES
from .randomgame import random_game
from .record import check_record, load_record

EXIT_OK, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as f:
        return f.read()


def _unreadable(message: str) -> dict[str, Any]:
    return {"valid": False, "error": {"index": None, "code": "BAD_RECORD", "message": message}}


def check_file(path: str) -> tuple[dict[str, Any], int]:
    """The verdict for one file and its exit status."""
    try:
        data = _read(path)
    except OSError as e:
        return {"file": path, **_unreadable(f"cannot read {path}: {e.strerror or e}")}, 2
    try:
        record = load_record(data)
    except RecordError as e:
        return {"file": path, "valid": False, "error": e.as_dict()}, EXIT_UNREADABLE
    except Exception as e:  # noqa: BLE001 - never a traceback for bad input
        return {"file": path, **_unreadable(f"cannot read the record: {e}")}, EXIT_UNREADABLE
    verdict = check_record(record)
    return {"file": path, **verdict}, EXIT_OK if verdict["valid"] else EXIT_ILLEGAL


def cmd_check(paths: Sequence[str], out: TextIO) -> int:
    status = EXIT_OK
    for path in paths:
        verdict, code = check_file(path)
        out.write(json.dumps(verdict) + "\n")
        out.flush()
        status = max(status, code)
    return status


def cmd_random(args: argparse.Namespace, out: TextIO) -> int:
    try:
        record = random_game(
            args.challenge, args.players, args.seed, args.mode, setup_roll=args.setup_roll
        )
    except ValueError as e:
        sys.stderr.write(f"error: {e}\n")
        return EXIT_UNREADABLE
    out.write(json.dumps(record.to_json()) + "\n")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m games.challenges",
        description="Ingenious Challenges (Card, Dice, Tile): check records, random games",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("check", help="check challenge records ('-' for stdin)")
    p.add_argument("files", nargs="+", metavar="FILE")
    p = sub.add_parser("random", help="print a random legal complete game")
    p.add_argument("--challenge", required=True, choices=CHALLENGES)
    p.add_argument("--players", type=int, default=2, help="2 to 4 (default 2)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--mode", default="full", choices=MODES)
    p.add_argument(
        "--no-setup-roll",
        dest="setup_roll",
        action="store_false",
        help="Dice Challenge: the optional starting rule (nobody rolls at set-up)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "check":
        return cmd_check(args.files, sys.stdout)
    return cmd_random(args, sys.stdout)
