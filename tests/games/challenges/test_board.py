"""The score board every challenge shares (CHALLENGES.md, "Common to all three")."""

from __future__ import annotations

import pytest

from games.challenges.board import (
    ChallengeGame,
    lowest_colours,
    point_lost,
    result_winner,
    victory_points,
)
from games.challenges.card import CardChallenge
from games.challenges.dice import DiceChallenge
from games.challenges.tally import GameResult, rank_players
from games.challenges.tile import TileChallenge

from .helpers import names, rows


@pytest.mark.parametrize(
    ("before", "colour", "lost"),
    [
        ("0 3 1 1 1 1", 1, True),  # into 4-6 while a peg is in column 0
        ("1 3 1 1 1 1", 1, False),
        ("1 6 4 4 4 4", 1, True),  # into 7-10 while a peg is in 1-3
        ("4 6 4 4 4 4", 1, False),
        ("0 0 0 0 0 0", 2, False),  # column 0 to 1 is always allowed
        ("4 10 4 4 4 4", 1, True),  # past column 10
    ],
)
def test_reading_area_restriction_four_areas(before: str, colour: int, lost: bool) -> None:
    """Reading: the columns form four areas 0 | 1-3 | 4-6 | 7-10; past 10 is lost."""
    assert point_lost(rows(before), colour, 10, True) is lost


def test_reading_tile_challenge_has_no_area_restriction() -> None:
    """Reading: "Scoring restriction (Card and Dice only; the Tile Challenge text has none)"."""
    game = TileChallenge(names(2))
    game.rows[0] = rows("0 3 0 0 0 0")
    assert game.score(0, 1, 3) == 3
    assert game.rows[0] == rows("0 6 0 0 0 0")
    assert point_lost(rows("0 6 0 0 0 0"), 1, 7, False) is False


def test_reading_points_one_at_a_time_lost_stays_lost() -> None:
    """Reading: points are added one at a time; a point that is lost stays lost even if a later
    point of the same turn lifts the last low peg."""
    game = CardChallenge(names(2), "table")
    game.rows[0] = rows("0 3 1 1 1 1")
    assert game.score(0, 1, 2) == 0  # green 3 -> 4 is lost while red is in column 0
    assert game.score(0, 0, 2) == 2
    assert game.rows[0] == rows("2 3 1 1 1 1")


def test_reading_bonus_once_per_colour() -> None:
    """Reading: each time a peg reaches the top column the player earns a bonus turn; each
    colour gives its bonus once per game."""
    game = CardChallenge(names(2), "table")
    game.rows[0] = rows("9 9 7 7 7 7")
    game.score(0, 0, 1)
    game.score(0, 1, 3)
    assert game.owed == 2 and game.rows[0][:2] == [10, 10]
    game.rows[0][0] = 9  # (by hand: a peg cannot go down in play)
    game.score(0, 0, 1)
    assert game.owed == 2 and game.bonus_used[0] == {0, 1}


def test_reading_victory_points_are_the_lowest_row() -> None:
    """Reading: victory points per challenge = the player's lowest row."""
    assert victory_points([7, 8, 7, 9, 7, 10]) == 7
    assert victory_points([5, 6, 4, 7, 3, 6]) == 3
    assert lowest_colours([5, 3, 4, 3, 9, 9]) == [1, 3]


def test_reading_supply_end_decided_like_the_board_game() -> None:
    """Reading: lowest row, then second lowest, and so on; equal rows throughout are a draw."""
    assert result_winner([rows("3 5 5 5 5 5"), rows("3 4 6 6 6 6")]) == 0
    assert result_winner([rows("3 4 6 6 6 6"), rows("6 6 6 6 4 3"), rows("1 9 9 9 9 9")]) is None
    assert result_winner([rows("2 2 2 2 2 2"), rows("2 2 2 2 2 2")]) is None


def test_reading_event_tally_and_tie_breaks() -> None:
    """Reading: an event ranks by the sum of lowest rows; ties broken by games won, then the sum
    of second-lowest rows, then results between the tied players."""
    games = [
        GameResult(
            {"a": rows("7 7 7 7 7 7"), "b": rows("5 6 6 6 6 6"), "c": rows("5 5 9 9 9 9")}, "a"
        ),
        GameResult(
            {"a": rows("3 4 9 9 9 9"), "b": rows("7 7 7 7 7 7"), "d": rows("5 9 9 9 9 9")}, "b"
        ),
        GameResult({"c": rows("7 7 7 7 7 7"), "d": rows("7 8 8 8 8 8")}, "d"),
    ]
    table = rank_players(games)
    assert [(r.player, r.victory_points, r.games_won, r.second_lowest) for r in table] == [
        ("d", 12, 1, 17),
        ("b", 12, 1, 13),
        ("c", 12, 0, 12),
        ("a", 10, 1, 11),
    ]
    assert [r.rank for r in table] == [1, 2, 3, 4]


def test_reading_tally_results_between_tied_players() -> None:
    """Reading: equal on tally, wins and second-lowest rows: the game between them decides;
    equal on everything shares the rank."""
    games = [
        GameResult({"a": rows("4 5 6 6 6 6"), "b": rows("4 5 5 6 6 6")}),
        GameResult({"a": rows("6 6 6 6 6 6"), "b": rows("6 6 6 6 6 6")}),
        GameResult({"c": rows("1 1 1 1 1 1"), "e": rows("1 1 1 1 1 1")}),
    ]
    table = rank_players(games)
    assert [(r.player, r.between, r.rank) for r in table][:2] == [("a", 1.5, 1), ("b", 0.5, 2)]
    assert [(r.player, r.rank) for r in table][2:] == [("c", 3), ("e", 3)]


@pytest.mark.parametrize("game_class", [CardChallenge, DiceChallenge, TileChallenge])
def test_reading_two_to_four_players_seat_zero_first(game_class: type[ChallengeGame]) -> None:
    """Reading: 2 to 4 players, seat 0 moves first, then seat order."""
    for n in (1, 5):
        with pytest.raises(ValueError, match=f"a challenge is for 2 to 4 players, not {n}"):
            game_class(["x"] * n)
    for n in (2, 3, 4):
        game = game_class(names(n), "table")
        assert game.to_move == 0 and game.rows == [[0] * 6] * n and not game.over
