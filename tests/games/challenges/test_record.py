"""The challenge record (CHALLENGES-RECORD.md): round trips, and a corpus of bad records, each
with its exact verdict."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from games.challenges.randomgame import random_game
from games.challenges.record import (
    ChallengeRecord,
    check_record,
    check_text,
    load_record,
    record_schema,
    replay,
)
from games.engine.errors import RecordError

from .helpers import match, refill, resolve, roll, tdraw, wild

SPEC_EXAMPLE = {
    "format": "ingenious-challenge-record/1",
    "challenge": "dice",
    "mode": "full",
    "players": ["Ada Byron", "Alan Turing", "Grace Hopper"],
    "options": {"setup_roll": True},
    "actions": [
        roll(0, "R", "G", "B"),
        roll(1, "G", "G", "O"),
        roll(2, "Y", "P", "R"),
        roll(0, "R", "R", "O"),
        resolve(0, match("O"), wild("RR", "P")),
    ],
}


def record(challenge: str, actions: list[dict[str, Any]], **header: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "format": "ingenious-challenge-record/1",
        "challenge": challenge,
        "mode": "full",
        "players": ["Ada", "Alan"],
    }
    out.update(header)
    out["actions"] = actions
    return out


def test_the_example_of_the_record_format_checks() -> None:
    verdict = check_text(json.dumps(SPEC_EXAMPLE))
    assert verdict == {
        "valid": True,
        "over": False,
        "rows": [[0, 0, 0, 1, 0, 1], [0] * 6, [0] * 6],
        "winner": None,
        "to_move": 1,
    }


@pytest.mark.parametrize("challenge", ["card", "dice", "tile"])
@pytest.mark.parametrize("mode", ["full", "table"])
def test_round_trip_json(challenge: str, mode: str) -> None:
    rec = random_game(challenge, 3, seed=11, mode=mode)
    text = rec.dumps(indent=1)
    again = load_record(text)
    assert again == rec and again.to_json() == rec.to_json()
    assert ChallengeRecord.from_json(rec.to_json()) == rec
    assert json.loads(text)["format"] == "ingenious-challenge-record/1"
    game = replay(again)
    assert game.over and check_record(again)["valid"] is True


def test_extra_keys_are_kept() -> None:
    data = dict(SPEC_EXAMPLE, event="MSO 2026")
    rec = load_record(json.dumps(data))
    assert rec.extra == {"event": "MSO 2026"} and rec.to_json()["event"] == "MSO 2026"


def test_table_mode_card_record_is_the_full_game_as_seen() -> None:
    """Record: table mode has no deal and no draw actions, and a swap names the hand shown."""
    full = random_game("card", 2, seed=5)
    table = random_game("card", 2, seed=5, mode="table")
    kinds = {a["type"] for a in table.actions}
    assert kinds <= {"faceup", "play", "swap"} and "play" in kinds
    assert [a for a in full.actions if a["type"] == "play"] == [
        a for a in table.actions if a["type"] == "play"
    ]
    assert replay(full).result() == replay(table).result()


# A corpus of records that cannot be read: index null, BAD_RECORD, and the message.
UNREADABLE = [
    ("[1, 2]", "line 1, column 1: a record must be a JSON object"),
    (
        '{"format": "ingenious-record/1"}',
        "line 1, column 12: format: \"format\" must be 'ingenious-challenge-record/1', "
        "not 'ingenious-record/1'",
    ),
    ("{", "line 1, column 2: invalid JSON: Expecting property name enclosed in double quotes"),
    (
        json.dumps(record("chess", [])),
        "line 1, column 57: challenge: \"challenge\" must be card, dice or tile, not 'chess'",
    ),
    (
        json.dumps(record("card", [], mode="board")),
        "line 1, column 73: mode: \"mode\" must be 'full' or 'table', not 'board'",
    ),
    (
        json.dumps(record("card", [], players=["Solo"])),
        "line 1, column 92: players: a challenge is for 2 to 4 players, not 1",
    ),
    (
        json.dumps(record("card", [], players=["A", 2])),
        'line 1, column 92: players: "players" must be a list of names (strings)',
    ),
    (
        json.dumps(record("card", [], options={"setup_roll": False})),
        "line 1, column 135: options.setup_roll: unknown option 'setup_roll' for the card "
        "challenge (it has none)",
    ),
    (
        json.dumps(record("dice", [], options={"setup_roll": "no"})),
        "line 1, column 135: options.setup_roll: option 'setup_roll' must be true or false",
    ),
    (
        json.dumps(record("tile", [1])),
        "line 1, column 121: actions[0]: action 0 must be a JSON object",
    ),
    (
        json.dumps(record("tile", {})),  # type: ignore[arg-type]
        'line 1, column 120: actions: "actions" must be a list of actions',
    ),
]


@pytest.mark.parametrize(("text", "message"), UNREADABLE)
def test_unreadable_records(text: str, message: str) -> None:
    with pytest.raises(RecordError):
        load_record(text)
    assert check_text(text) == {
        "valid": False,
        "error": {"index": None, "code": "BAD_RECORD", "message": message},
    }


# A corpus of illegal records: the index of the first illegal action, its code and message.
ILLEGAL = [
    (
        record("dice", [roll(0, "R", "G", "B", "O"), roll(0, "R", "G", "B", "O")]),
        1,
        "NOT_YOUR_TURN",
        "Ada (seat 0) cannot roll now: it is Alan (seat 1)'s turn to roll",
    ),
    (
        record("dice", [{"type": "resolve", "player": 0, "steps": []}]),
        0,
        "WRONG_PHASE",
        "the set-up roll is not finished: Ada (seat 0) makes the set-up roll next",
    ),
    (
        record("dice", [roll(0, "R", "G", "B", "X")]),
        0,
        "BAD_ROLL",
        "each face must be a colour letter (R G B O Y P), not 'X'",
    ),
    (
        record("dice", [{"type": "place", "player": 0}]),
        0,
        "BAD_RECORD",
        '"type" must be one of roll, resolve in the dice challenge',
    ),
    (
        record("dice", [{"type": "roll", "player": 2, "faces": []}]),
        0,
        "BAD_RECORD",
        '"player" must be a seat number 0 to 1, not 2',
    ),
    (
        record(
            "dice",
            [roll(0, *"RRRR"), roll(1, *"GGGG"), roll(0, *"BBBB"), resolve(0, wild("BBBBB", "R"))],
        ),
        3,
        "WILD_NOT_ALLOWED",
        "step 0: a wild score uses two to four equal faces, not B B B B B",
    ),
    (
        record(
            "tile",
            [refill("R", "G", "B"), tdraw(0, "R"), {"type": "free", "player": 0, "colour": "G"}],
        ),
        2,
        "FREE_NOT_ALLOWED",
        "a free score replaces the turn's first draw: Ada (seat 0) has drawn already",
    ),
    (
        record("tile", [refill("R", "G", "B"), {"type": "score", "player": 0}]),
        1,
        "SCORE_NOT_ALLOWED",
        "Ada (seat 0) may score only after a draw that did not end the turn",
    ),
    (
        record("tile", [refill("R", "G", "B", "O")]),
        0,
        "DRAW_MISMATCH",
        "the refill brings the centre back to three: 3 tiles (the centre holds 0, the pool "
        "126), not 4",
    ),
    (
        record("tile", [refill("R", "G", "B"), {"type": "free", "player": 0, "colour": "O"}]),
        1,
        "NO_MATCH",
        "no tile in the centre shows orange",
    ),
    (
        record("card", [{"type": "play", "player": 0, "card": "RB", "first": "R"}]),
        0,
        "WRONG_PHASE",
        "the set-up is not finished: Ada (seat 0) is dealt six cards next",
    ),
    (
        record("card", [{"type": "deal", "player": 0, "cards": ["RB"] * 5 + ["GO"]}]),
        0,
        "DRAW_MISMATCH",
        "the deal to Ada (seat 0): the deck holds no RB now (of the four, 0 face up, 0 in the "
        "discard pile and 0 in hands, 4 earlier in this deal)",
    ),
    (
        record(
            "card",
            [
                {"type": "faceup", "player": 0, "cards": ["RB", "GO"]},
                {"type": "faceup", "player": 1, "cards": ["RB", "GO"]},
                {"type": "swap", "player": 0, "hand": []},
            ],
            mode="table",
        ),
        2,
        "SWAP_NOT_ALLOWED",
        "a swap comes after the turn's play: it is Ada (seat 0)'s turn to play a card",
    ),
]


@pytest.mark.parametrize(("data", "index", "code", "message"), ILLEGAL)
def test_illegal_records(data: dict[str, Any], index: int, code: str, message: str) -> None:
    assert check_text(json.dumps(data)) == {
        "valid": False,
        "error": {"index": index, "code": code, "message": message},
    }


def test_an_action_after_the_end_is_game_over() -> None:
    rec = random_game("tile", 2, seed=3)
    game = replay(rec)
    rec.actions.append({"type": "refill", "tiles": []})
    verdict = check_record(rec)
    assert verdict["error"]["index"] == len(rec.actions) - 1
    assert verdict["error"]["code"] == "GAME_OVER"
    assert verdict["error"]["message"] == f"the game is over: {game.over_words()}"


def test_records_follow_the_json_schema() -> None:
    """The JSON Schema documents the record's form: every legal record validates, and records
    that cannot be read, or whose actions are malformed, do not."""
    validator = jsonschema.Draft202012Validator(record_schema())
    jsonschema.Draft202012Validator.check_schema(record_schema())
    for challenge in ("card", "dice", "tile"):
        for mode in ("full", "table"):
            for players in (2, 3, 4):
                rec = random_game(challenge, players, seed=players, mode=mode)
                assert not list(validator.iter_errors(rec.to_json()))
    assert not list(validator.iter_errors(SPEC_EXAMPLE))
    for text, _message in UNREADABLE:
        if text != "{":  # (not JSON at all)
            assert list(validator.iter_errors(json.loads(text))), text
    for data in (
        record("dice", [roll(0, "R", "G", "B", "X")]),
        record("dice", [{"type": "place", "player": 0}]),
        record("card", [{"type": "play", "player": 0, "card": "RR", "first": "R"}]),
        record("tile", [{"type": "free", "player": 0}]),
    ):
        assert list(validator.iter_errors(data))
