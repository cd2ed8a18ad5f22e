"""The Tile Challenge, one test per reading of CHALLENGES.md ("Tile Challenge") and the rule
text's example of scoring."""

from __future__ import annotations

from games.challenges.tile import CHOOSE, DRAWN, REFILL, TileChallenge

from .helpers import names, refill, refused, rows, tdraw

SCORE = {"type": "score", "player": 0}


def free(p: int, colour: str) -> dict[str, object]:
    return {"type": "free", "player": p, "colour": colour}


def test_reading_126_tiles_and_target_column() -> None:
    """Reading: 126 tiles, 21 of each colour; target column 7 with two or three players, 5 with
    four."""
    assert sum(TileChallenge(names(2)).pool) == 126
    assert [TileChallenge(names(n)).top for n in (2, 3, 4)] == [7, 7, 5]


def test_rule_text_example_of_scoring() -> None:
    """The rule text's example: a yellow sun matches the centre, then a green disk too; the
    player scores two yellow and two green and leaves the blue star in the centre."""
    game = TileChallenge(names(2))
    game.apply(refill("Y", "G", "B"))
    game.apply(tdraw(0, "Y"))
    game.apply(tdraw(0, "G"))
    game.apply(SCORE)
    assert game.rows[0] == rows("0 2 0 0 2 0")
    assert game.centre == [0, 0, 1, 0, 0, 0] and game.gone == [0, 2, 0, 0, 2, 0]
    assert game.phase == REFILL and game.turn == 1 and game.refill_size() == 2


def test_rule_text_example_turn_ends_on_a_repeat_or_a_miss() -> None:
    """The rule text's example: had the second tile not matched the centre, or been another
    yellow sun, the turn would be over and the drawn tiles would go to the centre."""
    for second, centre in (("O", [0, 1, 1, 1, 2, 0]), ("Y", [0, 1, 1, 0, 3, 0])):
        game = TileChallenge(names(2))
        game.apply(refill("Y", "G", "B"))
        game.apply(tdraw(0, "Y"))
        game.apply(tdraw(0, second))
        assert game.rows[0] == [0] * 6
        assert game.centre == centre
        assert game.turn == 1 and game.phase == CHOOSE


def test_reading_turn_starts_by_refilling_the_centre() -> None:
    """Reading: a turn starts by filling the centre back up to three tiles (exactly the tiles
    that bring it back to three)."""
    game = TileChallenge(names(2))
    refused(game, tdraw(0, "R"), "WRONG_PHASE")
    refused(game, refill("R", "G"), "DRAW_MISMATCH")
    game.apply(refill("R", "G", "B"))
    refused(game, refill("R"), "WRONG_PHASE")
    game.apply(free(0, "R"))
    assert game.phase == REFILL
    refused(game, tdraw(1, "R"), "WRONG_PHASE")
    game.apply(refill("R"))
    assert game.phase == CHOOSE and game.turn == 1


def test_reading_free_score_takes_a_lowest_row() -> None:
    """Reading: instead of drawing, if a centre tile shows one of the player's lowest rows, the
    player may take all centre tiles of that colour and score them."""
    game = TileChallenge(names(3))
    game.apply(refill("R", "R", "G"))
    game.rows[0] = rows("1 0 1 1 1 1")
    refused(
        game,
        free(0, "R"),
        "FREE_NOT_ALLOWED",
        "a free score takes one of Ada (seat 0)'s lowest rows (green), not red",
    )
    game.rows[0] = rows("1 1 1 1 1 1")
    refused(game, free(0, "B"), "NO_MATCH", "no tile in the centre shows blue")
    game.apply(free(0, "R"))
    assert game.rows[0] == rows("3 1 1 1 1 1") and game.centre == [0, 1, 0, 0, 0, 0]


def test_reading_free_score_or_draw_not_both() -> None:
    """Reading: the player either takes a free score or draws; score only after a draw that did
    not end the turn."""
    game = TileChallenge(names(2))
    game.apply(refill("R", "G", "B"))
    refused(
        game,
        SCORE,
        "SCORE_NOT_ALLOWED",
        "Ada (seat 0) may score only after a draw that did not end the turn",
    )
    game.apply(tdraw(0, "R"))
    assert game.phase == DRAWN
    refused(
        game,
        free(0, "G"),
        "FREE_NOT_ALLOWED",
        "a free score replaces the turn's first draw: Ada (seat 0) has drawn already",
    )
    refused(game, tdraw(1, "R"), "NOT_YOUR_TURN")


def test_reading_point_past_target_goes_back_to_the_pool() -> None:
    """Reading: a point past the target is lost and its tile goes face down back into the pool;
    the other scored tiles leave the game."""
    game = TileChallenge(names(4))  # target 5
    game.apply(refill("R", "R", "G"))
    game.rows[0] = rows("4 0 0 0 0 0")
    game.apply(tdraw(0, "R"))
    game.apply(SCORE)
    assert game.rows[0][0] == 5 and game.pool[0] == 21 - 3 + 2 and game.gone[0] == 1


def test_reading_bonus_turn_starts_by_filling_the_centre() -> None:
    """Reading: a peg reaching the target earns a bonus turn (once per colour); a bonus turn
    starts like any turn, by filling the centre."""
    game = TileChallenge(names(2))
    game.apply(refill("R", "G", "B"))
    game.rows[0] = rows("6 1 1 1 1 1")
    game.apply(tdraw(0, "R"))
    game.apply(SCORE)
    assert game.rows[0][0] == 7 and game.turn == 0 and game.phase == REFILL
    game.apply(refill("O"))
    assert game.turn == 0 and game.owed == 0


def test_reading_supply_runs_out() -> None:
    """Reading: a turn that starts with an empty pool and no free score possible ends the game,
    decided like the board game."""
    game = TileChallenge(names(2))
    game.apply(refill("R", "G", "B"))
    game.pool = [0, 0, 0, 1, 0, 0]
    game.rows = [rows("1 1 1 1 1 1"), rows("1 1 1 0 1 1")]
    game.apply(tdraw(0, "O"))  # matches nothing: the turn ends, the pool is empty
    assert game.phase == CHOOSE and game.turn == 1  # 1 may take orange free
    refused(game, tdraw(1, "O"), "DRAW_MISMATCH", "the pool is empty: no tile can be drawn")
    game.apply(free(1, "O"))
    assert not game.over and game.turn == 0  # a free score is still possible for 0
    game.apply(free(0, "R"))
    game.apply(free(1, "G"))
    game.apply(free(0, "B"))  # the pool and the centre are both empty: the game ends
    assert game.over and game.to_move is None
    assert game.rows == [rows("2 1 2 1 1 1"), rows("1 2 1 1 1 1")] and game.winner == 0


def test_reading_all_rows_at_target_wins() -> None:
    """Reading: the score that brings the last peg to the target wins at once."""
    game = TileChallenge(names(3))
    game.apply(refill("R", "G", "B"))
    game.rows[0] = rows("6 7 6 7 7 7")
    game.apply(tdraw(0, "R"))
    game.apply(tdraw(0, "B"))
    game.apply(SCORE)
    assert game.over and game.winner == 0
