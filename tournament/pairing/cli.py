"""Command line: ``python -m tournament.pairing``.

- ``pair STATE.trf`` pairs the next round under MSO rules (all-play-all up to 10 players);
- ``--dutch FILE -p [OUT]`` pairs the next round as the FIDE (Dutch) reference programs do
  (bbpPairings / JaVaFo syntax: a Swiss, the bye to the lowest score group);
- ``--dutch FILE -c`` checks a finished (or running) event: every round our rules would have
  paired differently, and why (``check``);
- ``tables ...`` pairs tables of 3 or 4 (``tables_cli``).

Pairs are printed like bbpPairings and JaVaFo do: the number of pairs on the first line, then
one pair a line as starting ranks, the player who moves first (TRF white) first, and ``N 0`` for
the bye. TRF-16 and TRF-2026 files are read (``trf``).

Exit status, one meaning each: 0 paired (or, with ``-c``, every round as ours); 1 no legal
pairing exists (the reason on stderr), or with ``-c`` some round differs (listed on stdout);
2 bad input (the file's line and column, or the option); 3 internal error (one line on stderr,
never a traceback).

Start-up matters (callers run one process a round): only ``argparse`` is imported before the
command is known, the TRF reader and the pairing engine (rustworkx) only by the commands that
use them.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # not ``typing.TYPE_CHECKING``: importing typing costs start-up time
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from typing import NoReturn

    from .model import RoundPairing
    from .trf_model import TrfEvent

# As model.SYSTEMS, without importing the engine.
SYSTEMS = ("auto", "round-robin", "double-round-robin", "swiss")
ACCELERATIONS = ("baku",)


class BadInput(Exception):
    """Exit status 2: the message names the line and column (or the option)."""


def format_pairs(rp: RoundPairing) -> str:
    """bbpPairings-style output: count, then ``first second`` lines (``N 0`` for the bye)."""
    lines = [str(len(rp.pairings))]
    for p in rp.pairings:
        lines.append(f"{p.first} {p.second if p.second is not None else 0}")
    return "\n".join(lines) + "\n"


def decode_trf(data: bytes) -> str:
    """Text of a TRF file: UTF-8 (a leading byte-order mark dropped), else Windows-1252 / Latin-1
    as many FIDE-era programs write names; the fixed columns count characters either way."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def load_event(path: str) -> tuple[TrfEvent, str]:
    """The TRF event of ``path`` and its text; ``BadInput`` names what is wrong."""
    from .trf import TrfError, read_trf

    try:
        with open(path, "rb") as fh:
            text = decode_trf(fh.read())
    except OSError as exc:
        raise BadInput(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        event = read_trf(text)
    except TrfError as exc:
        raise BadInput(f"{path}: {exc}") from None
    if not event.players:
        raise BadInput(f"{path}: line 1, column 1: no player (001) lines")
    return event, text


def _system_from_file(records: Sequence[tuple[str, str]]) -> str | None:
    for code, value in records:
        if code == "XXS" and value.strip().lower() in SYSTEMS:
            return value.strip().lower()
    return None


def _no_rounds(path: str, text: str) -> BadInput:
    return BadInput(
        f"{path}: line {len(text.splitlines()) + 1}, column 1: no XXR or 142 line "
        "(total rounds); add one or pass --rounds"
    )


def _write(out: str, target: str | None) -> None:
    if target:
        try:
            with open(target, "w", encoding="utf-8") as fh:
                fh.write(out)
        except OSError as exc:
            raise BadInput(f"{target}: cannot write: {exc.strerror or exc}") from None
    else:
        sys.stdout.write(out)


def _pair(args: argparse.Namespace) -> int:
    from .model import NoPairingError
    from .systems import pair_round, resolve_system
    from .trf import TrfError, trf_to_states

    event, text = load_event(args.trf)
    system = args.system or _system_from_file(event.records) or "auto"
    try:
        states, rnd = trf_to_states(event, args.round)
    except TrfError as exc:
        raise BadInput(f"{args.trf}: {exc}") from None
    total = args.rounds or event.total_rounds
    chosen = resolve_system(system, len(states))
    if total is None:
        if chosen == "swiss":
            raise _no_rounds(args.trf, text)
        from .berger import double_round_robin_schedule, round_robin_schedule

        # An all-play-all lasts its table (a double one, twice); a Swiss fallback (see
        # ``pair_round``) looks ahead over the same rounds.
        twice = chosen == "double-round-robin"
        schedule = double_round_robin_schedule if twice else round_robin_schedule
        total = len(schedule(len(states)))
    try:
        rp = pair_round(
            states,
            rnd,
            max(total, rnd),
            system=system,
            acceleration=args.accelerate,
            top_seed_first=event.initial_colour != "b",
        )
    except NoPairingError as exc:
        print(f"round {rnd}: no legal pairing: {exc.message}", file=sys.stderr)
        return 1
    _write(format_pairs(rp), args.output)
    if args.explain:
        print(f"round {rnd} ({rp.system}):", file=sys.stderr)
        for p in rp.pairings:
            print(f"  board {p.board}: {p.reason}", file=sys.stderr)
        for note in rp.notes:
            print(f"  note: {note}", file=sys.stderr)
    return 0


def _dutch(args: argparse.Namespace | _Reference) -> int:
    from .model import NoPairingError

    event, text = load_event(args.dutch)
    if event.total_rounds is None:
        raise _no_rounds(args.dutch, text)
    if args.check:
        from .check import check_event

        differences = check_event(event)
        for line in differences:
            print(line)
        return 1 if differences else 0
    from .systems import pair_round
    from .trf import trf_to_states

    states, rnd = trf_to_states(event)
    try:
        rp = pair_round(
            states,
            rnd,
            max(event.total_rounds, rnd),
            system="swiss",
            bye_policy="lowest-score",
            top_seed_first=event.initial_colour != "b",
        )
    except NoPairingError as exc:
        print(f"round {rnd}: no legal pairing: {exc.message}", file=sys.stderr)
        return 1
    _write(format_pairs(rp), args.pairs)
    return 0


def _parser_class() -> type[argparse.ArgumentParser]:
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message: str) -> NoReturn:
            raise BadInput(f"{self.prog}: {message}")

    return Parser


def build_parser() -> argparse.ArgumentParser:
    _Parser = _parser_class()
    parser = _Parser(
        prog="python -m tournament.pairing",
        description="Pairing for Ingenious events (MSO rules).",
        epilog=(
            "Reference syntax (bbpPairings / JaVaFo): --dutch FILE -p [OUT] pairs the next "
            "round; --dutch FILE -c checks every round played. Exit status: 0 paired, 1 no "
            "legal pairing (or -c found differences), 2 bad input, 3 internal error."
        ),
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    pair = sub.add_parser(
        "pair",
        help="pair the next round of a TRF-16 or TRF-2026 file",
        description=(
            "Read a FIDE TRF-16 or TRF-2026 file and print the next round: the number of pairs, "
            "then 'first second' starting ranks one pair a line (first = TRF white), 'N 0' for "
            "the bye."
        ),
    )
    pair.add_argument("trf", help="TRF file with the rounds played so far")
    pair.add_argument(
        "--system",
        choices=SYSTEMS,
        help="pairing system (default: an 'XXS <system>' line, else auto)",
    )
    pair.add_argument("--rounds", type=int, help="total rounds (default: the XXR / 142 line)")
    pair.add_argument("--round", type=int, help="round to pair (default: the next one)")
    pair.add_argument("--accelerate", choices=ACCELERATIONS, help="Baku acceleration (Swiss)")
    pair.add_argument("-o", "--output", help="write the pairs to this file instead of stdout")
    pair.add_argument("--explain", action="store_true", help="print each board's reason on stderr")
    pair.set_defaults(func=_pair)
    sub.add_parser("tables", help="pair tables of 3 or 4 players (see 'tables --help')")
    return parser


def build_reference_parser() -> argparse.ArgumentParser:
    _Parser = _parser_class()
    parser = _Parser(
        prog="python -m tournament.pairing --dutch",
        description="FIDE (Dutch) Swiss, bbpPairings / JaVaFo syntax.",
    )
    parser.add_argument("--dutch", required=True, metavar="FILE", help="TRF-16 or TRF-2026 file")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument(
        "-p", dest="pairs", nargs="?", const="", metavar="OUT", help="pair the next round"
    )
    mode.add_argument("-c", dest="check", action="store_true", help="check every round played")
    return parser


class _Reference:
    """The reference syntax's options (``dutch``, ``pairs``, ``check``), as argparse names them."""

    def __init__(self, dutch: str, pairs: str | None, check: bool) -> None:
        self.dutch = dutch
        self.pairs = pairs
        self.check = check


def _reference_args(argv: list[str]) -> argparse.Namespace | _Reference:
    """``--dutch FILE -p [OUT]`` / ``--dutch FILE -c`` read without argparse (start-up time);
    anything else goes to argparse for its usage message."""
    rest = list(argv)
    dutch = pairs = None
    check = False
    while rest:
        arg = rest.pop(0)
        if arg == "--dutch" and rest and dutch is None:
            dutch = rest.pop(0)
        elif arg.startswith("--dutch=") and dutch is None:
            dutch = arg.removeprefix("--dutch=")
        elif arg == "-p" and pairs is None and not check:
            pairs = rest.pop(0) if rest and not rest[0].startswith("-") else ""
        elif arg == "-c" and pairs is None and not check:
            check = True
        else:
            return build_reference_parser().parse_args(argv)
    if dutch is None or (pairs is None and not check):
        return build_reference_parser().parse_args(argv)
    return _Reference(dutch, pairs, check)


def _run(argv: list[str]) -> int:
    if argv and argv[0] == "tables":
        from .tables_cli import main as tables_main

        return int(tables_main(argv[1:]))
    if any(a == "--dutch" or a.startswith("--dutch=") for a in argv):
        return _dutch(_reference_args(argv))
    args = build_parser().parse_args(argv)
    return int(args.func(args))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (module doc)."""
    try:
        return _run(list(sys.argv[1:] if argv is None else argv))
    except BadInput as exc:
        print(exc, file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help (0), or a subcommand's own exit
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 2)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 3
    except Exception as exc:  # the one place that turns any other failure into status 3
        print(f"internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 3


__all__ = ["BadInput", "build_parser", "decode_trf", "format_pairs", "load_event", "main"]
