"""What the analysis tests share: small budgets and positions cut from random games."""

from __future__ import annotations

from typing import Any

from games.engine.analysis.search import Budget
from games.engine.game import Game
from games.engine.gamerecord import Record
from games.engine.randomgame import random_game

#: enough to exercise the simulation, small enough for unit tests
SMALL = Budget(candidates=3, worlds=4)


def position_before(record: Record, nth: int) -> tuple[Game, dict[str, Any], int]:
    """The game just before the record's ``nth`` placement, that placement and its index."""
    game = record.new_game()
    seen = 0
    for i, action in enumerate(record.actions):
        if action["type"] == "place":
            if seen == nth:
                return game, action, i
            seen += 1
        game.apply(action)
    raise AssertionError(f"the record has only {seen} placements")


def greedy_game(seed: int, ruleset: str = "mso", mode: str = "full", **kw: Any) -> Record:
    return random_game(ruleset, mode, seed, policy="greedy", **kw)
