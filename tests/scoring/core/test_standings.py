import pytest

from scoring.core.chains import PRESETS
from scoring.core.results import Board, GameResult
from scoring.core.standings import Placing, StandingRow, compute_standings, final_placings
from tests.scoring.core.events import circular_three, round_robin_four, rows, swiss_six

MSO = PRESETS["mso-ingenious"]
TWO_PLAYER = PRESETS["mso-two-player"]


def order(standings: list[StandingRow]) -> list[int]:
    return [row.player for row in standings]


def ranks(standings: list[StandingRow]) -> list[int]:
    return [row.rank for row in standings]


def row_of(standings: list[StandingRow], player: int) -> StandingRow:
    return next(row for row in standings if row.player == player)


def test_round_robin_mso_chain() -> None:
    standings = compute_standings([1, 2, 3, 4], round_robin_four(), MSO)
    # 1 and 3 on 2 VP: 3 beat 1, so results between puts 3 first despite 1's better PD.
    assert order(standings) == [3, 1, 2, 4]
    assert ranks(standings) == [1, 2, 3, 4]
    assert standings[0] == StandingRow(
        rank=1,
        player=3,
        vp=2.0,
        tiebreaks={
            "results_between": 1.0,
            "progressive_difference": 3.0,
            "progressive_level": 32.0,
        },
        games_played=3,
        tied=False,
    )
    assert list(standings[1].tiebreaks) == list(MSO)


def test_default_chain_is_mso_ingenious() -> None:
    assert compute_standings([1, 2, 3, 4], round_robin_four()) == compute_standings(
        [1, 2, 3, 4], round_robin_four(), MSO
    )


def test_preset_name_as_chain() -> None:
    by_name = compute_standings([1, 2, 3, 4], round_robin_four(), "chess")
    assert by_name == compute_standings([1, 2, 3, 4], round_robin_four(), PRESETS["chess"])
    assert list(by_name[0].tiebreaks) == ["buchholz", "sonneborn_berger", "cumulative"]


def test_invalid_chain_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown tie-break 'koya'"):
        compute_standings([1, 2], [], ["koya"])
    with pytest.raises(ValueError):
        compute_standings([1, 2], [], "no-such-preset")


def test_three_way_circular_tie_falls_to_progressive_difference() -> None:
    standings = compute_standings([1, 2, 3, 4], circular_three(), MSO)
    # Results between: 1 VP each, no separation. PD: 2 = +7, 1 = 3 = +5; PL: 3 = 33, 1 = 29.
    assert order(standings) == [2, 3, 1, 4]
    assert ranks(standings) == [1, 2, 3, 4]
    assert [row.tiebreaks["results_between"] for row in standings[:3]] == [1.0, 1.0, 1.0]
    assert [row.tiebreaks["progressive_difference"] for row in standings[:3]] == [7.0, 5.0, 5.0]
    assert row_of(standings, 3).tiebreaks["progressive_level"] == 33.0
    assert row_of(standings, 1).tiebreaks["progressive_level"] == 29.0


def test_results_between_not_applied_when_not_all_pairs_played() -> None:
    standings = compute_standings(range(1, 7), swiss_six(), MSO)
    # 1, 2, 3 on 2 VP; 1 beat 2 but 3 met neither, so PD decides: 2 (+14), then 1 and 3
    # (0 each) by progressive level: 3 (32) before 1 (28). 6 and 4 never met: PD again.
    assert order(standings) == [5, 2, 3, 1, 6, 4]
    assert [row.vp for row in standings] == [3.0, 2.0, 2.0, 2.0, 0.0, 0.0]
    assert all(row.tiebreaks["results_between"] == 0.0 for row in standings)


def test_group_dependent_tiebreak_is_evaluated_in_the_remaining_group() -> None:
    # Chain with results between second: PD first separates 2 from {1, 3}... here PD ties 1
    # and 3 (0 each); results between on {1, 3} still does not apply (they never met). With
    # the pair {1, 2}, which did meet, it applies once PD has removed 3.
    results = rows(
        Board(1, 1, 2, "1-0", 10, 10),  # a win on equal lowest levels (decided by 2nd colour)
        Board(1, 3, 4, "1-0", 12, 11),
        Board(2, 2, 4, "1-0", 10, 10),
        Board(2, 1, 5, "0-1", 9, 9),
        Board(3, 3, 5, "0-1", 8, 9),
        Board(3, 4, 6, "1-0", 9, 9),
        Board(4, 2, 6, "1-0", 9, 9),
        Board(4, 1, 6, "1-0", 9, 9),
    )
    chain = ["progressive_difference", "results_between"]
    standings = compute_standings(range(1, 7), results, chain)
    by_player = {row.player: row for row in standings}
    assert by_player[1].vp == by_player[2].vp == 2.0
    assert by_player[1].tiebreaks["progressive_difference"] == 0.0
    assert by_player[2].tiebreaks["progressive_difference"] == 0.0
    # Within {1, 2} (3 is not on 2 VP): 1 beat 2.
    assert by_player[1].tiebreaks["results_between"] == 1.0
    assert by_player[2].tiebreaks["results_between"] == 0.0
    assert order(standings).index(1) < order(standings).index(2)


def test_results_between_re_evaluated_after_earlier_split() -> None:
    # 1, 2, 3 on 2 VP; 2 beat 1; 3 met neither (whole-group results between does not apply).
    results = rows(
        Board(1, 1, 2, "0-1", 10, 10),
        Board(1, 3, 4, "1-0", 15, 4),
        Board(1, 5, 6, "1/2-1/2", 9, 9),
        Board(2, 1, 5, "1-0", 10, 8),
        Board(2, 2, 4, "1-0", 12, 6),
        Board(2, 3, 6, "1-0", 12, 10),
        Board(3, 1, 4, "1-0", 10, 5),
        Board(3, 2, 6, "0-1", 8, 9),
        Board(3, 3, 5, "0-1", 9, 11),
    )
    # Progressive level first: 3 (36) goes ahead alone, 1 and 2 (30 each) are then compared
    # on the game between them, which 2 won.
    chain = ["progressive_level", "results_between"]
    standings = compute_standings(range(1, 7), results, chain)
    assert order(standings)[:3] == [3, 2, 1]
    assert [row.vp for row in standings[:3]] == [2.0, 2.0, 2.0]
    assert row_of(standings, 2).tiebreaks == {"progressive_level": 30.0, "results_between": 1.0}
    assert row_of(standings, 1).tiebreaks == {"progressive_level": 30.0, "results_between": 0.0}
    assert row_of(standings, 3).tiebreaks == {"progressive_level": 36.0, "results_between": 0.0}
    # The MSO chain on the same event: results between does not apply to {1, 2, 3}, so
    # progressive difference decides: 3 (+11), 1 (+7), 2 (+5).
    mso = compute_standings(range(1, 7), results, MSO)
    assert order(mso)[:3] == [3, 1, 2]


def test_byes_and_forfeits_in_standings() -> None:
    results = rows(
        Board(1, 1, None, "bye"),
        Board(1, 2, 3, "1-0", 10, 8),
        Board(2, 1, 2, "+/-"),
        Board(2, 3, None, "half-bye"),
        Board(3, 1, 3, "-/-"),
        Board(3, 2, None, "absent"),
    )
    standings = compute_standings([1, 2, 3], results, MSO)
    one = row_of(standings, 1)
    assert one.vp == 2.0 and one.games_played == 0
    assert one.tiebreaks == {
        "results_between": 0.0,
        "progressive_difference": 0.0,
        "progressive_level": 0.0,
    }
    assert row_of(standings, 2).vp == 1.0 and row_of(standings, 2).games_played == 1
    assert row_of(standings, 3).vp == 0.5
    assert order(standings) == [1, 2, 3]


def test_head_to_head_puts_the_player_who_beat_all_first() -> None:
    # VP: 1 = 2 (beat 2 and 3), 2 = 2, 3 = 1, 4 = 1 (beat 1, lost to 2 and 3).
    results = rows(
        Board(1, 1, 2, "1-0", 10, 9),  # 1 beats 2 and 3, loses to 4
        Board(1, 3, 4, "1-0", 10, 9),
        Board(2, 1, 3, "1-0", 10, 9),
        Board(2, 2, 4, "1-0", 10, 9),
        Board(3, 1, 4, "0-1", 9, 18),
        Board(3, 2, 3, "1-0", 10, 9),
    )
    # 4 lost to 2 on equal lowest levels: spread (best dropped) 3 = [+1, -1, -1] -> -2,
    # 4 = [-1, 0, +9] -> -1.
    results = [r for r in results if not (r.round == 2 and r.player in (2, 4))] + rows(
        Board(2, 2, 4, "1-0", 10, 10)
    )
    standings = compute_standings([1, 2, 3, 4], results, TWO_PLAYER)
    # Among {1, 2}: 1 beat 2.
    assert order(standings)[:2] == [1, 2]
    assert row_of(standings, 1).tiebreaks["head_to_head_mso"] == 1.0
    # Among {3, 4}: 3 beat 4 although 4 has the better spread (-1 against -2).
    assert order(standings)[2:] == [3, 4]
    assert row_of(standings, 4).tiebreaks["spread"] > row_of(standings, 3).tiebreaks["spread"]


def test_head_to_head_skipped_when_nobody_beat_all_then_spread() -> None:
    standings = compute_standings([1, 2, 3, 4], circular_three(), TWO_PLAYER)
    # Circular: no head-to-head. Spread (best dropped): 1 = [+2, +4, -1] -> 1,
    # 2 = [-2, +3, +6] -> 1, 3 = [+7, -3, +1] -> -2. 1 and 2 then by Sonneborn-Berger (equal:
    # each beat one 2-VP player and 4) -> shared rank.
    assert [row.tiebreaks["head_to_head_mso"] for row in standings] == [0.0] * 4
    assert order(standings) == [1, 2, 3, 4]
    assert ranks(standings) == [1, 1, 3, 4]
    assert standings[0].tied and standings[1].tied and not standings[2].tied


def test_spread_drops_the_best_result_in_the_chain() -> None:
    # 1 and 2 never meet; both win twice and lose once (5 beats both). Level differences:
    # 1 = [+10, -2, +3] (PD 11, spread 1), 2 = [+4, +3, -1] (PD 6, spread 2).
    results = rows(
        Board(1, 1, 3, "1-0", 15, 5),
        Board(1, 2, 4, "1-0", 12, 8),
        Board(2, 1, 5, "0-1", 8, 10),
        Board(2, 2, 6, "1-0", 11, 8),
        Board(3, 1, 6, "1-0", 9, 6),
        Board(3, 2, 5, "0-1", 8, 9),
    )
    two = compute_standings(range(1, 7), results, TWO_PLAYER)
    assert row_of(two, 1).tiebreaks["spread"] == 1.0
    assert row_of(two, 2).tiebreaks["spread"] == 2.0
    assert order(two)[:3] == [5, 2, 1]  # 5 beat both: head-to-head, then spread
    mso = compute_standings(range(1, 7), results, MSO)
    assert order(mso)[:3] == [1, 2, 5]  # by progressive difference: 11, 6, 3


def test_fully_tied_players_share_a_rank() -> None:
    results = rows(
        Board(1, 1, 2, "1-0", 14, 9),
        Board(1, 3, 4, "1-0", 12, 8),
        Board(2, 1, 3, "1-0", 14, 9),
        Board(2, 2, 4, "1-0", 12, 8),
        Board(3, 1, 4, "1-0", 13, 5),
        Board(3, 2, 3, "1/2-1/2", 10, 10),
    )
    standings = compute_standings([4, 3, 2, 1], results, MSO)
    assert order(standings) == [1, 2, 3, 4]
    assert ranks(standings) == [1, 2, 2, 4]
    assert [row.tied for row in standings] == [False, True, True, False]
    assert standings[1].tiebreaks == standings[2].tiebreaks


def test_empty_chain_ties_on_vp() -> None:
    standings = compute_standings([3, 1, 2], rows(Board(1, 1, 2, "1/2-1/2", 9, 9)), [])
    assert order(standings) == [1, 2, 3]
    assert ranks(standings) == [1, 1, 3]
    assert standings[0].tiebreaks == {}


def test_players_without_results_and_results_without_entry() -> None:
    results = rows(Board(1, 1, 2, "1-0", 9, 8))
    standings = compute_standings([1, 3], results, MSO)
    assert order(standings) == [1, 3, 2]  # 3 (PD 0) before 2 (PD -1)
    assert row_of(standings, 3).vp == 0.0 and row_of(standings, 3).games_played == 0
    assert compute_standings([], [], MSO) == []


def test_accepts_iterators() -> None:
    results = iter(round_robin_four())
    assert order(compute_standings(iter([1, 2, 3, 4]), results, iter(MSO))) == [3, 1, 2, 4]


def test_fractional_bye_values_compare_equal() -> None:
    results = [GameResult(r, 1, None, 0.1, "bye") for r in (1, 2, 3)] + [
        GameResult(1, 2, None, 0.3, "bye")
    ]
    standings = compute_standings([1, 2], results, MSO)
    assert ranks(standings) == [1, 1]


# --- final placings --------------------------------------------------------------------------


def test_final_placings_without_ties() -> None:
    standings = compute_standings([1, 2, 3, 4], round_robin_four(), MSO)
    assert final_placings(standings) == [
        Placing(3, 1, 1, 4),
        Placing(1, 2, 2, 4),
        Placing(2, 3, 3, 4),
        Placing(4, 4, 4, 4),
    ]


def test_final_placings_share_a_span_of_places() -> None:
    results = rows(
        Board(1, 1, 2, "1-0", 14, 9),
        Board(1, 3, 4, "1-0", 12, 8),
        Board(2, 1, 3, "1-0", 14, 9),
        Board(2, 2, 4, "1-0", 12, 8),
        Board(3, 1, 4, "1-0", 13, 5),
        Board(3, 2, 3, "1/2-1/2", 10, 10),
        Board(1, 5, None, "absent"),
    )
    placings = final_placings(compute_standings([1, 2, 3, 4, 5], results, MSO))
    assert placings == [
        Placing(1, 1, 1, 5),
        Placing(2, 2, 3, 5),
        Placing(3, 2, 3, 5),
        Placing(5, 4, 4, 5),  # absent: PD 0 beats 4's negative PD
        Placing(4, 5, 5, 5),
    ]
    assert placings[1].shared and not placings[0].shared


def test_final_placings_all_tied() -> None:
    placings = final_placings(compute_standings([1, 2, 3], [], MSO))
    assert placings == [Placing(p, 1, 3, 3) for p in (1, 2, 3)]
    assert final_placings([]) == []
