import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core.results import Board, GameResult, results_from_boards, validate_results
from scoring.core.standings import StandingRow, compute_standings, final_placings
from scoring.core.tiebreaks import CATALOGUE

PAIR_RESULTS = ["1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-"]
SINGLE_RESULTS = ["bye", "half-bye", "absent"]


@st.composite
def events(draw: st.DrawFn) -> tuple[list[int], list[GameResult]]:
    """A random event: Swiss-like rounds of random pairings and results (repeat meetings
    allowed), small level ranges so that ties are common."""
    n = draw(st.integers(min_value=1, max_value=8))
    players = draw(
        st.lists(st.integers(min_value=1, max_value=50), min_size=n, max_size=n, unique=True)
    )
    rounds = draw(st.integers(min_value=0, max_value=5))
    boards: list[Board] = []
    for rnd in range(1, rounds + 1):
        order = draw(st.permutations(players))
        for i in range(0, len(order) - 1, 2):
            result = draw(st.sampled_from(PAIR_RESULTS))
            low = draw(st.integers(min_value=0, max_value=3))
            gap = draw(st.integers(min_value=0, max_value=2))
            winner, loser = low + gap, low
            if result == "1-0":
                levels = (winner, loser)
            elif result == "0-1":
                levels = (loser, winner)
            else:
                levels = (low, low)
            boards.append(Board(rnd, order[i], order[i + 1], result, *levels))
        if len(order) % 2:
            boards.append(Board(rnd, order[-1], None, draw(st.sampled_from(SINGLE_RESULTS))))
    return players, results_from_boards(boards)


chains = st.lists(st.sampled_from(sorted(CATALOGUE)), unique=True, max_size=4)


def check_invariants(players: list[int], rows: list[StandingRow], chain: list[str]) -> None:
    assert sorted(r.player for r in rows) == sorted(players)
    assert all(list(r.tiebreaks) == chain for r in rows)
    for i, row in enumerate(rows):
        if i == 0:
            assert row.rank == 1
            continue
        prev = rows[i - 1]
        # VP order respected, ranks non-decreasing.
        assert prev.vp >= row.vp
        assert prev.rank <= row.rank
        fully_tied = prev.vp == row.vp and prev.tiebreaks == row.tiebreaks
        # Shared ranks exactly for fully tied rows; otherwise competition ranking (1, 2, 2, 4).
        assert (prev.rank == row.rank) == fully_tied
        if fully_tied:
            assert prev.player < row.player
        else:
            assert row.rank == i + 1
    for row in rows:
        sharing = sum(1 for other in rows if other.rank == row.rank)
        assert row.tied == (sharing > 1)


@settings(max_examples=200, deadline=None)
@given(events(), chains)
def test_standings_invariants(event: tuple[list[int], list[GameResult]], chain: list[str]) -> None:
    players, results = event
    assert validate_results(results, bye_value=1.0) == []
    rows = compute_standings(players, results, chain)
    check_invariants(players, rows, chain)


@settings(max_examples=100, deadline=None)
@given(events(), chains, st.randoms(use_true_random=False))
def test_standings_do_not_depend_on_input_order(
    event: tuple[list[int], list[GameResult]], chain: list[str], rnd: random.Random
) -> None:
    players, results = event
    shuffled_players, shuffled_results = players[:], results[:]
    rnd.shuffle(shuffled_players)
    rnd.shuffle(shuffled_results)
    assert compute_standings(players, results, chain) == compute_standings(
        shuffled_players, shuffled_results, chain
    )


@settings(max_examples=100, deadline=None)
@given(events(), chains)
def test_group_independent_chain_is_a_lexicographic_sort(
    event: tuple[list[int], list[GameResult]], chain: list[str]
) -> None:
    players, results = event
    chain = [key for key in chain if not CATALOGUE[key].group_dependent]
    rows = compute_standings(players, results, chain)
    expected = sorted(rows, key=lambda r: (-r.vp, *(-r.tiebreaks[k] for k in chain), r.player))
    assert rows == expected


@settings(max_examples=100, deadline=None)
@given(events(), chains)
def test_final_placings_cover_the_field(
    event: tuple[list[int], list[GameResult]], chain: list[str]
) -> None:
    players, results = event
    rows = compute_standings(players, results, chain)
    placings = final_placings(rows)
    assert [p.player for p in placings] == [r.player for r in rows]
    assert all(p.field_size == len(players) for p in placings)
    covered: list[int] = []
    for p, row in zip(placings, rows, strict=True):
        assert p.place_from == row.rank <= p.place_to <= len(players)
        if not covered or covered[-1] < p.place_from:
            covered.extend(range(p.place_from, p.place_to + 1))
    assert covered == list(range(1, len(players) + 1))
