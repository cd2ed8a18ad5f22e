"""Property tests over random legal games (hypothesis)."""

from __future__ import annotations

import copy
import json
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.errors import IllegalAction
from games.engine.game import Game
from games.engine.gamerecord import Record
from games.engine.geometry import (
    DIRECTIONS,
    START_CELLS,
    board_cells,
    cell_name,
    distance,
    parse_cell,
)
from games.engine.randomgame import random_game
from games.engine.replaying import check_record, replay
from games.engine.tiles import COLOURS, tile_kind

from .helpers import snapshot

#: ENGINE_EXAMPLES=500 for a longer search
EXAMPLES = int(os.environ.get("ENGINE_EXAMPLES", "40"))
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
RULESETS = ["standard", "mso", "partnership", "solitaire"]


@st.composite
def games(draw: st.DrawFn) -> Record:
    ruleset = draw(st.sampled_from(RULESETS))
    mode = draw(st.sampled_from(["full", "board"]))
    seed = draw(st.integers(0, 10**6))
    policy = draw(st.sampled_from(["uniform", "greedy"]))
    players = draw(st.sampled_from([2, 3, 4])) if ruleset == "standard" else None
    flags = draw(st.sampled_from([0.0, 0.0, 0.03])) if ruleset == "mso" else 0.0
    return random_game(ruleset, mode, seed, players, policy=policy, flag_chance=flags)


def state(g: Game) -> dict[str, Any]:
    snap = snapshot(g)
    snap.pop("pairs")  # a cache that move generation builds on demand
    return snap


@SETTINGS
@given(games())
def test_random_games_check_legal_and_replay_to_the_same_state(record: Record) -> None:
    result = check_record(record)
    assert result["valid"] and result["over"] and result["to_move"] is None
    assert result["plies"] == sum(a["type"] == "place" for a in record.actions)
    g1, g2 = replay(record), replay(record)
    assert state(g1) == state(g2)
    again = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert state(replay(again)) == state(g1)
    via_text = Record.from_text(record.to_text())
    assert via_text == record
    assert state(replay(via_text)) == state(g1)
    if record.mode == "full":  # the same game seen by an arbiter: the draws left out
        board = Record(
            record.ruleset,
            "board",
            record.players,
            [a for a in record.actions if a["type"] != "draw"],
            record.options,
        )
        gb = replay(board)
        assert gb.scores == g1.scores and gb.winner == g1.winner and gb.cells() == g1.cells()


@SETTINGS
@given(games())
def test_every_prefix_is_legal_and_names_the_next_actor(record: Record) -> None:
    g = record.new_game()
    for i, action in enumerate(record.actions):
        assert not g.over
        if action["type"] == "swap":
            assert g.swap_seat == action["player"]
        elif action["type"] != "flag":
            assert g.to_move == action["player"], i
        fresh = record.new_game()
        for a in record.actions[:i]:
            fresh.apply(a)
        assert state(fresh) == state(g)
        g.apply(action)
    assert g.over


# ------------------------------------------------------------------ corruption


def neighbours(q: int, r: int) -> list[tuple[int, int]]:
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def oracle_place_ok(pre: Game, action: dict[str, Any]) -> bool:
    """Independent judgement of a placement whose timing is known to be right."""
    tile, cells, seat = action["tile"], action["cells"], action["player"]
    if not (isinstance(tile, str) and len(tile) == 2 and all(c in COLOURS for c in tile)):
        return False
    try:
        coords = [parse_cell(c) for c in cells]
    except ValueError:
        return False
    if any(distance(*qr) > pre.radius for qr in coords):
        return False
    occupied = pre.cells()
    placed = {parse_cell(n) for n, c in occupied.items() if not c["start"]}
    starts = {parse_cell(n) for n in START_CELLS.values()}
    if any(c in occupied for c in cells):
        return False
    (q1, r1), (q2, r2) = coords
    if (q2 - q1, r2 - r1) not in DIRECTIONS:
        return False
    around = {n for qr in coords for n in neighbours(*qr)} - set(coords)
    if pre.ruleset.placement_rule == "touch":
        if not around & (placed | starts):
            return False
    elif not any(c["seat"] == seat for c in occupied.values()):
        free_symbols = [s for s in starts if not set(neighbours(*s)) & placed]
        if not around & set(free_symbols):
            return False
    kind = tile_kind(tile)
    if pre.mode == "full":
        return kind in pre.racks[seat]
    return pre.unseen()[kind] > 0


JUNK_CELLS = ["Z1", "h8", "", "H0", "H16", "A1", "O15", "C8"]


def first_error(record: Record) -> IllegalAction | None:
    try:
        replay(record)
    except IllegalAction as e:
        return e
    return None


@settings(
    max_examples=EXAMPLES * 3 // 2, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(games(), st.data())
def test_one_action_corruption_is_caught_at_its_index_or_is_legal(
    record: Record, data: st.DataObject
) -> None:
    places = [j for j, a in enumerate(record.actions) if a["type"] == "place"]
    i = data.draw(
        st.one_of(
            st.integers(0, len(record.actions) - 1),
            st.sampled_from(places),
            st.sampled_from(places[:4]),  # first placements: the first-round rule
        ),
        label="index",
    )
    original = record.actions[i]
    pre = record.new_game()
    for a in record.actions[:i]:
        pre.apply(a)
    bad = copy.deepcopy(record)
    kinds = ["player", "duplicate"]
    if original["type"] == "place":
        kinds += ["cell", "tile", "move", "move"]
    if original["type"] == "draw" and original["tiles"]:
        kinds += ["drop"]
    kind = data.draw(st.sampled_from(kinds), label="corruption")
    caught_at = i
    legal: bool
    if kind == "duplicate":
        bad.actions.insert(i + 1, copy.deepcopy(original))
        caught_at, legal = i + 1, False
    elif kind == "drop":
        bad.actions[i]["tiles"] = original["tiles"][1:]
        legal = False
    elif kind == "player":
        others = [p for p in range(len(record.players)) if p != original["player"]]
        if not others:
            return
        bad.actions[i]["player"] = p = data.draw(st.sampled_from(others), label="player")
        legal = original["type"] == "flag" and p not in pre.flagged
    elif kind == "cell":
        names = board_cells(7) + JUNK_CELLS
        which = data.draw(st.integers(0, 1), label="which")
        bad.actions[i]["cells"][which] = data.draw(st.sampled_from(names), label="cell")
        legal = oracle_place_ok(pre, bad.actions[i])
    elif kind == "move":
        q, r = parse_cell(data.draw(st.sampled_from(board_cells(7)), label="to"))
        dq, dr = data.draw(st.sampled_from(DIRECTIONS), label="direction")
        try:
            bad.actions[i]["cells"] = [cell_name(q, r), cell_name(q + dq, r + dr)]
        except ValueError:
            return
        legal = oracle_place_ok(pre, bad.actions[i])
    else:
        tiles = [a + b for a in COLOURS for b in COLOURS] + ["XY", "R", "ROY"]
        bad.actions[i]["tile"] = data.draw(st.sampled_from(tiles), label="tile")
        legal = oracle_place_ok(pre, bad.actions[i])
    err = first_error(bad)
    if legal:
        assert err is None or err.index > caught_at, err
        # and really legal: the engine agrees applying it to the state before it
        pre.apply(bad.actions[i])
    else:
        assert err is not None and err.index == caught_at, (kind, err)
    # an illegal record is still well-formed: both forms keep it exactly
    assert Record.from_text(bad.to_text()) == bad
    assert Record.from_json(json.dumps(bad.to_json())) == bad


@SETTINGS
@given(
    st.sampled_from(RULESETS),
    st.sampled_from(["full", "board"]),
    st.lists(
        st.fixed_dictionaries(
            {
                "type": st.sampled_from(["place", "draw", "swap", "flag", "pass"]),
                "player": st.one_of(st.integers(-2, 5), st.booleans(), st.text(max_size=2)),
                "tile": st.text(max_size=3),
                "cells": st.lists(st.text(max_size=4), max_size=3),
                "tiles": st.lists(st.sampled_from(["RO", "gg", "X", "BB", ""]), max_size=3),
            }
        ).map(
            lambda d: {
                k: v
                for k, v in d.items()
                if k in ("type", "player")
                or (k in ("tile", "cells") and d["type"] == "place")
                or (k == "tiles" and d["type"] in ("draw", "swap"))
            }
        ),
        max_size=8,
    ),
)
def test_arbitrary_well_formed_records_round_trip(
    ruleset: str, mode: str, actions: list[dict[str, Any]]
) -> None:
    players = {"standard": 3, "mso": 2, "partnership": 4, "solitaire": 1}[ruleset]
    for a in actions:
        if a["type"] == "swap" and "tiles" in a:
            a["rack"] = a.pop("tiles")
    record = Record(ruleset, mode, [f'P{i} "x"' for i in range(players)], actions)
    text = record.to_text()
    assert Record.from_text(text) == record
    assert Record.from_json(json.dumps(record.to_json())) == record
    result = check_record(record)  # never raises
    assert result["valid"] in (True, False)
