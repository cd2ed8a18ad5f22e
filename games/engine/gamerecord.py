"""The game record (RECORD-FORMAT.md, version 1): ``Record`` and its JSON form's structure (the
reading and writing it shares with the challenges' records are in ``jsonform``).

A ``Record`` holds the header (ruleset, mode, players, optional ruleset ``options``, and any
extra top-level keys such as an event name) and the actions as plain dicts. Reading checks the
record's structure; the actions' content is checked when the record is replayed (``loading``),
so a record whose moves are illegal is still a well-formed ``Record`` (and converts to the text
form, ``notation``, and back without loss).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .game import Game
from .header import EXTRA_KEY_RE, FORMAT, Invalid, is_reserved, validate_header
from .jsonform import JsonRecord
from .notation import read_text, to_text
from .rulesets import Ruleset, make_ruleset

KNOWN_KEYS = ("format", "ruleset", "mode", "players", "options", "actions")


@dataclass
class Record(JsonRecord):
    """A version-1 game record."""

    FORMAT: ClassVar[str] = FORMAT
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

    # ---------------------------------------------------------------- JSON (``jsonform``)

    def head(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "mode": self.mode,
            "players": list(self.players),
        }

    @classmethod
    def _from_obj(cls, obj: dict[str, Any], copy: bool = True) -> Record:
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
