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
from typing import Any, ClassVar

from games.engine import replaying
from games.engine.header import EXTRA_KEY_RE, Invalid
from games.engine.jsonform import JsonRecord
from games.engine.replaying import check_record as check_record
from games.engine.replaying import replay as replay

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


@dataclass
class ChallengeRecord(JsonRecord):
    """A version-1 challenge record."""

    FORMAT: ClassVar[str] = FORMAT
    challenge: str
    mode: str
    players: list[str]
    actions: list[dict[str, Any]] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def new_game(self) -> ChallengeGame:
        return new_game(self.challenge, self.players, self.mode, self.options)

    def head(self) -> dict[str, Any]:
        return {
            "challenge": self.challenge,
            "mode": self.mode,
            "players": list(self.players),
        }

    @classmethod
    def _from_obj(cls, obj: dict[str, Any], copy: bool = True) -> ChallengeRecord:
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
        if copy:
            actions = [dict(a) for a in actions]
        return cls(challenge, mode, list(players), actions, dict(options), extra)


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


def check_text(text: str | bytes) -> dict[str, Any]:
    """Read and check a record; an unreadable one gets index null and BAD_RECORD."""
    return replaying.check_text(load_record, text)
