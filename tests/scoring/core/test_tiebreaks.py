import pytest

from scoring.core.results import Board, GameResult
from scoring.core.tiebreaks import (
    CATALOGUE,
    EventData,
    buchholz,
    cumulative,
    head_to_head_mso,
    median_buchholz,
    progressive_difference,
    progressive_level,
    results_between,
    sonneborn_berger,
    spread,
)
from tests.scoring.core.events import circular_three, round_robin_four, rows, swiss_six

ALL = [1, 2, 3, 4]


@pytest.fixture
def rr4() -> EventData:
    return EventData.from_results(round_robin_four())


def test_event_data_indexes_vp_and_rounds(rr4: EventData) -> None:
    assert rr4.rounds == 3
    assert dict(rr4.vp) == {1: 2.0, 2: 1.5, 3: 2.0, 4: 0.5}
    assert rr4.score(99) == 0.0 and rr4.rows(99) == ()


def test_event_data_refuses_unknown_kind_and_missing_opponent() -> None:
    with pytest.raises(ValueError):
        EventData.from_results([GameResult(1, 1, None, 1.0, "walkover")])
    with pytest.raises(ValueError):
        EventData.from_results([GameResult(1, 1, None, 1.0, "played", True, 9, 8)])


def test_catalogue_entries_are_complete() -> None:
    assert set(CATALOGUE) == {
        "results_between",
        "progressive_difference",
        "progressive_level",
        "head_to_head_mso",
        "spread",
        "sonneborn_berger",
        "buchholz",
        "median_buchholz",
        "cumulative",
    }
    for key, tb in CATALOGUE.items():
        assert tb.key == key and tb.label and tb.description and callable(tb.function)
    dependent = {k for k, tb in CATALOGUE.items() if tb.group_dependent}
    assert dependent == {"results_between", "head_to_head_mso"}


# --- MSO Ingenious ---------------------------------------------------------------------------


def test_progressive_difference(rr4: EventData) -> None:
    assert progressive_difference(rr4, ALL) == {1: 7.0, 2: 4.0, 3: 3.0, 4: -14.0}


def test_progressive_level(rr4: EventData) -> None:
    assert progressive_level(rr4, ALL) == {1: 33.0, 2: 34.0, 3: 32.0, 4: 23.0}


def test_results_between_pair(rr4: EventData) -> None:
    assert results_between(rr4, [1, 3]) == {1: 0.0, 3: 1.0}
    assert results_between(rr4, [2, 3]) == {2: 0.5, 3: 0.5}


def test_results_between_whole_group(rr4: EventData) -> None:
    # Everybody met everybody: plain round-robin scores.
    assert results_between(rr4, ALL) == {1: 2.0, 2: 1.5, 3: 2.0, 4: 0.5}


def test_results_between_circular_does_not_separate() -> None:
    event = EventData.from_results(circular_three())
    assert results_between(event, [1, 2, 3]) == {1: 1.0, 2: 1.0, 3: 1.0}


def test_results_between_needs_every_pair_to_have_played() -> None:
    event = EventData.from_results(swiss_six())
    # 1 beat 2, but 3 met neither of them: no separation at all.
    assert results_between(event, [1, 2, 3]) == {1: 0.0, 2: 0.0, 3: 0.0}
    assert results_between(event, [1, 2]) == {1: 1.0, 2: 0.0}
    assert results_between(event, [4, 6]) == {4: 0.0, 6: 0.0}


def test_results_between_counts_every_game_of_a_pair_that_met_twice() -> None:
    # 1 beat 2 twice, 3 beat 1, 2 beat 3: all VP scored among the group count.
    event = EventData.from_results(
        rows(
            Board(1, 1, 2, "1-0", 10, 9),
            Board(2, 2, 1, "0-1", 9, 10),
            Board(3, 3, 1, "1-0", 10, 9),
            Board(4, 2, 3, "1-0", 10, 9),
        )
    )
    assert results_between(event, [1, 2, 3]) == {1: 2.0, 2: 1.0, 3: 1.0}
    assert results_between(event, [1, 2]) == {1: 2.0, 2: 0.0}
    # 1 did not beat 3, so nobody beat every other player.
    assert head_to_head_mso(event, [1, 2, 3]) == {1: 0.0, 2: 0.0, 3: 0.0}
    assert head_to_head_mso(event, [1, 2]) == {1: 1.0, 2: 0.0}


def test_head_to_head_needs_more_than_half_of_a_repeated_pairing() -> None:
    split = EventData.from_results(rows(Board(1, 1, 2, "1-0", 10, 9), Board(2, 2, 1, "1-0", 10, 9)))
    assert results_between(split, [1, 2]) == {1: 1.0, 2: 1.0}
    assert head_to_head_mso(split, [1, 2]) == {1: 0.0, 2: 0.0}


def test_results_between_of_one_player_is_zero(rr4: EventData) -> None:
    assert results_between(rr4, [1]) == {1: 0.0}


def test_forfeit_is_no_game_between_players() -> None:
    event = EventData.from_results(rows(Board(1, 1, 2, "+/-")))
    assert event.score(1) == 1.0
    assert results_between(event, [1, 2]) == {1: 0.0, 2: 0.0}
    assert head_to_head_mso(event, [1, 2]) == {1: 0.0, 2: 0.0}


def test_byes_and_forfeits_add_vp_but_nothing_to_progressive_tiebreaks() -> None:
    event = EventData.from_results(
        rows(
            Board(1, 1, None, "bye"),
            Board(1, 2, 3, "1-0", 10, 8),
            Board(1, 4, None, "half-bye"),
            Board(2, 1, 2, "+/-", 15, 3),  # levels on a forfeit are ignored
            Board(2, 3, 4, "-/-"),
        )
    )
    assert dict(event.vp) == {1: 2.0, 2: 1.0, 3: 0.0, 4: 0.5}
    group = [1, 2, 3, 4]
    assert progressive_difference(event, group) == {1: 0.0, 2: 2.0, 3: -2.0, 4: 0.0}
    assert progressive_level(event, group) == {1: 0.0, 2: 10.0, 3: 8.0, 4: 0.0}
    assert spread(event, group) == {1: 0.0, 2: 0.0, 3: 0.0, 4: 0.0}


def test_played_game_without_levels_adds_nothing() -> None:
    event = EventData.from_results(rows(Board(1, 1, 2, "1-0")))
    assert progressive_difference(event, [1, 2]) == {1: 0.0, 2: 0.0}
    assert progressive_level(event, [1, 2]) == {1: 0.0, 2: 0.0}


# --- general MSO two-player chain ------------------------------------------------------------


def test_head_to_head_when_one_beat_all_others() -> None:
    # 1 beat 2 and 3; 2 and 3 drew.
    event = EventData.from_results(
        rows(
            Board(1, 1, 2, "1-0", 10, 9),
            Board(2, 1, 3, "1-0", 10, 9),
            Board(3, 2, 3, "1/2-1/2", 10, 10),
        )
    )
    assert head_to_head_mso(event, [1, 2, 3]) == {1: 1.0, 2: 0.0, 3: 0.0}
    assert head_to_head_mso(event, [2, 3]) == {2: 0.0, 3: 0.0}


def test_head_to_head_not_when_nobody_beat_all_others() -> None:
    circular = EventData.from_results(circular_three())
    assert head_to_head_mso(circular, [1, 2, 3]) == {1: 0.0, 2: 0.0, 3: 0.0}
    # 1 beat 2 but only drew 3: nobody beat everybody.
    event = EventData.from_results(
        rows(
            Board(1, 1, 2, "1-0", 10, 9),
            Board(2, 1, 3, "1/2-1/2", 10, 10),
            Board(3, 2, 3, "1-0", 10, 9),
        )
    )
    assert head_to_head_mso(event, [1, 2, 3]) == {1: 0.0, 2: 0.0, 3: 0.0}


def test_head_to_head_not_when_an_opponent_was_not_met() -> None:
    event = EventData.from_results(swiss_six())
    # 5 beat 1 and 3, but never met 2.
    assert head_to_head_mso(event, [1, 3, 5]) == {1: 0.0, 3: 0.0, 5: 1.0}
    assert head_to_head_mso(event, [1, 2, 5]) == {1: 0.0, 2: 0.0, 5: 0.0}


def test_spread_drops_the_best_result(rr4: EventData) -> None:
    # Differences: 1 = [+3, -3, +7], 2 = [-3, +7, 0], 3 = [0, +3, 0], 4 = [0, -7, -7].
    assert spread(rr4, ALL) == {1: 0.0, 2: -3.0, 3: 0.0, 4: -14.0}


def test_spread_drops_only_one_of_equal_best_results() -> None:
    event = EventData.from_results(
        rows(
            Board(1, 1, 2, "1-0", 10, 5), Board(2, 1, 3, "1-0", 10, 5), Board(3, 1, 4, "0-1", 8, 9)
        )
    )
    assert spread(event, [1]) == {1: 4.0}
    assert spread(event, [2]) == {2: 0.0}  # one game: nothing left


def test_sonneborn_berger(rr4: EventData) -> None:
    # 1 beat 2 (1.5) and 4 (0.5); 3 drew 4 (0.5/2), beat 1 (2), drew 2 (1.5/2).
    assert sonneborn_berger(rr4, ALL) == {1: 2.0, 2: 1.5, 3: 3.0, 4: 1.0}


# --- chess -----------------------------------------------------------------------------------


def test_buchholz(rr4: EventData) -> None:
    assert buchholz(rr4, ALL) == {1: 4.0, 2: 4.5, 3: 4.0, 4: 5.5}


def test_median_buchholz_drops_highest_and_lowest(rr4: EventData) -> None:
    assert median_buchholz(rr4, ALL) == {1: 1.5, 2: 2.0, 3: 1.5, 4: 2.0}


def test_median_buchholz_with_two_rounds_is_zero() -> None:
    event = EventData.from_results(rows(Board(1, 1, 2, "1-0", 9, 8), Board(2, 1, 3, "1-0", 9, 8)))
    assert median_buchholz(event, [1]) == {1: 0.0}


def test_cumulative(rr4: EventData) -> None:
    # Running totals: 1 = 1, 1, 2; 2 = 0, 1, 1.5; 3 = .5, 1.5, 2; 4 = .5, .5, .5.
    assert cumulative(rr4, ALL) == {1: 4.0, 2: 2.5, 3: 4.0, 4: 1.5}


@pytest.fixture
def with_unplayed() -> list[GameResult]:
    """R1: 1 beats 2, 3 has a bye. R2: 3 beats 1, 2 absent. VP: 1 = 1, 2 = 0, 3 = 2."""
    return rows(
        Board(1, 1, 2, "1-0", 10, 9),
        Board(1, 3, None, "bye"),
        Board(2, 1, 3, "0-1", 9, 10),
        Board(2, 2, None, "absent"),
    )


def test_unplayed_rounds_count_own_score_in_buchholz(with_unplayed: list[GameResult]) -> None:
    event = EventData.from_results(with_unplayed)
    # 1: opponents 2 (0) and 3 (2). 2: opponent 1 (1) + absent = own 0. 3: bye = own 2 + 1.
    assert buchholz(event, [1, 2, 3]) == {1: 2.0, 2: 1.0, 3: 3.0}


def test_unplayed_rounds_in_sonneborn_berger(with_unplayed: list[GameResult]) -> None:
    event = EventData.from_results(with_unplayed)
    # 3: bye (own 2 x 1) + win against 1 (1 x 1). Absence and losses add 0.
    assert sonneborn_berger(event, [1, 2, 3]) == {1: 0.0, 2: 0.0, 3: 3.0}


def test_byes_count_in_cumulative(with_unplayed: list[GameResult]) -> None:
    event = EventData.from_results(with_unplayed)
    assert cumulative(event, [1, 2, 3]) == {1: 2.0, 2: 0.0, 3: 3.0}


def test_missing_row_counts_as_absence(with_unplayed: list[GameResult]) -> None:
    without = [r for r in with_unplayed if r.kind != "absent"]
    full, missing = EventData.from_results(with_unplayed), EventData.from_results(without)
    for function in (buchholz, median_buchholz, sonneborn_berger, cumulative):
        assert function(full, [1, 2, 3]) == function(missing, [1, 2, 3])


def test_forfeit_counts_as_unplayed_in_buchholz() -> None:
    event = EventData.from_results(rows(Board(1, 1, 2, "+/-"), Board(2, 1, 3, "1-0", 9, 8)))
    # 1 (2 VP): forfeit round = own 2, plus opponent 3 (0).
    assert buchholz(event, [1]) == {1: 2.0}
    assert sonneborn_berger(event, [1]) == {1: 2.0}
