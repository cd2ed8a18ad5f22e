"""What the two forms of a record share: the header's checks, extra keys and error positions.

The JSON form (``gamerecord``) and the text form (``notation``) both read a header (ruleset,
mode, players, options, extra keys) and report problems by line and column; this module holds
those pieces so that neither form needs the other.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple, Protocol

from .position import MODES
from .rulesets import OVERRIDABLE, RULESETS, make_ruleset

FORMAT = "ingenious-record/1"
#: Extra top-level keys must look like this (they become text-form tags).
EXTRA_KEY_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]*")
#: Names that extra keys may not take (they are the text form's own tags).
RESERVED_TAGS = frozenset({"format", "ruleset", "mode", "options", "players"})


class RecordParts(NamedTuple):
    """A record's fields in ``Record``'s order (what a reader returns)."""

    ruleset: str
    mode: str
    players: list[str]
    actions: list[dict[str, Any]]
    options: dict[str, Any]
    extra: dict[str, Any]


class RecordFields(Protocol):
    """What a writer reads: a ``Record`` or ``RecordParts``."""

    @property
    def ruleset(self) -> str: ...
    @property
    def mode(self) -> str: ...
    @property
    def players(self) -> list[str]: ...
    @property
    def actions(self) -> list[dict[str, Any]]: ...
    @property
    def options(self) -> dict[str, Any]: ...
    @property
    def extra(self) -> dict[str, Any]: ...


class Invalid(Exception):
    """A structural problem at a path inside the record (mapped to a line and column)."""

    def __init__(self, path: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def is_reserved(key: str) -> bool:
    """Whether an extra key would clash with the text form's own tags."""
    k = key.lower()
    return k in RESERVED_TAGS or re.fullmatch(r"player\d+", k) is not None


def validate_header(
    ruleset: Any, mode: Any, players: Any, options: Any, has_options: bool = True
) -> tuple[str, str, list[str], dict[str, Any]]:
    """Check the header fields; raises ``Invalid`` with the path of the problem."""
    if not isinstance(ruleset, str) or ruleset not in RULESETS:
        raise Invalid(
            ("ruleset",), f'"ruleset" must be one of {", ".join(RULESETS)}, not {ruleset!r}'
        )
    if mode not in MODES:
        raise Invalid(("mode",), f"\"mode\" must be 'full' or 'board', not {mode!r}")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise Invalid(("players",), '"players" must be a list of names (strings)')
    if not isinstance(options, dict):
        raise Invalid(("options",), '"options" must be an object of ruleset overrides')
    for key in options:
        if key not in OVERRIDABLE:
            raise Invalid(
                ("options", key),
                f"unknown ruleset option {key!r} (known: {', '.join(OVERRIDABLE)})",
            )
    try:
        rs = make_ruleset(ruleset, **options)
    except (ValueError, TypeError) as e:
        raise Invalid(("options",), f"bad ruleset options: {e}") from None
    if len(players) not in rs.players:
        allowed = " or ".join(str(n) for n in rs.players)
        raise Invalid(
            ("players",), f"the {ruleset} ruleset is for {allowed} players, not {len(players)}"
        )
    return ruleset, mode, list(players), dict(options)


def line_col(text: str, pos: int) -> tuple[int, int]:
    """1-based line and column of offset ``pos``."""
    pos = max(0, min(pos, len(text)))
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return line, col
