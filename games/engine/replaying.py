"""Replaying a record with every rule checked, and the command line's verdict on it: one way for
a board game's ``Record`` and a challenge's ``ChallengeRecord``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from .errors import IllegalAction, RecordError


class Playable(Protocol):
    """A game being replayed: ``apply`` raises ``IllegalAction``; ``result`` is the verdict on a
    legal record."""

    def apply(self, action: Any) -> None: ...
    def result(self) -> dict[str, Any]: ...


G = TypeVar("G", bound=Playable, covariant=True)


class Replayable(Protocol[G]):
    """A record: its actions and a fresh game to apply them to."""

    @property
    def actions(self) -> list[dict[str, Any]]: ...
    def new_game(self) -> G: ...


def replay(record: Replayable[G]) -> G:
    """Replay every action; raises ``IllegalAction`` at the first illegal one."""
    game = record.new_game()
    apply = game.apply
    for action in record.actions:
        apply(action)
    return game


def check_record(record: Replayable[Playable]) -> dict[str, Any]:
    """The command line's verdict on a record (without ``"file"``)."""
    try:
        game = replay(record)
    except IllegalAction as e:
        return {"valid": False, "error": e.as_dict()}
    return game.result()


def check_text(
    load: Callable[[str | bytes], Replayable[Playable]], text: str | bytes
) -> dict[str, Any]:
    """Read a record with ``load`` and check it; an unreadable one gets index null, BAD_RECORD."""
    try:
        record = load(text)
    except RecordError as e:
        return {"valid": False, "error": e.as_dict()}
    return check_record(record)
