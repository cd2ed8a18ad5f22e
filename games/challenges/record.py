"""The challenge record, version 1 (CHALLENGES-RECORD.md): reading, writing and checking.

Reading checks the record's structure (format, challenge, mode, players, options, a list of
action objects) and raises ``RecordError`` with a line and column when it cannot be read; the
actions' content is checked when the record is replayed, so an illegal action is reported with
its index, code and message (``IllegalAction``), like the board game's records.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from games.engine.errors import IllegalAction, RecordError
from games.engine.gamerecord import locate
from games.engine.header import EXTRA_KEY_RE

from .board import CHALLENGES, MODES, ChallengeGame
from .card import CardChallenge
from .dice import DiceChallenge
from .tile import TileChallenge

FORMAT = "ingenious-challenge-record/1"
KNOWN_KEYS = ("format", "challenge", "mode", "players", "options", "actions")
#: Options each challenge knows, with their type.
OPTIONS: dict[str, dict[str, type]] = {"card": {}, "dice": {"setup_roll": bool}, "tile": {}}


@cache
def record_schema() -> dict[str, Any]:
    """The JSON Schema of the record's form (``record.schema.json`` beside this module), for the
    API and for tools; the rules themselves are checked by ``replay``."""
    text = (Path(__file__).parent / "record.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


class Invalid(Exception):
    """A structural problem at a path inside the record (mapped to a line and column)."""

    def __init__(self, path: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


@dataclass
class ChallengeRecord:
    """A version-1 challenge record."""

    challenge: str
    mode: str
    players: list[str]
    actions: list[dict[str, Any]] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def new_game(self) -> ChallengeGame:
        return new_game(self.challenge, self.players, self.mode, self.options)

    def to_json(self) -> dict[str, Any]:
        """The JSON object (``options`` omitted when empty; extra keys kept)."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "challenge": self.challenge,
            "mode": self.mode,
            "players": list(self.players),
        }
        if self.options:
            out["options"] = dict(self.options)
        out.update(self.extra)
        out["actions"] = [dict(a) for a in self.actions]
        return out

    def dumps(self, indent: int | None = None) -> str:
        return json.dumps(self.to_json(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, data: str | bytes | dict[str, Any]) -> ChallengeRecord:
        """Read a record from JSON text or an already-parsed object; raises ``RecordError``."""
        text: str | None = None
        if isinstance(data, bytes):
            try:
                data = data.decode("utf-8-sig")
            except UnicodeDecodeError as e:
                raise RecordError(f"not UTF-8 text: {e.reason}", 1, 1) from None
        if isinstance(data, str):
            text = data
            try:
                obj = json.loads(text)
            except json.JSONDecodeError as e:
                raise RecordError(f"invalid JSON: {e.msg}", e.lineno, e.colno) from None
            except RecursionError:
                raise RecordError("invalid JSON: nested too deeply", 1, 1) from None
        else:
            obj = data
        try:
            return cls._from_obj(obj)
        except Invalid as e:
            line, col = locate(text, e.path) if text is not None else (0, 0)
            raise RecordError(f"{path_str(e.path)}{e.message}", line, col) from None

    @classmethod
    def _from_obj(cls, obj: Any) -> ChallengeRecord:
        if not isinstance(obj, dict):
            raise Invalid((), "a record must be a JSON object")
        fmt = obj.get("format")
        if fmt != FORMAT:
            where: tuple[str, ...] = ("format",) if "format" in obj else ()
            raise Invalid(where, f'"format" must be {FORMAT!r}, not {fmt!r}')
        challenge = obj.get("challenge")
        if type(challenge) is not str or challenge not in CHALLENGES:
            raise Invalid(
                ("challenge",), f'"challenge" must be card, dice or tile, not {challenge!r}'
            )
        mode = obj.get("mode")
        if type(mode) is not str or mode not in MODES:
            raise Invalid(("mode",), f"\"mode\" must be 'full' or 'table', not {mode!r}")
        players = obj.get("players")
        if type(players) is not list or not all(type(p) is str for p in players):
            raise Invalid(("players",), '"players" must be a list of names (strings)')
        if not 2 <= len(players) <= 4:
            raise Invalid(("players",), f"a challenge is for 2 to 4 players, not {len(players)}")
        options = obj.get("options", {})
        if type(options) is not dict:
            raise Invalid(("options",), '"options" must be an object such as {"setup_roll": false}')
        known = OPTIONS[challenge]
        for key, value in options.items():
            if key not in known:
                hint = f" (known: {', '.join(known)})" if known else " (it has none)"
                raise Invalid(
                    ("options", key), f"unknown option {key!r} for the {challenge} challenge{hint}"
                )
            if type(value) is not known[key]:
                raise Invalid(("options", key), f"option {key!r} must be true or false")
        extra: dict[str, Any] = {}
        for key, value in obj.items():
            if key in KNOWN_KEYS:
                continue
            if not EXTRA_KEY_RE.fullmatch(key):
                raise Invalid((key,), f"unexpected key {key!r}")
            extra[key] = value
        actions = obj.get("actions")
        if type(actions) is not list:
            raise Invalid(
                ("actions",) if "actions" in obj else (), '"actions" must be a list of actions'
            )
        for i, a in enumerate(actions):
            if type(a) is not dict:
                raise Invalid(("actions", i), f"action {i} must be a JSON object")
        return cls(challenge, mode, list(players), [dict(a) for a in actions], dict(options), extra)


def path_str(path: tuple[str | int, ...]) -> str:
    if not path:
        return ""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".") + ": "


def new_game(
    challenge: str, players: list[str], mode: str = "full", options: dict[str, Any] | None = None
) -> ChallengeGame:
    """A fresh game of ``challenge`` for ``players`` (names in seat order)."""
    options = options or {}
    if challenge == "card":
        return CardChallenge(players, mode)
    if challenge == "dice":
        return DiceChallenge(players, mode, bool(options.get("setup_roll", True)))
    if challenge == "tile":
        return TileChallenge(players, mode)
    raise ValueError(f"challenge must be card, dice or tile, not {challenge!r}")


def load_record(text: str | bytes) -> ChallengeRecord:
    """Read a record from JSON text; raises ``RecordError``."""
    return ChallengeRecord.from_json(text)


def replay(record: ChallengeRecord) -> ChallengeGame:
    """Apply every action with every rule checked; raises ``IllegalAction`` at the first illegal
    one."""
    game = record.new_game()
    for action in record.actions:
        game.apply(action)
    return game


def check_record(record: ChallengeRecord) -> dict[str, Any]:
    """The command line's verdict on a record (without ``"file"``)."""
    try:
        game = replay(record)
    except IllegalAction as e:
        return {"valid": False, "error": e.as_dict()}
    return game.result()


def check_text(text: str | bytes) -> dict[str, Any]:
    """Read and check a record; an unreadable one gets index null and BAD_RECORD."""
    try:
        record = load_record(text)
    except RecordError as e:
        return {"valid": False, "error": e.as_dict()}
    return check_record(record)
