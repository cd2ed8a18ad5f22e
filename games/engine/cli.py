"""Command line: ``python -m games.engine check|random|convert|analyse|play``.

``check FILE [FILE ...]`` (``-`` reads standard input; JSON or the text form, auto-detected)
prints one JSON object per file, one line each::

    {"file": "a.json", "valid": true, "over": true, "scores": [[...], [...]], "to_move": null,
     "winner": 0, "plies": 41}
    {"file": "b.json", "valid": false, "error": {"index": 17, "code": "CELL_OCCUPIED",
     "message": "..."}}

Exit status: 0 when every file is legal, 1 when any is illegal, 2 when any cannot be read.
A large batch is checked by one process per CPU, its lines printed in the files' order.

``random [--ruleset mso] [--mode full] [--seed 7] [--players N] [--text]`` prints one random,
legal, complete game as a version-1 JSON record (or in the text form).

``convert FILE [--to text|json]`` converts a record between the two forms.

``analyse FILE [FILE ...]`` judges every placement of finished games and ``play --policy engine
--vs greedy --games N --seed S`` plays the engine against a baseline: see
``analysis.commands`` (imported only for them: ``check`` stays quick to start).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from . import commandline
from .commandline import EXIT_OK, EXIT_UNREADABLE, Checker, read_file, write_text
from .errors import RecordError
from .gamerecord import Record
from .loading import load_record
from .randomgame import random_game
from .replaying import check_record
from .rulesets import RULESETS

if TYPE_CHECKING:
    import argparse

#: How ``check`` reads and checks a file (either form).
CHECKER = Checker(load_record, check_record)


def cmd_random(args: argparse.Namespace, out: TextIO) -> int:
    return commandline.cmd_random(
        lambda: random_game(args.ruleset, args.mode, args.seed, args.players),
        out,
        Record.to_text if args.text else None,
    )


def cmd_convert(args: argparse.Namespace, out: TextIO) -> int:
    try:
        record = load_record(read_file(args.file))
    except OSError as e:
        sys.stderr.write(f"error: cannot read {args.file}: {e.strerror or e}\n")
        return EXIT_UNREADABLE
    except RecordError as e:
        sys.stderr.write(f"error: {args.file}: {e}\n")
        return EXIT_UNREADABLE
    if args.to == "text":
        write_text(out, record.to_text())
    else:
        out.write(json.dumps(record.to_json(), indent=1) + "\n")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    import argparse  # (not needed by a plain ``check``: see ``commandline.main``)

    parser = argparse.ArgumentParser(
        prog="python -m games.engine", description="Ingenious rules engine"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("check", help="check records (JSON or text form; '-' for stdin)")
    p.add_argument("files", nargs="+", metavar="FILE")
    p = sub.add_parser("random", help="print a random legal complete game")
    p.add_argument("--ruleset", default="mso", choices=sorted(RULESETS))
    p.add_argument("--mode", default="full", choices=("full", "board"))
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--text", action="store_true", help="print the text form")
    p = sub.add_parser("convert", help="convert a record between JSON and the text form")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--to", choices=("text", "json"), default="text")
    from .analysis.commands import add_commands

    add_commands(sub)
    return parser


def cmd_analyse(args: argparse.Namespace, out: TextIO) -> int:
    from .analysis.commands import cmd_analyse as run

    return run(args, out)


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    from .analysis.commands import cmd_play as run

    return run(args, out)


def main(argv: Sequence[str] | None = None) -> int:
    return commandline.main(
        argv,
        CHECKER,
        build_parser,
        {"random": cmd_random, "convert": cmd_convert, "analyse": cmd_analyse, "play": cmd_play},
    )
