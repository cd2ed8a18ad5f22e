"""The rating core: openskill Plackett-Luce over an ordered history of games (pure)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.core.ratings import (
    START_MU,
    START_SIGMA,
    RatedGame,
    checksum,
    rate_history,
)


def duel(key: int, first: int, second: int, placings: tuple[int, int]) -> RatedGame:
    return RatedGame(key=key, sides=((first,), (second,)), placings=placings)


def test_winner_gains_and_loser_drops() -> None:
    run = rate_history([duel(1, 10, 20, (1, 2))])
    winner, loser = run.ratings[10], run.ratings[20]
    assert winner.mu > START_MU > loser.mu
    assert winner.sigma < START_SIGMA and loser.sigma < START_SIGMA
    assert winner.games == loser.games == 1
    assert winner.ordinal > loser.ordinal


def test_a_draw_between_equals_moves_no_mean_but_gains_certainty() -> None:
    run = rate_history([duel(1, 10, 20, (1, 1))])
    assert run.ratings[10].mu == pytest.approx(START_MU)
    assert run.ratings[20].mu == pytest.approx(START_MU)
    assert run.ratings[10].sigma < START_SIGMA
    assert all(change.tied for change in run.changes)


def test_a_draw_with_a_stronger_player_helps_the_weaker() -> None:
    history = [duel(1, 10, 30, (1, 2)), duel(2, 10, 20, (1, 1))]
    run = rate_history(history)
    before = {c.player: c.before for c in run.changes if c.key == 2}
    assert run.ratings[20].mu > before[20].mu
    assert run.ratings[10].mu < before[10].mu


def test_changes_record_before_and_after_in_order() -> None:
    run = rate_history([duel(1, 10, 20, (2, 1)), duel(2, 20, 30, (1, 2))])
    assert [(c.key, c.player) for c in run.changes] == [(1, 10), (1, 20), (2, 20), (2, 30)]
    second_game_20 = run.changes[2]
    assert second_game_20.before == run.changes[1].after
    assert second_game_20.after == run.ratings[20]


def test_tables_and_partnerships_are_sides_with_placings() -> None:
    table = RatedGame(key=1, sides=((1,), (2,), (3,), (4,)), placings=(2, 1, 4, 3))
    pairs = RatedGame(key=2, sides=((5, 6), (7, 8)), placings=(1, 2))
    run = rate_history([table, pairs])
    order = sorted((1, 2, 3, 4), key=lambda p: -run.ratings[p].mu)
    assert order == [2, 1, 4, 3]
    assert run.ratings[5].mu > START_MU and run.ratings[6].mu > START_MU
    assert run.ratings[7].mu < START_MU


@pytest.mark.parametrize(
    ("game", "words"),
    [
        (RatedGame(key=7, sides=((1,),), placings=(1,)), "at least two sides"),
        (RatedGame(key=7, sides=((1,), (2,)), placings=(1,)), "2 sides but 1 placings"),
        (RatedGame(key=7, sides=((1,), (1,)), placings=(1, 2)), "two sides"),
        (RatedGame(key=7, sides=((1,), ()), placings=(1, 2)), "no players"),
        (RatedGame(key=7, sides=((1,), (2,)), placings=(0, 1)), "start at 1"),
    ],
)
def test_a_game_that_cannot_be_rated_is_named(game: RatedGame, words: str) -> None:
    with pytest.raises(ValueError, match=f"Game 7: .*{words}"):
        rate_history([game])


games = st.lists(
    st.tuples(
        st.integers(1, 8), st.integers(1, 8), st.sampled_from([(1, 2), (2, 1), (1, 1)])
    ).filter(lambda t: t[0] != t[1]),
    max_size=30,
)


@given(games)
def test_rebuilding_the_same_history_gives_the_same_numbers(raw: list) -> None:
    history = [duel(i, a, b, p) for i, (a, b, p) in enumerate(raw)]
    first, second = rate_history(history), rate_history(list(history))
    assert first.ratings == second.ratings
    assert first.changes == second.changes
    assert checksum(first.ratings) == checksum(second.ratings)


@given(games)
def test_every_player_counts_each_of_their_games(raw: list) -> None:
    history = [duel(i, a, b, p) for i, (a, b, p) in enumerate(raw)]
    run = rate_history(history)
    for player, rating in run.ratings.items():
        assert rating.games == sum(player in (a, b) for a, b, _ in raw)
        assert rating.sigma <= START_SIGMA


def test_the_checksum_sees_every_digit_and_the_order_matters() -> None:
    history = [duel(1, 1, 2, (1, 2)), duel(2, 2, 3, (1, 2)), duel(3, 1, 3, (2, 1))]
    forwards = rate_history(history).ratings
    backwards = rate_history(list(reversed(history))).ratings
    assert checksum(forwards) != checksum(backwards)
    corrected = rate_history([duel(1, 1, 2, (1, 1)), *history[1:]]).ratings
    assert checksum(corrected) != checksum(forwards)
