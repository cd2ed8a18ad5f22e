"""Command line: ``python -m tournament.pairing pair STATE.trf``.

Prints the next round like bbpPairings and JaVaFo do: the number of pairs on the first line, then
one pair a line as starting ranks, the player who moves first (TRF white) first, and ``N 0`` for
the bye. Exit status: 0 paired, 1 no legal pairing (message on stderr), 2 unreadable input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .berger import round_robin_schedule
from .engine import pair_round, resolve_system
from .model import SYSTEMS, NoPairingError, RoundPairing
from .trf import TrfError, read_trf, trf_to_states


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


def _system_from_file(records: Sequence[tuple[str, str]]) -> str | None:
    for code, value in records:
        if code == "XXS" and value.strip().lower() in SYSTEMS:
            return value.strip().lower()
    return None


def _pair(args: argparse.Namespace) -> int:
    try:
        with open(args.trf, "rb") as fh:
            text = decode_trf(fh.read())
    except OSError as exc:
        print(f"{args.trf}: cannot read: {exc}", file=sys.stderr)
        return 2
    try:
        event = read_trf(text)
    except TrfError as exc:
        print(f"{args.trf}: {exc}", file=sys.stderr)
        return 2
    if not event.players:
        print(f"{args.trf}: line 1, column 1: no player (001) lines", file=sys.stderr)
        return 2
    system = args.system or _system_from_file(event.records) or "auto"
    try:
        states, rnd = trf_to_states(event, args.round)
    except TrfError as exc:
        print(f"{args.trf}: {exc}", file=sys.stderr)
        return 2
    total = args.rounds or event.total_rounds
    chosen = resolve_system(system, len(states))
    if total is None:
        if chosen == "swiss":
            print(
                f"{args.trf}: line {len(text.splitlines()) + 1}, column 1: no XXR line "
                "(total rounds); add one or pass --rounds",
                file=sys.stderr,
            )
            return 2
        # An all-play-all lasts its table; a Swiss fallback (see ``pair_round``) looks ahead
        # over the same rounds.
        total = len(round_robin_schedule(len(states)))
    try:
        rp = pair_round(states, rnd, max(total, rnd), system=system)
    except NoPairingError as exc:
        print(f"round {rnd}: no legal pairing: {exc.message}", file=sys.stderr)
        return 1
    out = format_pairs(rp)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(out)
    else:
        sys.stdout.write(out)
    if args.explain:
        print(f"round {rnd} ({rp.system}):", file=sys.stderr)
        for p in rp.pairings:
            print(f"  board {p.board}: {p.reason}", file=sys.stderr)
        for note in rp.notes:
            print(f"  note: {note}", file=sys.stderr)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tournament.pairing",
        description="Pairing for Ingenious events (MSO rules).",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    pair = sub.add_parser(
        "pair",
        help="pair the next round of a TRF-16 file",
        description=(
            "Read a FIDE TRF-16 file and print the next round: the number of pairs, then "
            "'first second' starting ranks one pair a line (first = TRF white), 'N 0' for the bye."
        ),
    )
    pair.add_argument("trf", help="TRF-16 file with the rounds played so far")
    pair.add_argument(
        "--system",
        choices=SYSTEMS,
        help="pairing system (default: an 'XXS <system>' line, else auto)",
    )
    pair.add_argument("--rounds", type=int, help="total rounds (default: the XXR line)")
    pair.add_argument("--round", type=int, help="round to pair (default: the next one)")
    pair.add_argument("-o", "--output", help="write the pairs to this file instead of stdout")
    pair.add_argument("--explain", action="store_true", help="print each board's reason on stderr")
    pair.set_defaults(func=_pair)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return int(args.func(args))


__all__ = ["build_parser", "decode_trf", "format_pairs", "main"]
