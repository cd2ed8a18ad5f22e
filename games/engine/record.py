"""The game record (RECORD-FORMAT.md, version 1): JSON form, replay and checking.

A ``Record`` holds the header (ruleset, mode, players, optional ruleset ``options``, and any
extra top-level keys such as an event name) and the actions as plain dicts. Reading checks the
record's structure; the actions' content is checked when the record is replayed, so a record
whose moves are illegal is still a well-formed ``Record`` (and converts to the text form and
back without loss).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction, RecordError
from .rulesets import OVERRIDABLE, RULESETS, Ruleset, make_ruleset
from .state import MODES, Game

FORMAT = "ingenious-record/1"
KNOWN_KEYS = ("format", "ruleset", "mode", "players", "options", "actions")
#: Extra top-level keys must look like this (they become text-form tags).
EXTRA_KEY_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]*")
#: Names that extra keys may not take (they are the text form's own tags).
RESERVED_TAGS = frozenset({"format", "ruleset", "mode", "options", "players"})


class _Invalid(Exception):
    """A structural problem at a path inside the record (mapped to a line and column)."""

    def __init__(self, path: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def _is_reserved(key: str) -> bool:
    k = key.lower()
    return k in RESERVED_TAGS or re.fullmatch(r"player\d+", k) is not None


@dataclass
class Record:
    """A version-1 game record."""

    ruleset: str
    mode: str
    players: list[str]
    actions: list[dict[str, Any]] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    # ---------------------------------------------------------------- ruleset

    def make_ruleset(self) -> Ruleset:
        return make_ruleset(self.ruleset, **self.options)

    def new_game(self) -> Game:
        return Game(self.make_ruleset(), len(self.players), self.mode, self.players)

    # ---------------------------------------------------------------- JSON

    def to_json(self) -> dict[str, Any]:
        """The JSON object (``options`` omitted when empty; extra keys kept)."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "ruleset": self.ruleset,
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
    def from_json(cls, data: str | bytes | dict[str, Any]) -> Record:
        """Read a record from JSON text or an already-parsed object.

        Raises ``RecordError`` (with line and column when reading text).
        """
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
            return cls._from_obj(obj, copy=text is None)
        except _Invalid as e:
            line, col = locate(text, e.path) if text is not None else (0, 0)
            where = _path_str(e.path)
            raise RecordError(f"{where}{e.message}", line, col) from None

    @classmethod
    def _from_obj(cls, obj: Any, copy: bool = True) -> Record:
        if not isinstance(obj, dict):
            raise _Invalid((), "a record must be a JSON object")
        fmt = obj.get("format")
        if fmt != FORMAT:
            raise _Invalid(
                ("format",) if "format" in obj else (), f'"format" must be {FORMAT!r}, not {fmt!r}'
            )
        header = validate_header(
            obj.get("ruleset"),
            obj.get("mode"),
            obj.get("players"),
            obj.get("options", {}),
            "options" in obj,
        )
        extra: dict[str, Any] = {}
        for key, value in obj.items():
            if key in KNOWN_KEYS:
                continue
            if not EXTRA_KEY_RE.fullmatch(key) or _is_reserved(key):
                raise _Invalid((key,), f"unexpected key {key!r}")
            extra[key] = value
        actions = obj.get("actions")
        if not isinstance(actions, list):
            raise _Invalid(
                ("actions",) if "actions" in obj else (), '"actions" must be a list of actions'
            )
        for i, a in enumerate(actions):
            if not isinstance(a, dict):
                raise _Invalid(("actions", i), f"action {i} must be a JSON object")
        ruleset, mode, players, options = header
        if copy:
            actions = [dict(a) for a in actions]
        return cls(ruleset, mode, players, actions, options, extra)

    # ---------------------------------------------------------------- text

    def to_text(self) -> str:
        """The compact text form (see ``notation``)."""
        from .notation import to_text

        return to_text(self)

    @classmethod
    def from_text(cls, text: str) -> Record:
        """Read the compact text form (see ``notation``); raises ``RecordError``."""
        from .notation import from_text

        return from_text(text)


def validate_header(
    ruleset: Any, mode: Any, players: Any, options: Any, has_options: bool = True
) -> tuple[str, str, list[str], dict[str, Any]]:
    """Check the header fields; raises ``_Invalid`` with the path of the problem."""
    if not isinstance(ruleset, str) or ruleset not in RULESETS:
        raise _Invalid(
            ("ruleset",), f'"ruleset" must be one of {", ".join(RULESETS)}, not {ruleset!r}'
        )
    if mode not in MODES:
        raise _Invalid(("mode",), f"\"mode\" must be 'full' or 'board', not {mode!r}")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise _Invalid(("players",), '"players" must be a list of names (strings)')
    if not isinstance(options, dict):
        raise _Invalid(("options",), '"options" must be an object of ruleset overrides')
    for key in options:
        if key not in OVERRIDABLE:
            raise _Invalid(
                ("options", key),
                f"unknown ruleset option {key!r} (known: {', '.join(OVERRIDABLE)})",
            )
    try:
        rs = make_ruleset(ruleset, **options)
    except (ValueError, TypeError) as e:
        raise _Invalid(("options",), f"bad ruleset options: {e}") from None
    if len(players) not in rs.players:
        allowed = " or ".join(str(n) for n in rs.players)
        raise _Invalid(
            ("players",), f"the {ruleset} ruleset is for {allowed} players, not {len(players)}"
        )
    return ruleset, mode, list(players), dict(options)


def _path_str(path: tuple[str | int, ...]) -> str:
    if not path:
        return ""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".") + ": "


_WS = re.compile(r"[ \t\n\r]*")


def locate(text: str, path: tuple[str | int, ...]) -> tuple[int, int]:
    """1-based (line, column) of the value at ``path`` in JSON ``text`` (best effort: the
    deepest part of the path that exists)."""
    dec = json.JSONDecoder()
    pos = _WS.match(text, 0).end()  # type: ignore[union-attr]
    if text.startswith("\ufeff"):
        pos = _WS.match(text, 1).end()  # type: ignore[union-attr]
    try:
        for step in path:
            ch = text[pos : pos + 1]
            if ch == "{" and isinstance(step, str):
                pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
                found = False
                while text[pos] != "}":
                    key, pos = dec.raw_decode(text, pos)
                    pos = _WS.match(text, pos).end() + 1  # type: ignore[union-attr]
                    pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
                    if key == step:
                        found = True
                        break
                    _, pos = dec.raw_decode(text, pos)
                    pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
                    if text[pos] == ",":
                        pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
                if not found:
                    break
            elif ch == "[" and isinstance(step, int):
                pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
                for _ in range(step):
                    _, pos = dec.raw_decode(text, pos)
                    pos = _WS.match(text, pos).end() + 1  # type: ignore[union-attr]
                    pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
            else:
                break
    except (ValueError, IndexError):
        pass
    return line_col(text, pos)


def line_col(text: str, pos: int) -> tuple[int, int]:
    """1-based line and column of offset ``pos``."""
    pos = max(0, min(pos, len(text)))
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return line, col


def looks_like_json(text: str) -> bool:
    return text.lstrip("\ufeff \t\r\n").startswith("{")


def load_record(text: str | bytes) -> Record:
    """Read a record in either form (JSON if it starts with ``{``, else the text form)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise RecordError(f"not UTF-8 text: {e.reason}", 1, 1) from None
    if looks_like_json(text):
        return Record.from_json(text)
    return Record.from_text(text)


def replay(record: Record) -> Game:
    """Replay every action; raises ``IllegalAction`` at the first illegal one."""
    game = record.new_game()
    apply = game.apply
    for action in record.actions:
        apply(action)
    return game


def check_record(record: Record) -> dict[str, Any]:
    """The command line's verdict on a record (without ``"file"``)."""
    try:
        game = replay(record)
    except IllegalAction as e:
        return {"valid": False, "error": e.as_dict()}
    return game.result()


def check_text(text: str | bytes) -> dict[str, Any]:
    """Read and check a record in either form; an unreadable one gets index null, BAD_RECORD."""
    try:
        record = load_record(text)
    except RecordError as e:
        return {"valid": False, "error": e.as_dict()}
    return check_record(record)
