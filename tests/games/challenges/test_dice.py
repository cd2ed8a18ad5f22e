"""The Dice Challenge, one test per reading of CHALLENGES.md ("Dice Challenge") and the rule
text's example of scoring."""

from __future__ import annotations

import pytest

from games.challenges.dice import DICE_PER_SEAT, DiceChallenge

from .helpers import match, names, refused, resolve, roll, rows, wild


def set_up(n: int, *rolls: list[str]) -> DiceChallenge:
    game = DiceChallenge(names(n))
    for p, faces in enumerate(rolls):
        game.apply(roll(p, *faces))
    return game


def test_reading_dice_per_player() -> None:
    """Reading: 9 dice; two players 4 each, three 3, four 2."""
    assert DICE_PER_SEAT == {2: 4, 3: 3, 4: 2}
    game = DiceChallenge(names(4))
    refused(
        game,
        roll(0, "R", "G", "B"),
        "BAD_ROLL",
        "Ada (seat 0) rolls 2 dice: the roll must show 2 faces, not 3",
    )


def test_rule_text_example_of_scoring() -> None:
    """The rule text's example: a red star and two green disks score three red points (Player
    A's two red stars and Player B's one) and either two green points or a single wild point."""
    for steps, expect in (
        ((match("R"), match("G"), match("G")), "3 2 0 0 0 0"),
        ((match("R"), wild("GG", "G")), "3 1 0 0 0 0"),
    ):
        game = set_up(3, ["Y", "Y", "P"], ["R", "R", "G"], ["R", "B", "O"])
        game.apply(roll(0, "R", "G", "G"))
        game.apply(resolve(0, *steps))
        assert game.rows[0] == rows(expect)


def test_reading_own_dice_never_match() -> None:
    """Reading: a die scores one point for each die of the other players showing its colour."""
    game = set_up(2, ["R", "R", "R", "R"], ["G", "B", "O", "Y"])
    game.apply(roll(0, "R", "G", "P", "P"))
    game.apply(resolve(0, match("R"), match("G"), match("P"), match("P")))
    assert game.rows[0] == rows("0 1 0 0 0 0")


def test_reading_rerolls_at_most_twice_all_dice() -> None:
    """Reading: the player may re-roll all dice at most twice; the third roll stands."""
    game = set_up(2, ["R"] * 4, ["G"] * 4)
    refused(
        game, resolve(0, match("R")), "ROLL_REQUIRED", "Ada (seat 0) must roll before resolving"
    )
    game.apply(roll(0, "B", "B", "B", "B"))
    game.apply(roll(0, "O", "O", "O", "O"))
    refused(game, roll(0, "R", "R", "R"), "BAD_ROLL")  # all the dice, every time
    game.apply(roll(0, "G", "G", "Y", "P"))
    refused(
        game,
        roll(0, "G", "G", "G", "G"),
        "TOO_MANY_ROLLS",
        "Ada (seat 0) has rolled three times this turn: the third roll stands",
    )
    refused(game, roll(1, "G", "G", "G", "G"), "NOT_YOUR_TURN")
    game.apply(resolve(0, match("G"), match("G"), match("Y"), match("P")))
    assert game.rows[0] == rows("0 3 0 0 0 0")  # green 3 -> 4 is lost while pegs are at 0
    assert game.faces[0] == [1, 1, 4, 5]  # the dice stay as rolled for the others to match


@pytest.mark.parametrize(
    ("faces", "steps", "expect"),
    [
        ("GGG", (wild("GGG", "Y"),), "0 0 0 0 2 0"),
        ("GGG", (wild("GG", "Y"), match("G")), "0 2 0 0 1 0"),
        ("OOOO", (wild("OOOO", "R"),), "3 0 0 0 0 0"),
        ("OOOO", (wild("OOO", "R"), match("O")), "2 0 0 1 0 0"),
        ("OOOO", (wild("OO", "R"), wild("OO", "P")), "1 0 0 0 0 1"),
        ("OOOO", (wild("OO", "R"), match("O"), match("O")), "1 0 0 2 0 0"),
    ],
)
def test_reading_wild_sets_split_freely(
    faces: str, steps: tuple[dict[str, object], ...], expect: str
) -> None:
    """Reading: a pair 1 point, three of a kind 2, four 3; equal faces may be split freely;
    dice used wild are not matched."""
    n = 3 if len(faces) == 3 else 2
    game = set_up(n, *([["O", "G", "B", "Y"][: len(faces)]] * n))
    game.apply(roll(0, *faces))
    game.apply(resolve(0, *steps))
    assert game.rows[0] == rows(expect)


def test_wild_and_dice_mismatches() -> None:
    game = set_up(3, ["R", "G", "B"], ["R", "G", "B"], ["R", "G", "B"])
    game.apply(roll(0, "R", "R", "G"))
    refused(
        game,
        resolve(0, wild("RG", "P"), match("R")),
        "WILD_NOT_ALLOWED",
        "step 0: a wild score uses two to four equal faces, not R G",
    )
    refused(game, resolve(0, wild("R", "P"), match("R"), match("G")), "WILD_NOT_ALLOWED")
    refused(
        game,
        resolve(0, match("R"), match("G")),
        "DICE_MISMATCH",
        "the steps use R G but the roll shows R R G: every die is used exactly once",
    )
    refused(game, resolve(0, wild("GG", "P"), match("R")), "DICE_MISMATCH")
    refused(game, resolve(0, {"match": "R", "wild": ["R"]}), "BAD_RECORD")


def test_reading_steps_in_order_matter_under_the_restriction() -> None:
    """Reading: the player chooses the order in which dice and wild sets are scored, which
    matters under the scoring restriction."""
    for steps, expect in (
        ((match("G"), wild("RR", "P")), "3 3 3 3 3 1"),
        ((wild("RR", "P"), match("G")), "3 4 3 3 3 1"),
    ):
        game = set_up(3, ["Y", "Y", "Y"], ["G", "B", "B"], ["B", "B", "B"])
        game.rows[0] = rows("3 3 3 3 3 0")
        game.apply(roll(0, "R", "R", "G"))
        game.apply(resolve(0, *steps))
        assert game.rows[0] == rows(expect)


def test_reading_optional_starting_rule() -> None:
    """Reading: nobody rolls at set-up, so on each player's first turn only the dice already
    rolled by earlier seats can be matched."""
    game = DiceChallenge(names(2), setup_roll=False)
    game.apply(roll(0, "R", "R", "G", "B"))
    game.apply(resolve(0, match("R"), match("R"), match("G"), match("B")))
    assert game.rows[0] == [0] * 6 and game.to_move == 1
    game.apply(roll(1, "R", "B", "O", "O"))
    game.apply(resolve(1, match("R"), match("B"), match("O"), match("O")))
    assert game.rows[1] == rows("2 0 1 0 0 0")


def test_reading_bonus_turn_starts_with_a_new_roll() -> None:
    """Reading: a peg reaching 10 earns a bonus turn after the turn's scoring (record: a bonus
    turn starts with a new roll)."""
    game = set_up(2, ["Y"] * 4, ["R", "R", "R", "G"])
    game.rows[0] = rows("8 4 4 4 4 4")
    game.apply(roll(0, "R", "B", "B", "B"))
    game.apply(resolve(0, match("R"), match("B"), match("B"), match("B")))
    assert game.rows[0][0] == 10 and game.to_move == 0 and game.rolls == 0
    game.apply(roll(0, "Y", "Y", "Y", "Y"))
    game.apply(resolve(0, wild("YYYY", "R")))  # red is at 10: the points are lost
    assert game.rows[0][0] == 10 and game.to_move == 1


def test_reading_last_peg_to_seven_wins_at_once() -> None:
    """Reading: the resolved roll that brings the last peg to 7 is scored in full, and that
    player wins."""
    game = set_up(2, ["Y"] * 4, ["R", "R", "G", "G"])
    game.rows[0] = rows("6 6 7 7 7 7")
    game.apply(roll(0, "R", "G", "B", "B"))
    game.apply(resolve(0, match("R"), match("G"), match("B"), match("B")))
    assert game.over and game.winner == 0 and game.rows[0] == rows("8 8 7 7 7 7")
    refused(game, roll(1, "R", "R", "R", "R"), "GAME_OVER", "the game is over: Ada (seat 0) won")
