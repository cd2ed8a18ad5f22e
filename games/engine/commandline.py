"""What the two command lines share (``python -m games.engine``, ``python -m games.challenges``).

``check FILE [FILE ...]`` (``-`` reads standard input) prints one JSON object per file, one line
each, in the files' order: the verdict with ``"file"`` first. Exit status: 0 when every file is
legal, 1 when any is illegal, 2 when any cannot be read; never a traceback for bad input. A large
batch is checked by one process per CPU.

``random`` prints one random, legal, complete game as one line of JSON, or says on standard error
why it cannot (exit status 2).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TextIO, TypeVar

from .errors import RecordError

if TYPE_CHECKING:
    import argparse

EXIT_OK, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2

R = TypeVar("R")


def read_file(path: str) -> bytes:
    """A file's bytes (``-``: standard input's)."""
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as f:
        return f.read()


def write_text(out: TextIO, text: str) -> None:
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


@dataclass(frozen=True)
class Checker(Generic[R]):
    """How one command line checks a file: its reader (raises ``RecordError``) and its verdict
    on what it read. Module-level functions, so that a batch's workers can be sent it."""

    load: Callable[[bytes], R]
    verdict: Callable[[R], dict[str, Any]]

    def check_file(self, path: str) -> tuple[dict[str, Any], int]:
        """The verdict for one file and its exit status."""
        try:
            data = read_file(path)
        except OSError as e:
            return {"file": path, **_unreadable(f"cannot read {path}: {e.strerror or e}")}, 2
        try:
            record = self.load(data)
        except RecordError as e:
            return {"file": path, "valid": False, "error": e.as_dict()}, EXIT_UNREADABLE
        except Exception as e:  # noqa: BLE001 - never a traceback for bad input
            return {"file": path, **_unreadable(f"cannot read the record: {e}")}, EXIT_UNREADABLE
        verdict = self.verdict(record)
        return {"file": path, **verdict}, EXIT_OK if verdict["valid"] else EXIT_ILLEGAL

    def checked_line(self, path: str) -> tuple[str, int]:
        verdict, code = self.check_file(path)
        return json.dumps(verdict) + "\n", code


# Files per extra process: below this, starting workers costs more than they save.
FILES_PER_WORKER = 200


def workers(paths: Sequence[str]) -> int:
    if "-" in paths:  # standard input belongs to this process
        return 1
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, len(paths) // FILES_PER_WORKER))


def _checked_lines(checker: Checker[Any], paths: Sequence[str]) -> Iterator[tuple[str, int]]:
    """Each file's line and exit status, in the files' order; a large batch on several CPUs
    (records are independent, and the replay is pure Python: one process per CPU)."""
    n = workers(paths)
    if n > 1:
        import multiprocessing

        if "fork" in multiprocessing.get_all_start_methods():
            # fork: the workers start with the engine already imported
            with multiprocessing.get_context("fork").Pool(n) as pool:
                yield from pool.imap(checker.checked_line, paths, chunksize=50)
            return
    yield from map(checker.checked_line, paths)


def cmd_check(checker: Checker[Any], paths: Sequence[str], out: TextIO) -> int:
    status = EXIT_OK
    for line, code in _checked_lines(checker, paths):
        out.write(line)
        out.flush()
        status = max(status, code)
    return status


class Writable(Protocol):
    def to_json(self) -> dict[str, Any]: ...


W = TypeVar("W", bound=Writable)


def cmd_random(
    make: Callable[[], W], out: TextIO, as_text: Callable[[W], str] | None = None
) -> int:
    """Print the record ``make`` returns (one line of JSON, or ``as_text`` of it)."""
    try:
        record = make()
    except ValueError as e:
        sys.stderr.write(f"error: {e}\n")
        return EXIT_UNREADABLE
    if as_text is not None:
        write_text(out, as_text(record))
    else:
        out.write(json.dumps(record.to_json()) + "\n")
    return EXIT_OK


def main(
    argv: Sequence[str] | None,
    checker: Checker[Any],
    build_parser: Callable[[], argparse.ArgumentParser],
    commands: Mapping[str, Callable[[argparse.Namespace, TextIO], int]],
) -> int:
    """Run a command line whose ``check`` takes file names (``args.files``) and whose other
    commands are ``commands``."""
    words = sys.argv[1:] if argv is None else list(argv)
    out = sys.stdout
    if len(words) > 1 and words[0] == "check" and not any(w[:1] == "-" != w for w in words[1:]):
        # ``check`` and file names only (no option, ``--`` or help): what argparse would give,
        # without its import and set-up, a good part of a short run
        return cmd_check(checker, words[1:], out)
    args = build_parser().parse_args(argv)
    if args.command == "check":
        return cmd_check(checker, args.files, out)
    return commands[args.command](args, out)
