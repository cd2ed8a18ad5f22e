"""The compact text form of a record, for people (PGN-like).

Example (the start of a full-mode MSO game; seat 1's time runs out in turn 4)::

    [Format "ingenious-record/1"]
    [Ruleset "mso"]
    [Mode "full"]
    [Player0 "Ada Byron"]
    [Player1 "Alan Turing"]

    0. draw(RO GG BB YP OO RY) draw(GB RR OP YY BP GO)
    1. RO C9 D9 draw(PP)
    2. GO C12 D12 draw(RB)
    3. PP H4 G4 draw(GY)
    4. flag
    5. OO D10 E10 draw(BB)

A turn with a bonus placement and a swap reads e.g.
``17. RB H9 H10 +GG K5 K6 swap(OY YY OO PY) draw(RR GB RO PP BY GG)``.

Header: one tag per line, ``[Name value]``, the value a JSON value (a bare word is read as a
string). Tags: ``Format`` (optional, "ingenious-record/1"), ``Ruleset``, ``Mode``, ``Player0``,
``Player1``... (one per seat, seats numbered from 0 as in JSON), ``Options`` (a JSON object of
ruleset overrides, e.g. ``[Options {"placement_rule": "first-round"}]``), and any other tag,
kept as an extra top-level key of the JSON record (e.g. ``[Event "MSO 2026"]``). Tag names are
case-insensitive except extra ones.

Moves: numbered turns ``N.``, numbered from 1 with no gaps; an optional turn ``0.`` holds the
first draws (full mode). A turn is a sequence of actions:

- ``RO C9 D9``: place tile RO, R on C9 and O on D9 (first colour on the first cell). Later
  placements of a turn (bonus placements) are written ``+GG H12 G12``; the ``+`` is optional.
- ``swap(RR RB BO OY BB)``: swap, showing the rack (may be empty: ``swap()``).
- ``draw(RO GG)``: tiles drawn from the bag (full mode).
- ``flag``: the seat's time ran out.
- ``{...}``: any action as a JSON object, verbatim (used for actions the short forms cannot
  express, e.g. a tile that is not two letters).

Each action may be prefixed with ``@N`` to name its seat. Without it, the seat is inferred from
the text alone (never from the rules): in turn 0 the k-th draw is seat k; a turn's seat is the
``@N`` of its first action (or the ``player`` of a leading ``{...}``), else the seat after the
previous turn's seat, skipping seats that have flagged earlier in the text; every action of the
turn without ``@N`` is by the turn's seat. The writer adds ``@N`` wherever the record disagrees
with that inference, so any well-formed record (even one with illegal moves) converts to text
and back without loss.

Tokens: tiles and cells as words (letters/digits, read case-insensitively: ``ro h8`` is
``RO H8``) or as JSON strings (``"h8"``, kept verbatim); ``;`` starts a comment to the end of
the line; whitespace and line breaks are free.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import RecordError
from .header import (
    EXTRA_KEY_RE,
    FORMAT,
    Invalid,
    RecordFields,
    RecordParts,
    is_reserved,
    line_col,
    validate_header,
)

_TILE_WORD = re.compile(r"[A-Z]{2}")
_CELL_WORD = re.compile(r"[A-Z]+[0-9]+")
_WORD = re.compile(r"[A-Za-z0-9]+")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]*")
_TURN = re.compile(r"(\d+)\.")
_SEAT = re.compile(r"@(-?\d+)")
_SKIP = re.compile(r"(?:\s+|;[^\n]*)*")
_KEYS = {
    "place": {"type", "player", "tile", "cells"},
    "swap": {"type", "player", "rack"},
    "draw": {"type", "player", "tiles"},
    "flag": {"type", "player"},
}
_LIST_KEY = {"swap": "rack", "draw": "tiles"}
_JSON = json.JSONDecoder()


class _Seats:
    """The text form's seat inference (shared by writer and reader)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.flagged: set[int] = set()
        self.prev: int | None = None

    def default(self) -> int:
        start = 0 if self.prev is None else self.prev + 1
        for k in range(self.n):
            s = (start + k) % self.n
            if s not in self.flagged:
                return s
        return start % self.n

    def note(self, action: dict[str, Any]) -> None:
        p = action.get("player")
        if action.get("type") == "flag" and type(p) is int:
            self.flagged.add(p)


# ------------------------------------------------------------------------------------ writing


def _q(s: str, word: re.Pattern[str]) -> str:
    return s if word.fullmatch(s) else json.dumps(s, ensure_ascii=False)


def _canonical(a: dict[str, Any]) -> str | None:
    """The type of an action the short forms can write, else ``None`` (written as JSON)."""
    t = a.get("type")
    if t not in _KEYS or not isinstance(t, str):  # (always a str here: narrows the type)
        return None
    if set(a) != _KEYS[t] or type(a.get("player")) is not int:
        return None
    if t == "place":
        cells = a["cells"]
        ok = (
            isinstance(a["tile"], str)
            and isinstance(cells, list)
            and len(cells) == 2
            and all(isinstance(c, str) for c in cells)
        )
    elif t in _LIST_KEY:
        items = a[_LIST_KEY[t]]
        ok = isinstance(items, list) and all(isinstance(x, str) for x in items)
    else:
        ok = True
    return t if ok else None


def _body(a: dict[str, Any]) -> str:
    t = a["type"]
    if t == "place":
        c = a["cells"]
        return f"{_q(a['tile'], _TILE_WORD)} {_q(c[0], _CELL_WORD)} {_q(c[1], _CELL_WORD)}"
    if t == "flag":
        return "flag"
    return f"{t}(" + " ".join(_q(x, _TILE_WORD) for x in a[_LIST_KEY[t]]) + ")"


def to_text(record: RecordFields) -> str:
    """The text form of ``record`` (lossless: ``read_text(to_text(r))`` gives ``r`` back)."""
    lines = [
        f"[Format {json.dumps(FORMAT)}]",
        f"[Ruleset {json.dumps(record.ruleset)}]",
        f"[Mode {json.dumps(record.mode)}]",
    ]
    for i, name in enumerate(record.players):
        lines.append(f"[Player{i} {json.dumps(name, ensure_ascii=False)}]")
    if record.options:
        lines.append(f"[Options {json.dumps(record.options, ensure_ascii=False)}]")
    for key, value in record.extra.items():
        lines.append(f"[{key} {json.dumps(value, ensure_ascii=False)}]")
    lines.append("")
    n = max(1, len(record.players))
    actions = record.actions
    i = 0
    setup: list[str] = []
    while i < len(actions) and _canonical(actions[i]) == "draw":
        a = actions[i]
        seat = "" if a["player"] == len(setup) % n else f"@{a['player']} "
        setup.append(seat + _body(a))
        i += 1
    if setup:
        lines.append("0. " + " ".join(setup))
    seats = _Seats(n)
    number = 0
    current: list[str] = []
    turn_seat = 0
    stage = 9  # 0 placing, 1 swapped, 2 drew / flagged; 9 = no turn open
    order = {"place": 0, "swap": 1, "draw": 2, "flag": 2}
    for a in actions[i:]:
        t = _canonical(a)
        if (
            t is not None
            and stage != 9
            and a["player"] == turn_seat
            and (
                (t == "place" and stage == 0)
                or (t != "place" and order[t] > stage)
                or (t == "flag" and stage < 2)
            )
        ):
            current.append(("+" if t == "place" else "") + _body(a))
            stage = max(stage, order[t])
        elif t is None and stage != 9:
            current.append(json.dumps(a, ensure_ascii=False))
        else:
            if current:
                lines.append(f"{number}. " + " ".join(current))
            number += 1
            default = seats.default()
            if t is not None:
                turn_seat = a["player"]
                prefix = "" if turn_seat == default else f"@{turn_seat} "
                current = [prefix + _body(a)]
                stage = order[t]
            else:
                p = a.get("player")
                turn_seat = p if type(p) is int else default
                current = [json.dumps(a, ensure_ascii=False)]
                stage = 2
            seats.prev = turn_seat
        seats.note(a)
    if current:
        lines.append(f"{number}. " + " ".join(current))
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------ reading


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def error(self, message: str, pos: int | None = None) -> RecordError:
        line, col = line_col(self.text, self.pos if pos is None else pos)
        return RecordError(message, line, col)

    def skip(self) -> None:
        m = _SKIP.match(self.text, self.pos)
        assert m is not None  # (``*``: it always matches)
        self.pos = m.end()

    def at_end(self) -> bool:
        self.skip()
        return self.pos >= len(self.text)

    def peek(self) -> str:
        return self.text[self.pos : self.pos + 1]

    def match(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        m = pattern.match(self.text, self.pos)
        if m:
            self.pos = m.end()
        return m

    def json_value(self, what: str) -> Any:
        try:
            value, end = _JSON.raw_decode(self.text, self.pos)
        except json.JSONDecodeError as e:
            raise self.error(f"bad {what}: {e.msg}", e.pos) from None
        except RecursionError:  # as Record.from_json says of the JSON form
            raise self.error(f"bad {what}: nested too deeply") from None
        self.pos = end
        return value

    def string_or_word(self, word_ok: re.Pattern[str] | None, what: str) -> str:
        """A JSON string (verbatim) or a word (upper-cased)."""
        self.skip()
        start = self.pos
        if self.peek() == '"':
            value = self.json_value(what)
            if not isinstance(value, str):
                raise self.error(f"expected {what}", start)
            return value
        m = self.match(_WORD)
        if m is None:
            raise self.error(f"expected {what}")
        w = m.group(0).upper()
        if word_ok is not None and not word_ok.fullmatch(w):
            self.pos = start
            raise self.error(f"expected {what}, not {m.group(0)!r}")
        return w


_TAGS = {"format": "Format", "ruleset": "Ruleset", "mode": "Mode", "options": "Options"}


def read_text(text: str) -> RecordParts:
    """Read the text form (``Record.from_text`` makes a ``Record`` of it). Raises
    ``RecordError`` with line and column."""
    if text.startswith("\ufeff"):
        text = text[1:]
    r = _Reader(text)
    tags: dict[str, tuple[Any, int]] = {}
    players: dict[int, tuple[str, int]] = {}
    extra: dict[str, Any] = {}
    while not r.at_end() and r.peek() == "[":
        start = r.pos
        r.pos += 1
        r.skip()
        m = r.match(_NAME)
        if m is None:
            raise r.error("expected a tag name after '['")
        name = m.group(0)
        r.skip()
        vstart = r.pos
        if r.peek() in ('"', "{", "[") or r.peek().isdigit() or r.peek() == "-":
            value = r.json_value(f"value of tag {name}")
        else:
            end = text.find("]", r.pos)
            nl = text.find("\n", r.pos)
            if end < 0 or (0 <= nl < end):
                raise r.error(f"tag {name} is not closed with ']'")
            value = text[r.pos : end].strip()
            if value in ("true", "false", "null"):
                value = json.loads(value)
            r.pos = end
        after_value = r.pos
        r.skip()
        if r.peek() != "]":
            raise r.error(f"tag {name} is not closed with ']'", after_value)
        r.pos += 1
        low = name.lower()
        pm = re.fullmatch(r"player(\d+)", low)
        if pm:
            seat = int(pm.group(1))
            if seat in players:
                raise r.error(f"seat {seat} is named twice", start)
            if not isinstance(value, str):
                raise r.error(f"the name in tag {name} must be a string", vstart)
            players[seat] = (value, start)
        elif low in _TAGS:
            if low in tags:
                raise r.error(f"tag {_TAGS[low]} is given twice", start)
            tags[low] = (value, start)
        else:
            if not EXTRA_KEY_RE.fullmatch(name) or is_reserved(name):
                raise r.error(f"tag name {name!r} cannot be used", start)
            if name in extra:
                raise r.error(f"tag {name} is given twice", start)
            extra[name] = value
    header_end = r.pos
    if "format" in tags and tags["format"][0] != FORMAT:
        raise r.error(f"Format must be {FORMAT!r}", tags["format"][1])
    for seat in range(len(players)):
        if seat not in players:
            raise r.error(f"tag Player{seat} is missing (seats are numbered from 0)", header_end)

    def tag_pos(key: str) -> int:
        if key == "players":
            return min((p for _, p in players.values()), default=header_end)
        return tags[key][1] if key in tags else header_end

    try:
        ruleset, mode, names, options = validate_header(
            tags.get("ruleset", (None, 0))[0],
            tags.get("mode", (None, 0))[0],
            [players[s][0] for s in range(len(players))],
            tags.get("options", ({}, 0))[0],
        )
    except Invalid as e:
        key = str(e.path[0]) if e.path else "ruleset"
        missing = {"ruleset": "Ruleset", "mode": "Mode"}
        if key in missing and key not in tags:
            raise r.error(f"tag {missing[key]} is missing", header_end) from None
        if key == "players" and not players:
            raise r.error("no Player0, Player1... tags", header_end) from None
        raise r.error(e.message, tag_pos(key)) from None
    actions = _read_moves(r, len(names))
    return RecordParts(ruleset, mode, names, actions, options, extra)


def _read_moves(r: _Reader, n: int) -> list[dict[str, Any]]:
    actions: list[dict[str, Any]] = []
    seats = _Seats(n)
    expected: int | None = None
    while not r.at_end():
        start = r.pos
        m = r.match(_TURN)
        if m is None:
            raise r.error("expected a turn number such as '1.'")
        number = int(m.group(1))
        if expected is None:
            if number not in (0, 1):
                raise r.error("the first turn is numbered 1 (or 0 for the first draws)", start)
        elif number != expected:
            raise r.error(f"expected turn {expected}., found {number}.", start)
        expected = number + 1
        first = True
        k = 0
        turn_seat = 0
        while not r.at_end() and not _TURN.match(r.text, r.pos):
            seat: int | None = None
            sm = r.match(_SEAT)
            if sm:
                seat = int(sm.group(1))
                r.skip()
            if r.peek() == "+":
                r.pos += 1
                r.skip()
            action, implicit = _read_action(r, seat)
            if number == 0:
                if seat is None:
                    seat = k % n
            elif first:
                default = seats.default()
                if seat is None:
                    p = action.get("player")
                    seat = p if ("player" in action and type(p) is int) else default
                turn_seat = seat
                seats.prev = seat
            elif seat is None:
                seat = turn_seat
            if implicit:
                action = {
                    "type": action["type"],
                    "player": seat,
                    **{k2: v for k2, v in action.items() if k2 != "type"},
                }
            seats.note(action)
            actions.append(action)
            first = False
            k += 1
        if first:
            raise r.error(f"turn {number}. has no actions", start)
    return actions


def _read_action(r: _Reader, seat: int | None) -> tuple[dict[str, Any], bool]:
    """One action, and whether its seat is implicit (everything but a ``{...}`` action)."""
    r.skip()
    start = r.pos
    ch = r.peek()
    if ch == "{":
        value = r.json_value("action")
        if not isinstance(value, dict):
            raise r.error("expected a JSON object", start)
        if seat is not None:
            raise r.error("a {...} action carries its own player: no @seat before it", start)
        return value, False
    if ch == '"':
        return _read_place(r), True
    m = _WORD.match(r.text, r.pos)
    if m is None:
        raise r.error("expected an action: a tile and two cells, swap(...), draw(...) or flag")
    word = m.group(0).lower()
    if word in ("swap", "draw"):
        r.pos = m.end()
        r.skip()
        if r.peek() != "(":
            raise r.error(f"expected '(' after {word}")
        r.pos += 1
        tiles: list[str] = []
        while True:
            r.skip()
            if r.peek() == ")":
                r.pos += 1
                break
            if not r.peek():
                raise r.error(f"{word}( is not closed with ')'", start)
            tiles.append(r.string_or_word(_TILE_WORD, "a tile (two colour letters)"))
        return {"type": word, _LIST_KEY[word]: tiles}, True
    if word == "flag":
        r.pos = m.end()
        return {"type": "flag"}, True
    return _read_place(r), True


def _read_place(r: _Reader) -> dict[str, Any]:
    tile = r.string_or_word(_TILE_WORD, "a tile (two colour letters) or swap/draw/flag")
    c1 = r.string_or_word(None, "a cell such as H8")
    c2 = r.string_or_word(None, "a second cell such as H9")
    return {"type": "place", "tile": tile, "cells": [c1, c2]}
