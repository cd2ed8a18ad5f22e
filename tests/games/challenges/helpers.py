"""Helpers for building challenge positions and actions by hand."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.challenges.board import ChallengeGame
from games.engine.errors import IllegalAction

NAMES = ["Ada", "Alan", "Grace", "Edsger"]


def names(n: int) -> list[str]:
    return NAMES[:n]


def state(game: ChallengeGame) -> dict[str, Any]:
    """A deep copy of everything a game holds (to show a refused action changed nothing)."""
    return copy.deepcopy({k: v for k, v in vars(game).items() if k != "handlers"})


def refused(game: ChallengeGame, action: Any, code: str, message: str | None = None) -> str:
    """Apply ``action``, expect ``IllegalAction`` with ``code`` (and ``message``) at the next
    index, and check that the game did not change. Returns the message."""
    before = state(game)
    index = game.actions_applied
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.code == code, info.value.message
    assert info.value.index == index
    if message is not None:
        assert info.value.message == message, info.value.message
    assert state(game) == before
    return info.value.message


def play(p: int, card: str, first: str) -> dict[str, Any]:
    return {"type": "play", "player": p, "card": card, "first": first}


def roll(p: int, *faces: str) -> dict[str, Any]:
    return {"type": "roll", "player": p, "faces": list(faces)}


def resolve(p: int, *steps: dict[str, Any]) -> dict[str, Any]:
    return {"type": "resolve", "player": p, "steps": list(steps)}


def match(c: str) -> dict[str, Any]:
    return {"match": c}


def wild(faces: str, colour: str) -> dict[str, Any]:
    return {"wild": list(faces), "colour": colour}


def refill(*tiles: str) -> dict[str, Any]:
    return {"type": "refill", "tiles": list(tiles)}


def tdraw(p: int, tile: str) -> dict[str, Any]:
    return {"type": "draw", "player": p, "tile": tile}


def rows(text: str) -> list[int]:
    """Rows from "R2 G0 ..." style text in colour order, e.g. rows("2 0 1 1 1 5")."""
    return [int(x) for x in text.split()]
