"""The game record (RECORD-FORMAT.md, version 1): ``Record`` and its JSON form.

A ``Record`` holds the header (ruleset, mode, players, optional ruleset ``options``, and any
extra top-level keys such as an event name) and the actions as plain dicts. Reading checks the
record's structure; the actions' content is checked when the record is replayed (``loading``),
so a record whose moves are illegal is still a well-formed ``Record`` (and converts to the text
form, ``notation``, and back without loss).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from .errors import RecordError
from .game import Game
from .header import EXTRA_KEY_RE, FORMAT, Invalid, is_reserved, line_col, validate_header
from .notation import read_text, to_text
from .rulesets import Ruleset, make_ruleset

KNOWN_KEYS = ("format", "ruleset", "mode", "players", "options", "actions")


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
        except Invalid as e:
            line, col = locate(text, e.path) if text is not None else (0, 0)
            where = _path_str(e.path)
            raise RecordError(f"{where}{e.message}", line, col) from None

    @classmethod
    def _from_obj(cls, obj: Any, copy: bool = True) -> Record:
        if not isinstance(obj, dict):
            raise Invalid((), "a record must be a JSON object")
        fmt = obj.get("format")
        if fmt != FORMAT:
            raise Invalid(
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
            if not EXTRA_KEY_RE.fullmatch(key) or is_reserved(key):
                raise Invalid((key,), f"unexpected key {key!r}")
            extra[key] = value
        actions = obj.get("actions")
        if not isinstance(actions, list):
            raise Invalid(
                ("actions",) if "actions" in obj else (), '"actions" must be a list of actions'
            )
        if not set(map(type, actions)) <= {dict}:  # (all plain dicts, told in one pass)
            for i, a in enumerate(actions):
                if not isinstance(a, dict):
                    raise Invalid(("actions", i), f"action {i} must be a JSON object")
        ruleset, mode, players, options = header
        if copy:
            actions = [dict(a) for a in actions]
        return cls(ruleset, mode, players, actions, options, extra)

    # ---------------------------------------------------------------- text

    def to_text(self) -> str:
        """The compact text form (see ``notation``)."""
        return to_text(self)

    @classmethod
    def from_text(cls, text: str) -> Record:
        """Read the compact text form (see ``notation``); raises ``RecordError``."""
        return cls(*read_text(text))


def _path_str(path: tuple[str | int, ...]) -> str:
    if not path:
        return ""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".") + ": "


_WS = re.compile(r"[ \t\n\r]*")


def _ws_end(text: str, pos: int) -> int:
    """The offset after the JSON whitespace at ``pos``."""
    m = _WS.match(text, pos)
    assert m is not None  # (``*``: it always matches)
    return m.end()


def locate(text: str, path: tuple[str | int, ...]) -> tuple[int, int]:
    """1-based (line, column) of the value at ``path`` in JSON ``text`` (best effort: the
    deepest part of the path that exists)."""
    dec = json.JSONDecoder()
    pos = _ws_end(text, 0)
    if text.startswith("\ufeff"):
        pos = _ws_end(text, 1)
    try:
        for step in path:
            ch = text[pos : pos + 1]
            if ch == "{" and isinstance(step, str):
                pos = _ws_end(text, pos + 1)
                found = False
                while text[pos] != "}":
                    key, pos = dec.raw_decode(text, pos)
                    pos = _ws_end(text, pos) + 1
                    pos = _ws_end(text, pos)
                    if key == step:
                        found = True
                        break
                    _, pos = dec.raw_decode(text, pos)
                    pos = _ws_end(text, pos)
                    if text[pos] == ",":
                        pos = _ws_end(text, pos + 1)
                if not found:
                    break
            elif ch == "[" and isinstance(step, int):
                pos = _ws_end(text, pos + 1)
                for _ in range(step):
                    _, pos = dec.raw_decode(text, pos)
                    pos = _ws_end(text, pos) + 1
                    pos = _ws_end(text, pos)
            else:
                break
    except (ValueError, IndexError):
        pass
    return line_col(text, pos)
