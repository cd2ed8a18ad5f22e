"""Properties over random positions (hypothesis): the analysis only ranks legal placements,
on every ruleset and mode."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.analysis.evaluation import held_kinds, rank_placements
from games.engine.analysis.report import analyse_record
from games.engine.analysis.search import Budget
from games.engine.gamerecord import Record
from games.engine.movegen import placement_seat
from games.engine.randomgame import random_game
from games.engine.tiles import tile_kind

from .helpers import position_before

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(
    seed=st.integers(0, 10_000),
    ruleset=st.sampled_from(["mso", "standard", "partnership", "solitaire"]),
    mode=st.sampled_from(["full", "board"]),
    nth=st.integers(0, 30),
)
def test_every_ranked_placement_is_legal(seed: int, ruleset: str, mode: str, nth: int) -> None:
    record = random_game(ruleset, mode, seed)
    nth = min(nth, sum(1 for a in record.actions if a["type"] == "place") - 1)
    game, action, _i = position_before(record, nth)
    seat = placement_seat(game)
    assert seat == action["player"]
    kinds = held_kinds(game, seat) if game.full else [tile_kind(action["tile"])]
    ranked = rank_placements(game, seat, kinds)
    names = game.geo.names
    legal = {(a["tile"], *a["cells"]) for a in game.legal_placements(kinds)}
    assert len(ranked) == len(legal)
    for p in ranked:
        assert (p.tile, names[p.a], names[p.b]) in legal
    for p in ranked[:5]:
        g = game.copy()
        g.apply(
            {"type": "place", "player": seat, "tile": p.tile, "cells": [names[p.a], names[p.b]]}
        )
        assert tuple(g.scores[g.side_of(seat)]) == p.after


@pytest.mark.parametrize(
    ("ruleset", "mode", "players"),
    [
        ("standard", "full", 3),
        ("standard", "board", 4),
        ("mso", "board", 2),
        ("partnership", "full", 4),
        ("solitaire", "board", 1),
    ],
)
def test_every_game_kind_is_analysed(ruleset: str, mode: str, players: int) -> None:
    """Every kind the engine records (tables, partnership, solitaire, board mode), on the
    first 24 actions of a random game."""
    whole = random_game(ruleset, mode, 5, players, swap_chance=0.8)
    record = Record(whole.ruleset, whole.mode, whole.players, whole.actions[:24])
    judged = analyse_record(record, Budget(candidates=2, worlds=2), 1)
    places = [j for j in judged if j["type"] == "place"]
    assert len(places) == sum(1 for a in record.actions if a["type"] == "place")
    key = "lowest_lost" if ruleset == "solitaire" else "win_chance_lost"
    assert all(key in j and j["played"]["rank"] >= 1 for j in places)
    sims = [j["best"][0]["sim"] for j in places if "sim" in j["best"][0]]
    assert sims
    if ruleset == "solitaire":
        assert all("lowest" in s for s in sims)
    else:
        assert all({"win", "placing", "first"} <= set(s) for s in sims)
