"""Helpers for building positions and actions by hand."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

import pytest

from games.engine.errors import IllegalAction
from games.engine.game import Game

SKIP_SLOTS = {"geo", "ruleset", "index"}
#: every field of the state: the slots of ``Game`` and its bases (``Position`` holds the data)
SLOTS = [n for cls in Game.__mro__ for n in vars(cls).get("__slots__", ())]


def place(p: int, tile: str, a: str, b: str) -> dict[str, Any]:
    return {"type": "place", "player": p, "tile": tile, "cells": [a, b]}


def draw(p: int, *tiles: str) -> dict[str, Any]:
    return {"type": "draw", "player": p, "tiles": list(tiles)}


def swap(p: int, *tiles: str) -> dict[str, Any]:
    return {"type": "swap", "player": p, "rack": list(tiles)}


def flag(p: int) -> dict[str, Any]:
    return {"type": "flag", "player": p}


def snapshot(g: Game) -> dict[str, Any]:
    return {n: copy.deepcopy(getattr(g, n)) for n in SLOTS if n not in SKIP_SLOTS}


def expect_error(g: Game, action: dict[str, Any], code: str) -> IllegalAction:
    """Apply an illegal action: check the code, the index, and that nothing changed."""
    before = snapshot(g)
    index = g.actions_applied
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    err = info.value
    assert err.code == code, err.message
    assert err.index == index
    assert err.message
    assert snapshot(g) == before
    return err


def apply_all(g: Game, actions: Iterable[dict[str, Any]]) -> Game:
    for a in actions:
        g.apply(a)
    return g


def first_round(g: Game, avoid: Iterable[str] = ()) -> None:
    """Board mode, first-round rule: every seat places a tile scoring nothing next to a start
    symbol, keeping off the cells in ``avoid``; then all scores are reset to 0."""
    avoid = set(avoid)
    for _ in range(g.players):
        seat = g.to_move
        for action in g.legal_placements(["GY", "BO", "RP"]):
            if set(action["cells"]) & avoid:
                continue
            if sum(g.preview(action["tile"], action["cells"])["raw"].values()) == 0:
                g.apply(action)
                break
        else:  # pragma: no cover
            raise AssertionError(f"no quiet first placement for seat {seat}")
    for side in range(len(g.scores)):
        for c in "RGBOYP":
            g.set_score(side, c, 0)
