"""Random games and the trusted random playout agree with the checked rules."""

import pytest

from games.engine.gamerecord import Record
from games.engine.randomgame import random_game, random_playout
from games.engine.replaying import check_record, replay

RULESETS = ["standard", "mso", "partnership", "solitaire"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_random_playout_replays_as_a_legal_record(ruleset: str) -> None:
    for seed in range(15):
        players = 3 if ruleset == "standard" and seed % 2 else None
        game = random_playout(ruleset, seed, players)
        assert game.over
        actions = [
            {
                "type": "place",
                "player": seat,
                "tile": tile,
                "cells": [game.geo.names[a], game.geo.names[b]],
            }
            for seat, tile, a, b, _i in game.ply_log
        ]
        names = [f"P{i}" for i in range(game.players)]
        checked = replay(Record(ruleset, "board", names, actions))
        assert checked.over and checked.scores == game.scores
        assert checked.winner == game.winner and checked.cells() == game.cells()


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("policy", ["uniform", "greedy", "dicts"])
def test_random_game_policies(ruleset: str, policy: str) -> None:
    record = random_game(ruleset, "full", seed=4, policy=policy)
    assert record == random_game(ruleset, "full", seed=4, policy=policy)  # deterministic
    result = check_record(record)
    assert result["valid"] and result["over"]


def test_greedy_games_reach_18_and_earn_bonuses() -> None:
    record = random_game("standard", "board", seed=1, policy="greedy")
    game = replay(record)
    assert max(max(s) for s in game.scores) == 18
    seats = [a["player"] for a in record.actions if a["type"] == "place"]
    assert any(x == y for x, y in zip(seats, seats[1:], strict=False))  # a bonus placement


def test_random_game_arguments() -> None:
    with pytest.raises(ValueError):
        random_game("mso", "half")
    with pytest.raises(ValueError):
        random_game("mso", policy="clever")
    with pytest.raises(ValueError):
        random_game("chess")
    flagged = [random_game("mso", "board", s, flag_chance=0.2) for s in range(5)]
    assert any(a["type"] == "flag" for r in flagged for a in r.actions)
    assert all(check_record(r)["valid"] for r in flagged)
