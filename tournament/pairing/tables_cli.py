"""Command line: ``python -m tournament.pairing tables STATE.json`` seats one round of tables.

STATE.json (``-`` reads standard input)::

    {"size": 4, "round": 3, "rounds": 7,
     "players": [{"id": 7, "score": 2.5, "met": [3, 12], "first_seats": 1, "absent": false}, ...]}

``size`` (3 or 4) and ``players`` are required; per player ``id`` is required and ``score`` (0),
``met`` (every earlier table-mate, once per meeting; []), ``first_seats`` (0), ``absent`` (false)
and ``rank`` (the player's place in the list) are optional; ``round`` defaults to 1,
``rounds`` to ``round`` and ``method`` (``--method``: auto, cpsat, search or greedy) to auto.
Prints ``{"tables": [[7, 3, 12, 9], ...]}``: top tables first, each in
seat order (the first moves first), absent players left out (and ``"bye": id`` when a single
player is present). ``--explain`` prints each table's reason and the notes on stderr.

Exit status: 0 seated; 2 bad input, with one line on stderr naming the field
(``players[3].score: expected a number``); 3 anything else, one line, never a traceback.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Sequence
from typing import Any

from .tables_model import TABLE_METHODS, TableError, TablePlayer

USAGE = "usage: python -m tournament.pairing tables [--method M] [--explain] STATE.json"
PLAYER_KEYS = ("id", "score", "met", "first_seats", "absent", "rank")
TOP_KEYS = ("size", "players", "round", "rounds", "method")


class BadInput(Exception):
    """One line for stderr, naming the field or argument at fault."""


def _int(value: Any, where: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{where}: expected a whole number, got {json.dumps(value)}")
    if value < minimum:
        raise BadInput(f"{where}: expected {minimum} or more, got {value}")
    return int(value)


def _player(raw: Any, k: int) -> TablePlayer:
    where = f"players[{k}]"
    if not isinstance(raw, dict):
        raise BadInput(f'{where}: expected an object like {{"id": 7, "score": 2.5}}')
    for key in raw:
        if key not in PLAYER_KEYS:
            raise BadInput(f"{where}.{key}: unknown field (known: {', '.join(PLAYER_KEYS)})")
    if "id" not in raw:
        raise BadInput(f"{where}.id: missing")
    pid = _int(raw["id"], f"{where}.id", 0)
    score = raw.get("score", 0)
    if isinstance(score, bool) or not isinstance(score, int | float):
        raise BadInput(f"{where}.score: expected a number, got {json.dumps(score)}")
    if not math.isfinite(score) or score < 0:
        raise BadInput(f"{where}.score: expected a number of 0 or more, got {score}")
    met = raw.get("met", [])
    if not isinstance(met, list):
        raise BadInput(f"{where}.met: expected a list of player ids, got {json.dumps(met)}")
    mates = []
    for j, other in enumerate(met):
        mate = _int(other, f"{where}.met[{j}]", 0)
        if mate == pid:
            raise BadInput(f"{where}.met[{j}]: player {pid} cannot have met themselves")
        mates.append(mate)
    first = _int(raw.get("first_seats", 0), f"{where}.first_seats", 0)
    absent = raw.get("absent", False)
    if not isinstance(absent, bool):
        raise BadInput(f"{where}.absent: expected true or false, got {json.dumps(absent)}")
    rank = _int(raw.get("rank", k + 1), f"{where}.rank", 0)
    return TablePlayer(pid, float(score), tuple(mates), first, absent, rank)


def read_state(data: Any) -> tuple[list[TablePlayer], int, int, int, str]:
    """(players, size, round, rounds, method) from a parsed STATE.json; BadInput names the field."""
    if not isinstance(data, dict):
        raise BadInput('(top level): expected an object like {"size": 4, "players": [...]}')
    for key in data:
        if key not in TOP_KEYS:
            raise BadInput(f"{key}: unknown field (known: {', '.join(TOP_KEYS)})")
    if "size" not in data:
        raise BadInput("size: missing (3 or 4 players a table)")
    size = _int(data["size"], "size", 0)
    if size not in (3, 4):
        raise BadInput(f"size: expected 3 or 4, got {size}")
    if "players" not in data:
        raise BadInput("players: missing (a list of players)")
    if not isinstance(data["players"], list):
        raise BadInput(f"players: expected a list, got {type(data['players']).__name__}")
    players = [_player(raw, k) for k, raw in enumerate(data["players"])]
    seen: dict[int, int] = {}
    for k, p in enumerate(players):
        if p.id in seen:
            raise BadInput(f"players[{k}].id: duplicate id {p.id} (also players[{seen[p.id]}])")
        seen[p.id] = k
    rnd = _int(data.get("round", 1), "round", 1)
    rounds = _int(data.get("rounds", rnd), "rounds", 1)
    if rounds < rnd:
        raise BadInput(f"rounds: expected at least the round number {rnd}, got {rounds}")
    method = data.get("method", "auto")
    if method not in TABLE_METHODS:
        raise BadInput(f"method: expected one of {', '.join(TABLE_METHODS)}, got {method!r}")
    return players, size, rnd, rounds, str(method)


def _args(argv: Sequence[str]) -> tuple[str, str | None, bool]:
    path: str | None = None
    method: str | None = None
    explain = False
    rest = list(argv)
    while rest:
        arg = rest.pop(0)
        if arg in ("-h", "--help"):
            print(USAGE)
            print(__doc__.split("\n\n", 1)[1] if __doc__ else "")
            raise SystemExit(0)
        if arg == "--explain":
            explain = True
        elif arg == "--method" or arg.startswith("--method="):
            value = arg.partition("=")[2] if "=" in arg else (rest.pop(0) if rest else "")
            if value not in TABLE_METHODS:
                raise BadInput(f"--method: expected one of {', '.join(TABLE_METHODS)}")
            method = value
        elif arg.startswith("-") and arg != "-":
            raise BadInput(f"{arg}: unknown option; {USAGE}")
        elif path is None:
            path = arg
        else:
            raise BadInput(f"{arg}: one STATE.json only; {USAGE}")
    if path is None:
        raise BadInput(f"STATE.json: missing; {USAGE}")
    return path, method, explain


def _load(path: str) -> Any:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise BadInput(f"{path}: cannot read: {reason}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(
            f"{path}: line {exc.lineno}, column {exc.colno}: not valid JSON ({exc.msg})"
        ) from None
    except RecursionError:
        raise BadInput(f"{path}: nested too deeply") from None


def _seat(argv: Sequence[str]) -> int:
    path, method, explain = _args(argv)
    players, size, rnd, rounds, file_method = read_state(_load(path))
    from .tables import seat_tables

    try:
        tr = seat_tables(players, size, rnd, rounds, method=method or file_method)
    except TableError as exc:
        raise BadInput(str(exc)) from None
    out: dict[str, Any] = {"tables": [list(t.seats) for t in tr.tables]}
    if tr.bye is not None:
        out["bye"] = tr.bye
    sys.stdout.write(json.dumps(out) + "\n")
    if explain:
        for t in tr.tables:
            print(f"table {t.number}: {' '.join(map(str, t.seats))}: {t.reason}", file=sys.stderr)
        for note in tr.notes:
            print(f"note: {note}", file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``tables``; returns the exit status (module docstring)."""
    try:
        return _seat(list(sys.argv[1:] if argv is None else argv))
    except BadInput as exc:
        print(str(exc).replace("\n", " "), file=sys.stderr)
        return 2
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 0
    except BaseException as exc:  # noqa: BLE001 - the one line promised instead of a traceback
        if isinstance(exc, KeyboardInterrupt):
            print("interrupted", file=sys.stderr)
            return 130
        print(f"internal error: {type(exc).__name__}: {exc}".replace("\n", " "), file=sys.stderr)
        return 3


__all__ = ["BadInput", "main", "read_state"]
