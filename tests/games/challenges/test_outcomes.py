"""What one action did (``games.challenges.outcomes``): the points of each step, kept and lost,
the bonus turns, the cards and tiles it moved, as the game applies it."""

from __future__ import annotations

import pytest

from games.challenges.board import Scored
from games.challenges.card import CardChallenge
from games.challenges.dice import DiceChallenge
from games.challenges.outcomes import apply_with_outcome
from games.challenges.randomgame import random_game
from games.challenges.tile import TileChallenge
from games.engine.errors import IllegalAction
from games.engine.tiles import COLOURS

from .helpers import match, names, play, refill, resolve, roll, rows, state, tdraw, wild


@pytest.mark.parametrize("challenge", ["card", "dice", "tile"])
@pytest.mark.parametrize("mode", ["full", "table"])
def test_each_outcome_says_what_its_action_scored(challenge: str, mode: str) -> None:
    for seed in range(3):
        record = random_game(challenge, 2 + seed, seed=seed, mode=mode)
        game, plain = record.new_game(), record.new_game()
        for action in record.actions:
            seat = action.get("player")
            before = [list(r) for r in game.rows]
            outcome = apply_with_outcome(game, action)
            plain.apply(action)
            assert game.result() == plain.result()
            assert (outcome.kind, outcome.seat) == (action["type"], seat)
            assert (outcome.over, outcome.winner, outcome.to_move) == (
                game.over,
                game.winner,
                game.to_move,
            )
            gained = [0] * 6
            for s in outcome.scored:
                assert 0 <= s.kept <= s.points
                gained[COLOURS.index(s.colour)] += s.kept
            if seat is None:
                assert game.rows == before
            else:
                assert [b - a for a, b in zip(before[seat], game.rows[seat], strict=True)] == gained


def test_a_card_play_scores_its_first_symbol_then_the_other() -> None:
    """The rule text's example: red 2 to 4, then purple only 5 to 6 (a peg still in 1-3)."""
    game = CardChallenge(names(3))
    hands = [
        ["RG", "RB", "RO", "RY", "RP", "GB"],
        ["GO", "GY", "GP", "BO", "BY", "BP"],
        ["OY", "OP", "YP", "RG", "RB", "RO"],
    ]
    for p in range(3):
        game.apply({"type": "deal", "player": p, "cards": hands[p]})
    for p, card in enumerate(("GB", "RP", "RP")):
        game.apply({"type": "faceup", "player": p, "cards": [card]})
    game.rows[0] = rows("2 2 1 1 1 5")
    outcome = apply_with_outcome(game, play(0, "PR", "R"))
    assert (outcome.card, outcome.first) == ("RP", "R")
    assert outcome.scored == (Scored("R", 2, 2), Scored("P", 2, 1))
    assert outcome.discarded == ("GB",) and outcome.to_move == 0  # the draw comes next


def test_a_bonus_turn_earned_with_an_empty_hand_is_lost() -> None:
    game = CardChallenge(names(3), "table")
    for p in range(3):
        game.apply({"type": "faceup", "player": p, "cards": ["RG"]})
    game.rows[0] = rows("9 9 4 4 4 4")
    game.hand_size[0] = 1
    outcome = apply_with_outcome(game, play(0, "RG", "R"))
    assert outcome.scored == (Scored("R", 3, 1), Scored("G", 3, 1))
    assert (outcome.bonus, outcome.bonus_lost) == (2, 2)


def test_a_swap_shows_the_hand_in_either_mode() -> None:
    game = CardChallenge(names(2), "table")
    game.apply({"type": "faceup", "player": 0, "cards": ["RG", "RB"]})
    game.apply({"type": "faceup", "player": 1, "cards": ["RG", "RO"]})
    game.apply(play(0, "YP", "Y"))
    game.rows[0] = rows("0 1 1 1 1 1")
    hand = ["GO", "GO", "BO", "BY", "YP"]
    outcome = apply_with_outcome(game, {"type": "swap", "player": 0, "hand": hand})
    assert outcome.cards == tuple(hand) and outcome.to_move == 1


def test_dice_rolls_are_numbered_and_steps_say_what_they_used() -> None:
    game = DiceChallenge(names(2))
    assert apply_with_outcome(game, roll(0, "R", "G", "B", "O")).roll == 0  # set-up
    apply_with_outcome(game, roll(1, "R", "R", "Y", "P"))
    first = apply_with_outcome(game, roll(0, "R", "R", "Y", "G"))
    assert (first.roll, first.faces) == (1, ("R", "R", "Y", "G"))
    assert apply_with_outcome(game, roll(0, "R", "R", "Y", "P")).roll == 2
    outcome = apply_with_outcome(game, resolve(0, wild("RR", "B"), match("Y"), match("P")))
    assert outcome.scored == (
        Scored("B", 1, 1, ("R", "R")),
        Scored("Y", 1, 1),
        Scored("P", 1, 1),
    )
    assert outcome.to_move == 1


def test_tile_draws_say_whether_and_why_the_turn_ended() -> None:
    game = TileChallenge(names(2))
    assert apply_with_outcome(game, refill("Y", "G", "B")).cards == ("Y", "G", "B")
    drawn = apply_with_outcome(game, tdraw(0, "Y"))
    assert (drawn.tile, drawn.ends, drawn.returned) == ("Y", False, ())
    again = apply_with_outcome(game, tdraw(0, "Y"))
    assert (again.ends, again.again, again.returned, again.to_move) == (True, True, ("Y", "Y"), 1)
    miss = apply_with_outcome(game, tdraw(1, "R"))
    assert (miss.ends, miss.again, miss.returned) == (True, False, ("R",))
    game.apply(tdraw(0, "G"))  # the centre holds three or more: no refill is due
    score = apply_with_outcome(game, {"type": "score", "player": 0})
    assert score.scored == (Scored("G", 2, 2),)
    free = apply_with_outcome(game, {"type": "free", "player": 1, "colour": "Y"})
    assert free.tile == "Y" and free.scored == (Scored("Y", 3, 3),)


def test_a_refused_action_has_no_outcome_and_changes_nothing() -> None:
    game = TileChallenge(names(2))
    game.apply(refill("Y", "G", "B"))
    before = state(game)
    with pytest.raises(IllegalAction):
        apply_with_outcome(game, {"type": "score", "player": 0})
    assert state(game) == before
