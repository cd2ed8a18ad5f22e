"""No hindsight: a judgement depends only on what the seat saw, never on tiles drawn later,
and is the same for the same seed."""

from __future__ import annotations

import random

from games.engine.analysis.evaluation import held_kinds
from games.engine.analysis.playout import sample_world
from games.engine.analysis.report import analyse_record
from games.engine.analysis.search import Budget, analyse_placement
from games.engine.game import Game
from games.engine.gamerecord import Record
from games.engine.tiles import SUPPLY_BY_INDEX

from .helpers import SMALL, greedy_game, position_before

ONE = Budget(candidates=1, worlds=1)


def judged(game: Game, seat: int, seed: int) -> list[tuple[str, int, int, list[float]]]:
    found = analyse_placement(
        game, seat, held_kinds(game, seat), game.rack[seat][:], game.rack_len[seat], SMALL, seed
    )
    return [(j.placement.tile, j.placement.a, j.placement.b, j.stats.each) for j in found.ranked]


def other_deal(game: Game, opponent: int) -> Game:
    """The same position as the seat to place sees it, with another tile on the opponent's rack
    and so another bag."""
    other = game.copy()
    rack, bag = other.rack[opponent], other.bag
    give = next(k for k, n in enumerate(rack) if n)
    take = next(k for k, n in enumerate(bag) if n and k != give)
    rack[give] -= 1
    bag[give] += 1
    bag[take] -= 1
    rack[take] += 1
    return other


def test_the_opponents_rack_and_the_bag_do_not_change_the_judgement() -> None:
    game, action, _i = position_before(greedy_game(11), 8)
    seat = action["player"]
    before = judged(game, seat, 5)
    assert judged(other_deal(game, 1 - seat), seat, 5) == before
    assert judged(game, seat, 5) == before  # the same seed, the same judgement
    assert judged(game, seat, 6) != before


def test_a_sampled_world_holds_every_tile_once_and_keeps_the_seats_rack() -> None:
    game, action, _i = position_before(greedy_game(3), 10)
    seat = action["player"]
    world = sample_world(game, seat, game.rack[seat][:], game.rack_len[seat], random.Random(1))
    g = world.game
    for k in range(len(SUPPLY_BY_INDEX)):
        held = sum(r[k] for r in g.rack)
        assert held + g.bag[k] + g.on_board[k] == SUPPLY_BY_INDEX[k]
    assert g.rack[seat] == game.rack[seat]
    assert g.rack_len == game.rack_len
    assert sorted(world.bag) == sorted(k for k, n in enumerate(g.bag) for _ in range(n))


def test_later_actions_do_not_change_the_judgement_of_earlier_ones() -> None:
    record = greedy_game(4)
    cut = 30
    prefix = Record(record.ruleset, record.mode, record.players, record.actions[:cut])
    whole = [j for j in analyse_record(record, SMALL, 9) if j["index"] < cut - 1]
    part = [j for j in analyse_record(prefix, SMALL, 9) if j["index"] < cut - 1]
    assert whole == part and len(whole) > 5


def test_the_analysis_of_a_game_is_the_same_for_the_same_seed() -> None:
    whole = greedy_game(8)
    record = Record(whole.ruleset, whole.mode, whole.players, whole.actions[:40])
    assert analyse_record(record, SMALL, 3) == analyse_record(record, SMALL, 3)
    assert analyse_record(record, SMALL, 3) != analyse_record(record, SMALL, 4)


def test_swap_decisions_are_judged_where_the_rules_allow_one() -> None:
    for swap_chance, verdicts in (
        (1.0, {"taken", "taken, keeping was better"}),
        (0.0, {"missed", "declined"}),
    ):
        judged = [
            j
            for seed in range(4)
            for j in analyse_record(greedy_game(seed, swap_chance=swap_chance), ONE, 1)
            if j["type"] == "swap"
        ]
        assert judged and {j["verdict"] for j in judged} <= verdicts
        assert all(j["taken"] == (swap_chance == 1.0) for j in judged)
        assert all({"win", "placing"} <= set(j["swap"]) for j in judged)
