"""Scoring at tables of 3 or 4 (RULINGS.md "Events beyond two players"): rows, VP, tie-breaks."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core.results import TABLE, Board, GameResult, results_from_boards, validate_results
from scoring.core.standings import compute_standings
from scoring.core.tables import TableGame, placings_from_levels, table_points, table_results
from scoring.core.tiebreaks import (
    CATALOGUE,
    EventData,
    buchholz,
    head_to_head_mso,
    progressive_difference,
    progressive_level,
    results_between,
    sonneborn_berger,
    spread,
)

ALL_TIEBREAKS = tuple(CATALOGUE)


@st.composite
def tables(draw: st.DrawFn, size: st.SearchStrategy[int] | None = None) -> list[TableGame]:
    """Random rounds of tables of 2 to 4 over up to 10 players, levels from a small range (so
    ties are common); placings follow the levels."""
    players = list(range(1, draw(st.integers(min_value=2, max_value=10)) + 1))
    out: list[TableGame] = []
    for rnd in range(1, draw(st.integers(min_value=1, max_value=4)) + 1):
        order = draw(st.permutations(players))
        i = 0
        while len(order) - i >= 2:
            k = draw(size if size is not None else st.integers(min_value=2, max_value=4))
            k = min(k, len(order) - i)
            seats = tuple(order[i : i + k])
            i += k
            levels = [
                sorted(draw(st.lists(st.integers(0, 3), min_size=2, max_size=2))) for _ in seats
            ]
            out.append(
                TableGame(
                    rnd,
                    seats,
                    tuple(placings_from_levels(levels)),
                    tuple(level[0] for level in levels),
                )
            )
    return out


def test_table_rows_carry_the_placings_vp_and_the_other_players() -> None:
    rows = table_results([TableGame(1, (10, 20, 30, 40), (2, 1, 2, 4), (5, 7, 5, 2))])
    by_player = {r.player: r for r in rows}
    assert [by_player[p].points for p in (10, 20, 30, 40)] == [0.5, 1.0, 0.5, 0.0]
    ten = by_player[10]
    assert ten.kind == TABLE and ten.opponent is None and ten.moved_first is True
    assert ten.mates == (20, 30, 40) and ten.mates_placings == (1, 2, 4)
    assert ten.result_against(20) == 0.0 and ten.result_against(30) == 0.5
    assert ten.result_against(40) == 1.0 and ten.result_against(99) is None
    assert ten.level_difference == pytest.approx(5 - 14 / 3)
    assert validate_results(rows) == []


def test_vp_at_a_table_of_four_come_in_thirds() -> None:
    assert table_points([1, 2, 3, 4]) == pytest.approx([1, 2 / 3, 1 / 3, 0])
    assert table_points([1, 1, 3]) == pytest.approx([0.75, 0.75, 0])


def test_validation_names_a_table_row_that_does_not_add_up() -> None:
    rows = table_results([TableGame(1, (1, 2, 3), (1, 2, 3), (9, 5, 2))])
    wrong = [r if r.player != 1 else GameResult(**{**_fields(r), "points": 0.5}) for r in rows]
    assert any("does not follow from placing 1" in e for e in validate_results(wrong))
    mismatched = [
        r if r.player != 3 else GameResult(**{**_fields(r), "mates_placings": (2, 1)}) for r in rows
    ]
    assert any("different tables" in e for e in validate_results(mismatched))
    with pytest.raises(ValueError, match="a table needs its players"):
        EventData.from_results([GameResult(1, 1, None, 1.0, TABLE, mates=(2, 3))])
    # No mates at all is a duplicate solitaire round's only result so far: it stands.
    assert EventData.from_results([GameResult(1, 1, None, 1.0, TABLE)]).score(1) == 1.0


def _fields(r: GameResult) -> dict[str, object]:
    return {name: getattr(r, name) for name in GameResult.__slots__}  # type: ignore[attr-defined]


def test_results_between_count_the_tables_the_tied_players_shared() -> None:
    # Round 1: 1 beats 2 at a table of three; round 2: 2 and 1 tie at a table of four.
    rows = table_results(
        [
            TableGame(1, (1, 2, 3), (1, 2, 3), (9, 6, 2)),
            TableGame(2, (2, 1, 4, 5), (1, 1, 3, 4), (8, 8, 5, 1)),
        ]
    )
    event = EventData.from_results(rows)
    assert results_between(event, [1, 2]) == {1: 1.5, 2: 0.5}
    assert head_to_head_mso(event, [1, 2]) == {1: 1.0, 2: 0.0}
    # 1 and 5 shared a table, 3 and 5 never did: results between does not separate 1, 3, 5.
    assert results_between(event, [1, 3, 5]) == {1: 0.0, 3: 0.0, 5: 0.0}


def test_progressive_difference_uses_the_mean_of_the_other_players_lowest() -> None:
    rows = table_results(
        [
            TableGame(1, (1, 2, 3, 4), (1, 2, 3, 4), (10, 8, 6, 1)),
            TableGame(2, (1, 2, 3), (3, 1, 2), (4, 9, 6)),
        ]
    )
    event = EventData.from_results(rows)
    pd = progressive_difference(event, [1, 2])
    assert pd[1] == pytest.approx((10 - 5) + (4 - 7.5))
    assert pd[2] == pytest.approx((8 - 17 / 3) + (9 - 5))
    assert progressive_level(event, [1, 2]) == {1: 14.0, 2: 17.0}
    assert spread(event, [1])[1] == pytest.approx(4 - 7.5)  # the best (+5) left out


def test_chess_tiebreaks_take_the_means_over_the_table_mates() -> None:
    rows = table_results(
        [
            TableGame(1, (1, 2, 3), (1, 2, 3), (9, 6, 2)),  # VP 1, 1/2, 0
            TableGame(2, (1, 2, 3), (3, 1, 2), (2, 9, 6)),  # VP 0, 1, 1/2
        ]
    )
    event = EventData.from_results(rows)
    scores = {1: 1.0, 2: 1.5, 3: 0.5}
    assert {p: event.score(p) for p in scores} == scores
    # Player 1: each round the mean of 2's and 3's VP (1.0).
    assert buchholz(event, [1])[1] == pytest.approx(2 * (1.5 + 0.5) / 2)
    # Round 1: beat 2 and 3 -> (1.5 + 0.5) / 2; round 2: lost to both -> 0.
    assert sonneborn_berger(event, [1])[1] == pytest.approx(1.0)


@settings(max_examples=60, deadline=None)
@given(tables())
def test_table_rows_are_sound_and_every_table_shares_out_half_a_point_per_player(
    games: list[TableGame],
) -> None:
    rows = table_results(games)
    assert validate_results(rows) == []
    for game in games:
        vp = [r.points for r in rows if r.round == game.round and r.player in game.players]
        assert sum(vp) == pytest.approx(len(game.players) / 2)
        assert all(0.0 <= v <= 1.0 for v in vp)
    standings = compute_standings([], rows, ALL_TIEBREAKS)
    assert all(
        line.games_played == sum(r.player == line.player for r in rows) for line in standings
    )


@settings(max_examples=60, deadline=None)
@given(tables(size=st.just(2)))
def test_a_table_of_two_scores_and_breaks_ties_as_a_two_player_game(
    games: list[TableGame],
) -> None:
    code = {(1, 2): "1-0", (2, 1): "0-1", (1, 1): "1/2-1/2"}
    boards = [
        Board(g.round, g.players[0], g.players[1], code[g.placings], g.lowest[0], g.lowest[1])
        for g in games
    ]
    players = sorted({p for g in games for p in g.players})
    as_pairs = compute_standings(players, results_from_boards(boards), ALL_TIEBREAKS)
    as_tables = compute_standings(players, table_results(games), ALL_TIEBREAKS)
    assert [(r.rank, r.player) for r in as_tables] == [(r.rank, r.player) for r in as_pairs]
    for a, b in zip(as_tables, as_pairs, strict=True):
        assert a.vp == pytest.approx(b.vp)
        assert a.tiebreaks == pytest.approx(b.tiebreaks)
