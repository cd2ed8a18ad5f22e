"""Command line: ``python -m games.challenges check|random`` (CHALLENGES-RECORD.md).

``check FILE [FILE ...]`` (``-`` reads standard input) prints one JSON object per file, one line
each::

    {"file": "a.json", "valid": true, "over": true, "rows": [[...], [...]], "winner": 0,
     "to_move": null}
    {"file": "b.json", "valid": false, "error": {"index": 12, "code": "SWAP_NOT_ALLOWED",
     "message": "..."}}

Exit status: 0 when every file is legal, 1 when any is illegal, 2 when any cannot be read.
A large batch is checked by one process per CPU (``games.engine.commandline``).

``random --challenge card|dice|tile [--players N] [--seed S] [--mode full|table]
[--no-setup-roll]`` prints one random, legal, complete game as a version-1 record.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from games.engine import commandline
from games.engine.commandline import Checker

from .board import CHALLENGES, MODES
from .randomgame import random_game
from .record import check_record, load_record

if TYPE_CHECKING:
    import argparse

#: How ``check`` reads and checks a file.
CHECKER = Checker(load_record, check_record)


def cmd_random(args: argparse.Namespace, out: TextIO) -> int:
    return commandline.cmd_random(
        lambda: random_game(
            args.challenge, args.players, args.seed, args.mode, setup_roll=args.setup_roll
        ),
        out,
    )


def build_parser() -> argparse.ArgumentParser:
    import argparse  # (not needed by a plain ``check``: see ``commandline.main``)

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
    return commandline.main(argv, CHECKER, build_parser, {"random": cmd_random})
