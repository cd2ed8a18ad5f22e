import pytest

from scoring.core.results import (
    ABSENT,
    BYE,
    FORFEIT,
    HALF_BYE,
    PLAYED,
    Board,
    GameResult,
    results_from_boards,
    validate_results,
)
from scoring.core.standings import compute_standings
from tests.scoring.core.events import round_robin_four


def by_player(rows: list[GameResult]) -> dict[int, GameResult]:
    return {r.player: r for r in rows}


def test_played_game_gives_two_mirrored_rows() -> None:
    a, b = results_from_boards([Board(1, 7, 9, "1-0", 12, 10)])
    assert a == GameResult(1, 7, 9, 1.0, PLAYED, True, 12, 10)
    assert b == GameResult(1, 9, 7, 0.0, PLAYED, False, 10, 12)
    assert a.level_difference == 2 and b.level_difference == -2


@pytest.mark.parametrize(
    ("result", "first", "second", "kind"),
    [
        ("1-0", 1.0, 0.0, PLAYED),
        ("0-1", 0.0, 1.0, PLAYED),
        ("1/2-1/2", 0.5, 0.5, PLAYED),
        ("½-½", 0.5, 0.5, PLAYED),
        ("+/-", 1.0, 0.0, FORFEIT),
        ("-/+", 0.0, 1.0, FORFEIT),
        ("-/-", 0.0, 0.0, FORFEIT),
    ],
)
def test_victory_points_of_two_player_results(
    result: str, first: float, second: float, kind: str
) -> None:
    rows = by_player(results_from_boards([Board(1, 1, 2, result, 9, 9)]))
    assert (rows[1].points, rows[2].points) == (first, second)
    assert rows[1].kind == rows[2].kind == kind


def test_forfeits_carry_no_levels_and_no_first_move() -> None:
    rows = results_from_boards([Board(1, 1, 2, "+/-", 9, 3)])
    assert all(r.own_lowest is None and r.opp_lowest is None for r in rows)
    assert all(r.moved_first is None and r.level_difference is None for r in rows)


@pytest.mark.parametrize(
    ("result", "kind", "points"),
    [("bye", BYE, 1.0), ("half-bye", HALF_BYE, 0.5), ("half_bye", HALF_BYE, 0.5)]
    + [("absent", ABSENT, 0.0)],
)
def test_one_player_boards(result: str, kind: str, points: float) -> None:
    (row,) = results_from_boards([Board(2, 5, None, result)])
    assert row == GameResult(2, 5, None, points, kind)


def test_bye_value_is_configurable() -> None:
    rows = results_from_boards(
        [Board(1, 5, None, "bye")], byes=[(2, 5)], half_byes=[(3, 5)], absent=[(4, 5)]
    )
    assert [r.points for r in rows] == [1.0, 1.0, 0.5, 0.0]
    half = results_from_boards([Board(1, 5, None, "bye")], byes=[(2, 5)], bye_value=0.5)
    assert [r.points for r in half] == [0.5, 0.5]
    assert compute_standings([5], half, [])[0].vp == 1.0


def test_board_without_result_gives_no_rows() -> None:
    assert results_from_boards([Board(1, 1, 2, "")]) == []


@pytest.mark.parametrize(
    "board",
    [Board(1, 1, 2, "2-0"), Board(1, 1, None, "1-0"), Board(1, 1, 2, "bye")],
)
def test_board_that_does_not_fit_is_refused(board: Board) -> None:
    with pytest.raises(ValueError):
        results_from_boards([board])


def test_rows_sorted_by_round_then_player() -> None:
    rows = results_from_boards([Board(2, 4, 3, "1-0", 1, 0), Board(1, 2, 1, "0-1", 0, 1)])
    assert [(r.round, r.player) for r in rows] == [(1, 1), (1, 2), (2, 3), (2, 4)]


def test_sound_event_validates() -> None:
    rows = round_robin_four() + results_from_boards(
        [Board(4, 1, None, "bye"), Board(4, 2, 3, "-/-"), Board(4, 4, None, "half-bye")]
    )
    assert validate_results(rows, bye_value=1.0) == []


def test_validation_finds_problems() -> None:
    good = results_from_boards([Board(1, 1, 2, "1-0", 10, 9)])
    bad = [
        *good,
        GameResult(1, 1, None, 1.0, BYE),  # second row for player 1 in round 1
        GameResult(2, 3, 4, 1.0, PLAYED, True, 8, 9),  # no row from 4; lower level but won
        GameResult(2, 5, None, 0.5, ABSENT),  # absent scores 0
        GameResult(2, 6, 6, 1.0, FORFEIT),  # meets himself
        GameResult(3, 1, None, 1.0, "draw"),  # unknown kind
        GameResult(3, 2, None, 0.5, BYE),  # bye value is 1 here
        GameResult(4, 7, 8, 1.0, PLAYED, True, 10, 9),
        GameResult(4, 8, 7, 1.0, PLAYED, True, 9, 11),  # VP sum 2, levels differ, both first
    ]
    errors = "\n".join(validate_results(bad, bye_value=1.0))
    for fragment in [
        "round 1, player 1: 2 rows in one round",
        "no matching played row from player 4",
        "lower lowest level (8) but not a loss",
        "0.5 VP is not possible for a absent row",
        "cannot meet himself",
        "unknown kind 'draw'",
        "0.5 VP is not possible for a bye row",
        "must sum to 1",
        "different lowest levels",
        "exactly one player moves first",
    ]:
        assert fragment in errors


def test_decimal_and_int_points_are_accepted() -> None:
    from decimal import Decimal

    rows = results_from_boards([Board(1, 1, None, "bye")], bye_value=Decimal("0.5"))  # type: ignore[arg-type]
    assert rows[0].points == 0.5 and isinstance(rows[0].points, float)
    mixed = [
        GameResult(1, 1, None, Decimal("1.0"), BYE),  # type: ignore[arg-type]
        GameResult(2, 1, None, 0.5, HALF_BYE),
        GameResult(3, 1, 2, 1, FORFEIT),
        GameResult(3, 2, 1, 0, FORFEIT),
    ]
    standings = compute_standings([1, 2], mixed, "chess")
    assert standings[0].vp == 2.5 and isinstance(standings[0].vp, float)
    assert standings[0].tiebreaks["cumulative"] == 1.0 + 1.5 + 2.5
