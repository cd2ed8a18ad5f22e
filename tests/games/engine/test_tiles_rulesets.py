"""Tiles, the supply, and rulesets as data."""

import dataclasses

import pytest

from games.engine.game import Game
from games.engine.rulesets import RULESETS, Ruleset, make_ruleset
from games.engine.tiles import COLOURS, SUPPLY, TILE_KINDS, tile_kind


def test_tile_kinds_and_supply() -> None:
    assert COLOURS == "RGBOYP"
    assert len(TILE_KINDS) == 21 == len(set(TILE_KINDS))
    assert TILE_KINDS[:6] == ("RR", "RG", "RB", "RO", "RY", "RP")
    assert TILE_KINDS[-1] == "PP"
    assert sum(SUPPLY.values()) == 120
    assert SUPPLY["RO"] == 6 and SUPPLY["BB"] == 5
    assert tile_kind("OR") == "RO" == tile_kind("RO")
    assert tile_kind("PY") == "YP"
    for bad in ("R", "ROY", "XX", "ro", 5):
        with pytest.raises(ValueError):
            tile_kind(bad)  # type: ignore[arg-type]


def test_named_rulesets() -> None:
    assert set(RULESETS) == {"standard", "mso", "partnership", "solitaire"}
    std, mso, part, sol = (RULESETS[n] for n in ("standard", "mso", "partnership", "solitaire"))
    assert std.players == (2, 3, 4) and std.placement_rule == "first-round"
    assert std.bonus_per == "colour" and std.track == 18 and std.rack_size == 6
    assert mso.players == (2,) and mso.placement_rule == "touch" and mso.bonus_per == "placement"
    assert mso.flag_allowed and not std.flag_allowed
    assert part.players == (4,) and part.partners and part.track == 36 and part.bonuses
    assert sol.players == (1,) and sol.track == 36 and not sol.bonuses and sol.rack_size == 1
    assert sol.board_radius(1) == 5 and std.board_radius(3) == 6 and part.board_radius(4) == 7
    with pytest.raises(dataclasses.FrozenInstanceError):
        mso.track = 36  # type: ignore[misc]


def test_overrides_one_by_one() -> None:
    rs = make_ruleset("mso", placement_rule="first-round")
    assert isinstance(rs, Ruleset)
    assert rs.placement_rule == "first-round" and rs.bonus_per == "placement"
    assert RULESETS["mso"].placement_rule == "touch"  # the base is unchanged
    assert make_ruleset("mso", bonus_per="colour").bonus_per == "colour"
    assert make_ruleset("standard", players=[3]).players == (3,)
    assert make_ruleset("standard", radius=7).board_radius(2) == 7
    assert make_ruleset("mso") is RULESETS["mso"]
    g = Game.new(make_ruleset("standard", track=36))
    assert g.track == 36
    with pytest.raises(ValueError, match="unknown ruleset"):
        make_ruleset("chess")
    with pytest.raises(ValueError, match="unknown ruleset option"):
        make_ruleset("mso", colour_count=5)
    for bad in (
        {"track": 20},
        {"placement_rule": "near"},
        {"rack_size": 0},
        {"radius": 4},
        {"players": [5]},
        {"bonuses": "yes"},
        {"partners": True},
    ):
        with pytest.raises(ValueError):
            make_ruleset("standard", **bad)


def test_game_player_counts() -> None:
    with pytest.raises(ValueError):
        Game.new("mso", 3)
    with pytest.raises(ValueError):
        Game.new("partnership", 2)
    assert Game.new("standard").players == 2
    assert Game.new("partnership").side_of(2) == 0 and Game.new("partnership").side_of(3) == 1
