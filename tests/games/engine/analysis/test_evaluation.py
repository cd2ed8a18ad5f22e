"""The static evaluation and the ranking of every legal placement."""

from __future__ import annotations

from games.engine.analysis.evaluation import BONUS, held_kinds, rank_placements, value
from games.engine.analysis.search import Budget, analyse_placement
from games.engine.game import Game
from games.engine.tiles import COLOURS, KIND_INDEX, TILE_KINDS

from .helpers import SMALL


def counts(kinds: list[str]) -> list[int]:
    out = [0] * len(TILE_KINDS)
    for k in kinds:
        out[KIND_INDEX[k]] += 1
    return out


def one_red_short() -> Game:
    """Board mode, MSO: seat 0 has 18 in every colour but red (16); next to the red start
    symbol (C8) and two red cells, two red points win at once; nothing else does."""
    game = Game.new("mso", mode="board")
    game.put("RR", ["D8", "E8"])
    game.put("GB", ["H7", "H8"])
    for c in COLOURS:
        game.set_score(0, c, 16 if c == "R" else 18)
    return game


def test_a_point_on_the_lowest_colour_is_worth_more_than_one_on_a_high_colour() -> None:
    low = value([3, 10, 10, 10, 10, 10], 18)
    assert value([4, 10, 10, 10, 10, 10], 18) - low > value([3, 11, 10, 10, 10, 10], 18) - low


def test_the_instant_win_ranks_first_statically_and_after_the_simulation() -> None:
    game = one_red_short()
    kinds = ["RY", "BB", "GO"]
    ranked = rank_placements(game, 0, kinds)
    top = ranked[0]
    assert top.after == (18,) * 6
    assert top.static > BONUS * 10
    found = analyse_placement(game, 0, kinds, counts(kinds), 6, SMALL, seed=1)
    best = found.best
    assert best.placement.after == (18,) * 6
    assert best.stats.win == 1.0


def test_rank_placements_lists_every_placement_of_the_rack_once() -> None:
    game = Game.new("mso", mode="full")
    game.apply({"type": "draw", "player": 0, "tiles": ["RO", "GG", "BB", "YP", "OO", "RY"]})
    game.apply({"type": "draw", "player": 1, "tiles": ["GB", "RR", "OP", "YY", "BP", "GO"]})
    ranked = rank_placements(game, 0, held_kinds(game, 0))
    names = game.geo.names
    got = sorted((p.tile, names[p.a], names[p.b]) for p in ranked)
    want = sorted((a["tile"], *a["cells"]) for a in game.legal_placements())
    assert got == want
    assert [p.static for p in ranked] == sorted((p.static for p in ranked), reverse=True)


def test_without_candidates_the_ranking_is_the_static_one() -> None:
    game = one_red_short()
    kinds = ["RY", "BB", "GO"]
    static = rank_placements(game, 0, kinds)
    last = static[-1]
    found = analyse_placement(
        game,
        0,
        kinds,
        counts(kinds),
        6,
        Budget(candidates=0, worlds=4),
        1,
        include=[(last.tile, last.a, last.b)],
    )
    assert [j.placement for j in found.ranked] == static
    assert found.rank_of(last.tile, last.a, last.b) == len(static)
    assert all(j.stats.worlds == 0 for j in found.ranked)


def test_the_played_placement_is_simulated_whatever_its_static_rank() -> None:
    game = one_red_short()
    kinds = ["RY", "BB", "GO"]
    last = rank_placements(game, 0, kinds)[-1]
    found = analyse_placement(
        game, 0, kinds, counts(kinds), 6, SMALL, 1, include=[(last.tile, last.a, last.b)]
    )
    rank = found.rank_of(last.tile, last.a, last.b)
    assert rank is not None and rank <= SMALL.candidates + 1
    assert found.ranked[rank - 1].stats.worlds == SMALL.worlds
