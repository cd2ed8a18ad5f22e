"""Command line: ``python -m games.engine check|random|convert``.

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
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from .errors import RecordError
from .loading import check_record, load_record
from .randomgame import random_game
from .rulesets import RULESETS

if TYPE_CHECKING:
    import argparse

EXIT_OK, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as f:
        return f.read()


def _write_text(out: TextIO, text: str) -> None:
    """Write UTF-8 whatever the locale (names may be in any script)."""
    buffer = getattr(out, "buffer", None)
    if buffer is not None:
        out.flush()
        buffer.write(text.encode("utf-8"))
        buffer.flush()
    else:
        out.write(text)


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
        return {"file": path, **{"valid": False, "error": e.as_dict()}}, EXIT_UNREADABLE
    except Exception as e:  # noqa: BLE001 - never a traceback for bad input
        return {"file": path, **_unreadable(f"cannot read the record: {e}")}, EXIT_UNREADABLE
    verdict = check_record(record)
    return {"file": path, **verdict}, EXIT_OK if verdict["valid"] else EXIT_ILLEGAL


def _checked_line(path: str) -> tuple[str, int]:
    verdict, code = check_file(path)
    return json.dumps(verdict) + "\n", code


# Files per extra process: below this, starting workers costs more than they save.
FILES_PER_WORKER = 200


def _workers(paths: Sequence[str]) -> int:
    if "-" in paths:  # standard input belongs to this process
        return 1
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, len(paths) // FILES_PER_WORKER))


def _checked_lines(paths: Sequence[str]) -> Iterator[tuple[str, int]]:
    """Each file's line and exit status, in the files' order; a large batch on several CPUs
    (records are independent, and the replay is pure Python: one process per CPU)."""
    workers = _workers(paths)
    if workers > 1:
        import multiprocessing

        if "fork" in multiprocessing.get_all_start_methods():
            # fork: the workers start with the engine already imported
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                yield from pool.imap(_checked_line, paths, chunksize=50)
            return
    yield from map(_checked_line, paths)


def cmd_check(paths: Sequence[str], out: TextIO) -> int:
    status = EXIT_OK
    for line, code in _checked_lines(paths):
        out.write(line)
        out.flush()
        status = max(status, code)
    return status


def cmd_random(args: argparse.Namespace, out: TextIO) -> int:
    try:
        record = random_game(args.ruleset, args.mode, args.seed, args.players)
    except ValueError as e:
        sys.stderr.write(f"error: {e}\n")
        return EXIT_UNREADABLE
    if args.text:
        _write_text(out, record.to_text())
    else:
        out.write(json.dumps(record.to_json()) + "\n")
    return EXIT_OK


def cmd_convert(args: argparse.Namespace, out: TextIO) -> int:
    try:
        record = load_record(_read(args.file))
    except OSError as e:
        sys.stderr.write(f"error: cannot read {args.file}: {e.strerror or e}\n")
        return EXIT_UNREADABLE
    except RecordError as e:
        sys.stderr.write(f"error: {args.file}: {e}\n")
        return EXIT_UNREADABLE
    if args.to == "text":
        _write_text(out, record.to_text())
    else:
        out.write(json.dumps(record.to_json(), indent=1) + "\n")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    import argparse  # (not needed by a plain ``check``: see ``main``)

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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    out = sys.stdout
    if len(words) > 1 and words[0] == "check" and not any(w[:1] == "-" != w for w in words[1:]):
        # ``check`` and file names only (no option, ``--`` or help): what argparse would give,
        # without its import and set-up, a good part of a short run
        return cmd_check(words[1:], out)
    args = build_parser().parse_args(argv)
    if args.command == "check":
        return cmd_check(args.files, out)
    if args.command == "random":
        return cmd_random(args, out)
    return cmd_convert(args, out)
