"""How input from outside is read, one way for the whole project (pure Python: importable by
every floor and by the pure cores).

Numbers: ASCII digits only. ``str.isdigit()`` accepts '²', which ``int()`` refuses (a 500
where it was trusted), and ``int()`` accepts '٣', ' 7 ', '+7' and '1_000', which nobody means as
a round or a rating. Every parse of outside input (forms, query strings, CSV and TRF files, API
fields read by hand) goes through ``whole_number``; the caller says what is wrong, in its own
words and naming its field.

JSON: at most ``MAX_JSON_DEPTH`` levels (a game record, the deepest thing taken, nests about
five), and no NUL character in a string (PostgreSQL cannot store one). The API's body parser,
its JSON fields (which a form-encoded or multipart body carries as text) and the forms' JSON
fields all read through ``read_json`` or ``check_json``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

# More digits than any id column or rating holds; also far below int()'s own limit of 4300
# digits, past which it raises instead of answering.
MAX_DIGITS = 18
_DIGITS = frozenset("0123456789")

# Points as files write them: '1', '0.5', '-1.0', '.5'; never 'nan', 'inf', '1e400' or '٣'.
_POINTS = re.compile(r"[+-]?(?:[0-9]{1,6}(?:\.[0-9]{0,3})?|\.[0-9]{1,3})")

MAX_JSON_DEPTH = 32


def is_whole_number(text: str) -> bool:
    """True for a non-empty run of at most MAX_DIGITS ASCII digits, and nothing else."""
    return 0 < len(text) <= MAX_DIGITS and _DIGITS.issuperset(text)


def whole_number(value: object) -> int | None:
    """The whole number ``value`` spells (a str of ASCII digits, or an int that is not a
    bool and not negative), else None. No sign, no blanks, no other script's digits: callers
    strip first where blanks around the number are harmless."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value >= 0 else None
    if isinstance(value, str) and is_whole_number(value):
        return int(value)
    return None


def points_number(text: str) -> float | None:
    """The points ``text`` spells (ASCII digits, an optional sign and decimal point, at most
    three decimals), else None."""
    return float(text) if _POINTS.fullmatch(text) else None


class JsonRefused(ValueError):
    """JSON nested too deep, or with a NUL character in a string; the message says which."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def too_deep(limit: int = MAX_JSON_DEPTH) -> JsonRefused:
    return JsonRefused(f"The JSON is nested more than {limit} levels deep.", "too_deep")


def check_json(data: object, limit: int = MAX_JSON_DEPTH) -> None:
    """Refuse parsed JSON nested more than ``limit`` levels or holding a NUL in a string. The
    walk uses no recursion: the point is not to overflow the stack."""
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if "\x00" in value:
                raise JsonRefused("The JSON contains a NUL character (\\u0000).", "nul_character")
            continue
        if not isinstance(value, Mapping | list | tuple):
            continue
        if depth > limit:
            raise too_deep(limit)
        items = [*value.keys(), *value.values()] if isinstance(value, Mapping) else value
        stack.extend((item, depth + 1) for item in items)


def read_json(text: str | bytes, limit: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads`` that refuses (``JsonRefused``) what ``check_json`` refuses, and nesting
    deep enough to exhaust the stack; bad JSON raises ``json.JSONDecodeError`` as usual."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise too_deep(limit) from None
    check_json(data, limit)
    return data
