"""The JSON form both kinds of record share (RECORD-FORMAT.md, CHALLENGES-RECORD.md).

A board game's ``Record`` and a challenge's ``ChallengeRecord`` are written alike (the header,
``options`` only when there are any, the extra keys, the actions last) and read alike (UTF-8,
an optional byte order mark, a structural problem reported by the line and column of the value
at fault). Each names its format (``FORMAT``) and header (``head``) and checks its own structure
(``_from_obj``).
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Self

from .errors import RecordError
from .header import Invalid, line_col


class JsonRecord(ABC):
    """A record's JSON reading and writing."""

    #: The value of the record's ``"format"`` key.
    FORMAT: ClassVar[str]
    actions: list[dict[str, Any]]
    options: dict[str, Any]
    extra: dict[str, Any]

    @abstractmethod
    def head(self) -> dict[str, Any]:
        """The keys between ``format`` and ``options``: what is played, the mode, the players."""

    @classmethod
    @abstractmethod
    def _from_obj(cls, obj: dict[str, Any], copy: bool = True) -> Self:
        """The record of a JSON object of this format; raises ``Invalid``. ``copy``: the object
        is the caller's (not parsed here), so the record must not share its actions."""

    def to_json(self) -> dict[str, Any]:
        """The JSON object (``options`` omitted when empty; extra keys kept)."""
        out: dict[str, Any] = {"format": self.FORMAT, **self.head()}
        if self.options:
            out["options"] = dict(self.options)
        out.update(self.extra)
        out["actions"] = [dict(a) for a in self.actions]
        return out

    def dumps(self, indent: int | None = None) -> str:
        return json.dumps(self.to_json(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, data: str | bytes | dict[str, Any]) -> Self:
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
            if not isinstance(obj, dict):
                raise Invalid((), "a record must be a JSON object")
            fmt = obj.get("format")
            if fmt != cls.FORMAT:
                where: tuple[str, ...] = ("format",) if "format" in obj else ()
                raise Invalid(where, f'"format" must be {cls.FORMAT!r}, not {fmt!r}')
            return cls._from_obj(obj, copy=text is None)
        except Invalid as e:
            line, col = locate(text, e.path) if text is not None else (0, 0)
            raise RecordError(f"{path_str(e.path)}{e.message}", line, col) from None


def path_str(path: tuple[str | int, ...]) -> str:
    """Where a problem is, as a message's prefix: ``actions[3].cells: `` (nothing at the top)."""
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
