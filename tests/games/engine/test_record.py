"""The record: JSON form, text form, loading errors, replay and checking."""

import json

import pytest

from games.engine.errors import IllegalAction, RecordError
from games.engine.gamerecord import Record
from games.engine.loading import load_record
from games.engine.randomgame import random_game
from games.engine.record import check_text
from games.engine.replaying import check_record, replay

SPEC_EXAMPLE = """{
  "format": "ingenious-record/1",
  "ruleset": "mso",
  "mode": "board",
  "players": ["Ada Byron", "Alan Turing"],
  "actions": [
    {"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]},
    {"type": "place", "player": 1, "tile": "GG", "cells": ["H12", "G12"]},
    {"type": "flag",  "player": 0}
  ]
}"""


def test_spec_example() -> None:
    r = Record.from_json(SPEC_EXAMPLE)
    assert r.ruleset == "mso" and r.mode == "board" and r.players == ["Ada Byron", "Alan Turing"]
    assert r.options == {} and len(r.actions) == 3
    assert check_record(r) == {
        "valid": True,
        "over": False,
        "scores": [[1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]],  # C9 beside the red symbol
        "to_move": 1,
        "winner": None,
        "plies": 2,
    }
    g = replay(r)
    assert g.flagged == {0} and g.to_move == 1
    assert r.to_json() == json.loads(SPEC_EXAMPLE)  # options omitted when empty


def test_options_and_extra_keys_round_trip() -> None:
    obj = json.loads(SPEC_EXAMPLE)
    obj["options"] = {"placement_rule": "first-round", "flag_allowed": False}
    obj["event"] = {"name": "MSO 2026", "round": 3}
    r = Record.from_json(obj)
    assert r.make_ruleset().placement_rule == "first-round"
    assert r.to_json() == obj
    assert Record.from_text(r.to_text()) == r
    res = check_record(r)
    assert not res["valid"] and res["error"]["code"] == "BAD_RECORD"  # no flags without a clock
    assert res["error"]["index"] == 2


@pytest.mark.parametrize(
    ("text", "line", "column", "fragment"),
    [
        ('{"format": "ingenious-record/1",\n  "ruleset": "mso" "mode": 1}', 2, 20, "JSON"),
        ("[1, 2]", 1, 1, "object"),
        ('{"format": "ingenious-record/2"}', 1, 12, "format"),
        ('{\n "format": "ingenious-record/1",\n "ruleset": "chess"}', 3, 13, "ruleset"),
        (
            '{"format": "ingenious-record/1", "ruleset": "mso", "mode": "full",\n'
            ' "players": ["A"], "actions": []}',
            2,
            13,
            "2 players",
        ),
        (
            '{"format": "ingenious-record/1", "ruleset": "mso", "mode": "board",\n'
            ' "players": ["A", "B"],\n "actions": [\n  {"type": "flag", "player": 0},\n  7]}',
            5,
            3,
            "action 1",
        ),
        (
            '{"format": "ingenious-record/1", "ruleset": "mso", "mode": "board",\n'
            ' "players": ["A", "B"], "options": {"colours": 5}, "actions": []}',
            2,
            48,
            "unknown ruleset option",
        ),
    ],
)
def test_json_errors_have_line_and_column(text: str, line: int, column: int, fragment: str) -> None:
    with pytest.raises(RecordError) as info:
        Record.from_json(text)
    err = info.value
    assert fragment in err.message
    assert (err.line, err.column) == (line, column)
    assert err.code == "BAD_RECORD"
    res = check_text(text)
    assert res["valid"] is False and res["error"]["index"] is None
    assert res["error"]["code"] == "BAD_RECORD"


def test_illegal_moves_are_still_well_formed() -> None:
    r = Record.from_json(SPEC_EXAMPLE)
    r.actions[0]["player"] = 1  # wrong order
    with pytest.raises(IllegalAction) as info:
        replay(r)
    assert info.value.code == "NOT_YOUR_TURN" and info.value.index == 0
    assert Record.from_text(r.to_text()) == r


HAND_WRITTEN = """
[Ruleset mso]
[Mode "full"]
[Player0 "Ada Byron"]
[Player1 "Alan Turing"]
[Event "MSO 2026, round 1"]

; the first draws
0. draw(ro gg bb yp oo ry) draw(GB RR OP YY BP GO)
1. RO C9 D9 draw(PP)      ; Ada
2. gb c12 d12 draw(RB)
3. YP H4 H5 draw(BB)
4. @1 flag
5. BB H6 H7 +OO H8 H9 draw(RR, RR)
"""


def test_hand_written_text() -> None:
    with pytest.raises(RecordError) as info:
        Record.from_text(HAND_WRITTEN)
    assert (info.value.line, info.value.column) == (14, 30)  # the comma
    r = Record.from_text(HAND_WRITTEN.replace("RR, RR", "RR RR"))
    assert r.extra == {"Event": "MSO 2026, round 1"}
    assert r.actions[0] == {
        "type": "draw",
        "player": 0,
        "tiles": ["RO", "GG", "BB", "YP", "OO", "RY"],
    }
    assert r.actions[4] == {"type": "place", "player": 1, "tile": "GB", "cells": ["C12", "D12"]}
    assert r.actions[8] == {"type": "flag", "player": 1}
    assert [a["player"] for a in r.actions[9:]] == [0, 0, 0]
    res = check_record(r)
    assert res["valid"] is False  # the OO bonus was not earned
    assert res["error"]["index"] == 10 and res["error"]["code"] == "NOT_YOUR_TURN"
    assert load_record(HAND_WRITTEN.replace("RR, RR", "RR RR")) == r


@pytest.mark.parametrize(
    ("text", "line", "column", "fragment"),
    [
        ('[Ruleset "mso"]\n[Mode "board"]\n[Player0 "A"]\n', 3, 1, "2 players"),
        ('[Ruleset "go"]\n[Mode "board"]\n[Player0 "A"]\n[Player1 "B"]\n', 1, 1, "ruleset"),
        ('[Mode "board"]\n[Player0 "A"]\n[Player1 "B"]\n', 4, 1, "Ruleset is missing"),
        (
            '[Ruleset "mso"]\n[Mode "board"]\n[Player0 "A"]\n[Player1 "B"]\n\n1. RO C9\n',
            7,
            1,
            "second cell",
        ),
        (
            '[Ruleset "mso"]\n[Mode "board"]\n[Player0 "A"]\n[Player1 "B"]\n2. RO C9 D9\n',
            5,
            1,
            "first turn",
        ),
        (
            '[Ruleset "mso"]\n[Mode "board"]\n[Player0 "A"]\n[Player1 "B"]\n1. RO C9 D9 3. flag',
            5,
            13,
            "turn 2",
        ),
        (
            '[Ruleset "mso"]\n[Mode "board"]\n[Player0 "A"]\n[Player1 "B"]\n1. ROY C9 D9',
            5,
            4,
            "tile",
        ),
        (
            '[Ruleset "mso"]\n[Mode "board"]\n[Player0 "A"]\n[Player1 "B"]\n1. swap(RO',
            5,
            4,
            "not closed",
        ),
        ('[Ruleset "mso"\n', 1, 15, "not closed"),
        (
            '[Ruleset "mso"]\n[Mode "board"]\n[Player0 "A"]\n[Player1 "B"]\n1. {"type": }',
            5,
            13,
            "bad action",
        ),
    ],
)
def test_text_errors_have_line_and_column(text: str, line: int, column: int, fragment: str) -> None:
    with pytest.raises(RecordError) as info:
        Record.from_text(text)
    assert fragment in info.value.message
    assert (info.value.line, info.value.column) == (line, column), info.value.message


@pytest.mark.parametrize("ruleset", ["standard", "mso", "partnership", "solitaire"])
@pytest.mark.parametrize("mode", ["full", "board"])
def test_random_records_round_trip(ruleset: str, mode: str) -> None:
    r = random_game(ruleset, mode, seed=11, flag_chance=0.05)
    assert Record.from_json(json.dumps(r.to_json())) == r
    text = r.to_text()
    assert Record.from_text(text) == r
    assert load_record(text) == r
    assert check_record(r)["valid"]
    assert len(text) < 40 * len(r.actions) + 300  # compact


def test_text_is_compact_and_readable() -> None:
    r = random_game("mso", "full", seed=2)
    lines = r.to_text().splitlines()
    assert lines[:5] == [
        '[Format "ingenious-record/1"]',
        '[Ruleset "mso"]',
        '[Mode "full"]',
        '[Player0 "Player 1"]',
        '[Player1 "Player 2"]',
    ]
    assert lines[6].startswith("0. draw(") and lines[7].startswith("1. ")
    assert "@" not in r.to_text()  # nothing needs an explicit seat in a legal game
