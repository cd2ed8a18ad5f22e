"""Property tests (hypothesis) of the invariants: no row above its top, the area restriction, a
bonus per colour at most once, the winner's rows all at the target; random games are always
legal and check clean; a refused action changes nothing."""

from __future__ import annotations

import json
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.challenges.board import CODES, ChallengeGame
from games.challenges.dice import DiceChallenge
from games.challenges.randomgame import random_game
from games.challenges.record import ChallengeRecord, check_text
from games.engine.errors import IllegalAction
from games.engine.score_track import result_key

from .helpers import names, state

#: CHALLENGE_EXAMPLES=500 for a longer search
EXAMPLES = int(os.environ.get("CHALLENGE_EXAMPLES", "25"))
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def records(draw: st.DrawFn) -> ChallengeRecord:
    challenge = draw(st.sampled_from(["card", "dice", "tile"]))
    mode = draw(st.sampled_from(["full", "table"]))
    return random_game(
        challenge,
        draw(st.integers(2, 4)),
        draw(st.integers(0, 10**6)),
        mode,
        setup_roll=draw(st.booleans()),
        swap_chance=draw(st.floats(0, 1)),
        reroll_chance=draw(st.floats(0, 0.9)),
        free_chance=draw(st.floats(0, 1)),
        draw_again=draw(st.floats(0, 0.95)),
    )


def check_rows(game: ChallengeGame) -> None:
    for seat, row in enumerate(game.rows):
        assert all(0 <= r <= game.top for r in row), row  # no row above its top
        if game.restricted:
            # the area restriction, as a property of every position reached
            if max(row) >= 4:
                assert min(row) >= 1, row
            if max(row) >= 7:
                assert min(row) >= 4, row
        # a colour's bonus is spent once, and only by reaching the top
        assert all(row[c] == game.top for c in game.bonus_used[seat])


BONUS_PAIRS = (("play", "play"), ("roll", "resolve"))


def bonus_turns(rec: ChallengeRecord) -> list[int]:
    """Bonus turns taken per seat, read from the record (Card: a play after a play by the same
    seat; Dice: a roll by the seat that has just resolved)."""
    taken = [0] * len(rec.players)
    last: dict[str, Any] | None = None
    for a in rec.actions:
        same = last is not None and a.get("player") == last.get("player")
        if same and last is not None and (a["type"], last["type"]) in BONUS_PAIRS:
            taken[a["player"]] += 1
        last = a
    return taken


@SETTINGS
@given(records())
def test_random_games_are_legal_complete_and_keep_the_invariants(rec: ChallengeRecord) -> None:
    game = rec.new_game()
    for action in rec.actions:
        game.apply(action)
        check_rows(game)
    assert game.over and game.to_move is None
    verdict = check_text(rec.dumps())
    assert verdict == game.result() and verdict["valid"] is True
    goal = game.goal
    finished = [s for s, row in enumerate(game.rows) if min(row) >= goal]
    if finished:
        # the winner's rows are all at the target, and nobody else got there
        assert finished == [game.winner]
    else:
        # the supply ran out (Tile only): decided like the board game
        assert rec.challenge == "tile"
        keys = [result_key(r) for r in game.rows]
        best = max(keys)
        assert (keys.count(best) > 1) == (game.winner is None)
        assert game.winner is None or keys[game.winner] == best
    if rec.challenge in ("card", "dice"):
        for seat, n in enumerate(bonus_turns(rec)):
            # a bonus per colour at most once (Card: some may be lost with an empty hand)
            assert n <= sum(r == 10 for r in game.rows[seat])
            if rec.challenge == "dice" and game.winner != seat:
                assert n == sum(r == 10 for r in game.rows[seat])


@SETTINGS
@given(records(), st.data())
def test_a_refused_action_changes_nothing(rec: ChallengeRecord, data: st.DataObject) -> None:
    cut = data.draw(st.integers(0, len(rec.actions) - 1))
    game = rec.new_game()
    for action in rec.actions[:cut]:
        game.apply(action)
    other = dict(data.draw(st.sampled_from(rec.actions)))
    key = data.draw(st.sampled_from(sorted(other)))
    other[key] = data.draw(
        st.one_of(
            st.sampled_from(list("RGBOYPX")),
            st.integers(-1, 4),
            st.lists(st.sampled_from(list("RGBOYP")), max_size=5),
            st.sampled_from(["RB", "GG", "roll", "play", "draw", "score"]),
        )
    )
    before = state(game)
    try:
        game.apply(other)
    except IllegalAction as e:
        assert e.index == cut and e.code in CODES
        assert state(game) == before
    else:
        check_rows(game)


@SETTINGS
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 4)), max_size=80))
def test_scoring_keeps_the_rows_within_the_areas(points: list[tuple[int, int]]) -> None:
    game = DiceChallenge(names(2))
    for colour, n in points:
        game.score(0, colour, n)
        check_rows(game)
    assert game.owed == len(game.bonus_used[0]) <= 6


@SETTINGS
@given(records())
def test_records_round_trip_through_json(rec: ChallengeRecord) -> None:
    text = rec.dumps()
    assert ChallengeRecord.from_json(text) == rec
    assert json.loads(text) == rec.to_json()
