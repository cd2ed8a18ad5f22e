"""A position stored as ``state()`` and read back with ``from_state`` plays on exactly as the
position itself: what a game's write relies on instead of replaying its record."""

import json
from typing import Any

import pytest

from games.engine.errors import IllegalAction
from games.engine.game import Game
from games.engine.position import Position
from games.engine.randomgame import random_game


def slots(game: Game) -> dict[str, Any]:
    """Everything a position holds but move generation's cache (built again when asked)."""
    return {name: getattr(game, name) for name in Position.__slots__ if name != "pairs"}


@pytest.mark.parametrize(
    ("ruleset", "mode", "players", "seed", "flags"),
    [
        ("mso", "board", 2, 1, 0.0),
        ("mso", "full", 2, 2, 0.0),
        ("standard", "board", 3, 3, 0.0),
        ("standard", "full", 4, 4, 0.0),
        ("partnership", "board", 4, 5, 0.0),
        ("solitaire", "board", 1, 6, 0.0),
        ("mso", "board", 2, 7, 0.2),
    ],
)
def test_a_stored_position_read_back_plays_on_as_the_position_itself(
    ruleset: str, mode: str, players: int, seed: int, flags: float
) -> None:
    options = {"flag_allowed": True} if flags else None
    record = random_game(
        ruleset, mode, seed=seed, players=players, flag_chance=flags, options=options
    )
    played = record.new_game()
    for n, action in enumerate(record.actions):
        # Through JSON, as the game's row stores it.
        stored = json.loads(json.dumps(played.state()))
        again = Game.from_state(played.ruleset, stored, list(record.players))
        assert slots(again) == slots(played), f"after {n} actions"
        played.apply(action)
        again.apply(action)
        assert slots(again) == slots(played), f"action {n} applied to the stored position"
    assert again.over and again.scores == played.scores and again.winner == played.winner


def test_a_refusal_of_the_stored_position_names_the_same_index_and_leaves_it_as_it_was() -> None:
    record = random_game("mso", "board", seed=11)
    played = record.new_game()
    for action in record.actions[:9]:
        played.apply(action)
    again = Game.from_state(played.ruleset, played.state(), list(record.players))
    occupied = next(a for a in record.actions[:9] if a["type"] == "place")
    seat = again.to_move
    for game in (played, again):
        with pytest.raises(IllegalAction) as refused:
            game.apply({"type": "place", "player": seat, "tile": "RR", "cells": occupied["cells"]})
        assert (refused.value.code, refused.value.index) == ("CELL_OCCUPIED", 9)
    assert slots(again) == slots(played)


def test_a_state_of_another_version_or_board_is_not_read() -> None:
    game = random_game("mso", "board", seed=1).new_game()
    with pytest.raises(ValueError, match="version"):
        Game.from_state(game.ruleset, {**game.state(), "version": 0})
    wider = Game.new("standard", 4, "board")  # four seats, which MSO does not seat
    with pytest.raises(ValueError, match="not 4"):
        Game.from_state(game.ruleset, wider.state())
    with pytest.raises(ValueError, match="another board"):
        Game.from_state(game.ruleset, {**game.state(), "board": game.board[:-1]})
