"""The practice table's writes: a game against the engine is dealt by the site, the owner acts
alone, at their turn, on a game in play, each action checked by the rules engine; once the
owner's turn ends the engine's seat plays its whole turn in the same write, by its strength's
policy, each of its actions in the game's log."""

from __future__ import annotations

import random
import uuid
from typing import Any

import pytest

from games.engine.analysis.evaluation import held_kinds, rank_placements
from games.engine.analysis.players import make_player
from games.engine.position import PLACE, POST
from games.errors import IllegalMove
from games.models import Game, GameAction
from games.practice import services
from games.practice.models import PracticeGame
from games.practice.selectors import NoPracticeGame
from games.recording import positions
from games.recording.writes import engine_at
from tests.factories import UserFactory
from tests.games.practice.factories import fresh, practice, send, turn_of
from tournament.errors import Conflict, DomainError, NotAllowed

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

SEED = 31


@pytest.fixture(autouse=True)
def fixed_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every practice game dealt from one seed: the engine's choices are reproduced below."""
    monkeypatch.setattr("games.recording.dealing.new_seed", lambda: SEED)


def log(game: Game) -> list[GameAction]:
    return list(GameAction.objects.filter(game=game).order_by("index"))


def first_placement(p: PracticeGame) -> dict[str, Any]:
    """The owner's first legal placement now (the engine's list), as the page sends it."""
    eng = engine_at(Game.objects.get(pk=p.game_id))
    action = eng.legal_placements()[0]
    return {"type": "place", "tile": action["tile"], "cells": action["cells"]}


def test_a_game_is_dealt_by_the_site_and_waits_for_the_owner_who_moves_first() -> None:
    owner = UserFactory(username="ada")
    p = practice(owner, "easy")
    game = p.game
    assert game.board is None and game.mode == Game.Mode.FULL and game.ruleset == "mso"
    assert game.status == Game.Status.PLAYING and game.clock_seat is None
    assert p.human_seat == 0 and game.players[0] == "ada" and game.players[1] == "Engine (Easy)"
    rows = log(game)
    assert [(r.kind, r.payload["player"], len(r.payload["tiles"])) for r in rows] == [
        ("draw", 0, 6),
        ("draw", 1, 6),
    ]
    eng = engine_at(game)
    assert eng.to_move == 0 and eng.phase == PLACE


def test_the_engine_moving_first_plays_its_turn_when_the_game_starts() -> None:
    p = practice(UserFactory(), "medium", human_first=False)
    assert p.human_seat == 1 and p.engine_seat == 0
    rows = log(p.game)
    placed = [r for r in rows if r.kind == "place"]
    assert placed and all(r.payload["player"] == 0 for r in placed)
    assert all(r.reason == "played by the engine" and r.user is None for r in placed)
    assert rows[-1].kind == "draw" and rows[-1].payload["player"] == 0  # its refill
    eng = engine_at(fresh(p).game)
    assert eng.to_move == 1 and eng.phase == PLACE


def test_the_engine_replies_with_its_whole_turn_once_the_owners_turn_ends() -> None:
    p = practice(UserFactory(), "easy")
    send(p, first_placement(p))
    game = fresh(p).game
    eng = engine_at(game)
    if eng.phase == PLACE:  # a bonus placement earned: made too
        send(p, first_placement(p))
        eng = engine_at(fresh(p).game)
    assert eng.phase == POST and eng.to_move == 0  # the engine waits for the end of the turn
    before = fresh(p).game.log_length
    assert not [r for r in log(game) if r.payload.get("player") == 1 and r.kind == "place"]
    send(p, {"type": "end_turn"})
    rows = log(fresh(p).game)[before:]
    assert rows[0].kind == "draw" and rows[0].payload["player"] == 0  # the owner's refill
    engine_rows = [r for r in rows if r.kind == "place"]
    assert engine_rows and all(r.payload["player"] == 1 for r in engine_rows)
    assert rows[-1].kind == "draw" and rows[-1].payload["player"] == 1
    eng = engine_at(fresh(p).game)
    assert eng.to_move == 0 and eng.phase == PLACE


@pytest.mark.parametrize(
    ("strength", "policy"), [("easy", "random"), ("medium", "greedy"), ("strong", "engine")]
)
def test_each_strength_plays_its_policy(strength: str, policy: str) -> None:
    """The engine's first placement is its policy's choice from the position it was played in,
    with the random numbers of the game's seed and that log index (the same game plays the
    same way)."""
    p = practice(UserFactory(), strength, human_first=False)
    rows = log(p.game)
    index = next(r.index for r in rows if r.kind == "place")
    before = positions.replay(
        "mso", {}, p.game.players, [r.payload for r in rows[:index]], positions.FULL_MODE
    )
    player = make_player(policy, services.STRONG_BUDGET)
    tile, a, b = player.place(before, 0, random.Random(f"practice:{SEED}:{index}"))
    names = before.geo.names
    assert rows[index].payload == {
        "type": "place",
        "player": 0,
        "tile": tile,
        "cells": [names[a], names[b]],
    }
    if strength == "medium":  # greedy: no legal placement adds more points
        best = max(sum(q.gains.values()) for q in rank_placements(before, 0, held_kinds(before, 0)))
        after = before.copy()
        after.apply(rows[index].payload)
        assert sum(after.scores[0]) - sum(before.scores[0]) == best


def test_strengths_differ() -> None:
    """The same deal, three strengths: not all three open alike (Easy places at random)."""
    firsts = {
        strength: next(
            r.payload
            for r in log(practice(UserFactory(), strength, human_first=False).game)
            if r.kind == "place"
        )["cells"]
        for strength in ("easy", "medium", "strong")
    }
    assert len({tuple(c) for c in firsts.values()}) > 1


def test_only_its_owner_acts() -> None:
    p = practice(UserFactory(username="ada"), "easy")
    other = UserFactory(username="eve")
    staff = UserFactory(username="root", is_staff=True, is_superuser=True)
    length = p.game.log_length
    body = {**first_placement(p), "expected_index": length}
    for user in (other, staff, None):
        with pytest.raises(NoPracticeGame):
            services.act(user=user, pk=p.pk, data=body)
    assert fresh(p).game.log_length == length


def test_out_of_turn_and_illegal_actions_are_refused_and_change_nothing() -> None:
    p = practice(UserFactory(), "easy")
    length = p.game.log_length

    def refused(kind: type[DomainError], body: dict[str, Any], code: str) -> None:
        with pytest.raises(kind) as caught:
            send(p, body)
        assert caught.value.code == code, caught.value.message
        assert fresh(p).game.log_length == length

    refused(NotAllowed, {"type": "end_turn"}, "not_placed")  # nothing placed yet
    refused(DomainError, {"type": "swap"}, "SWAP_NOT_ALLOWED")  # before the placement
    taken = first_placement(p)
    send(p, taken)
    length = fresh(p).game.log_length
    eng = engine_at(fresh(p).game)
    if eng.phase == POST:  # the placements made: no more this turn
        refused(NotAllowed, first_placement_anyway(p), "placed")
    else:  # a bonus placement owed: a cell taken is refused by the engine
        with pytest.raises(IllegalMove):
            send(p, taken)
        assert fresh(p).game.log_length == length
    with pytest.raises(Conflict) as stale:
        services.act(user=p.user, pk=p.pk, data={"type": "end_turn", "expected_index": 0})
    assert stale.value.code == "stale_index"
    with pytest.raises(DomainError) as unknown:
        send(p, {"type": "resign"})
    assert unknown.value.field == "type"
    assert fresh(p).game.log_length == length


def first_placement_anyway(p: PracticeGame) -> dict[str, Any]:
    """A placement of the owner's rack on a free pair, as if a placement were due."""
    eng = engine_at(Game.objects.get(pk=p.game_id)).copy()
    eng.phase = PLACE
    action = eng.legal_placements()[0]
    return {"type": "place", "tile": action["tile"], "cells": action["cells"]}


def test_an_illegal_placement_is_refused_in_the_engines_words() -> None:
    p = practice(UserFactory(), "easy")
    length = p.game.log_length
    legal = engine_at(p.game).legal_placements()
    pairs = {frozenset(a["cells"]) for a in legal}
    one = legal[0]["cells"][0]
    apart = next(
        c for a in legal for c in a["cells"] if c != one and frozenset((one, c)) not in pairs
    )
    with pytest.raises(IllegalMove):  # two free cells, not next to each other
        send(p, {"type": "place", "tile": legal[0]["tile"], "cells": [one, apart]})
    with pytest.raises(DomainError):  # not a tile
        send(p, {"type": "place", "tile": "XX", "cells": ["C9", "D9"]})
    assert fresh(p).game.log_length == length


def test_an_unknown_strength_is_refused() -> None:
    with pytest.raises(DomainError) as caught:
        services.start(
            user=UserFactory(), strength="grandmaster", human_first=True, token=uuid.uuid4()
        )
    assert caught.value.field == "strength"
    assert not Game.objects.exists()


def test_the_same_start_form_twice_starts_one_game() -> None:
    owner = UserFactory()
    token = uuid.uuid4()
    first = services.start(user=owner, strength="easy", human_first=True, token=token)
    again = services.start(user=owner, strength="easy", human_first=True, token=token)
    assert again.pk == first.pk
    assert PracticeGame.objects.count() == 1 and Game.objects.count() == 1


def test_a_finished_game_takes_no_more_actions() -> None:
    p = practice(UserFactory(), "easy")
    for _turn in range(60):
        p = turn_of(p)
        if p.result:
            break
    game = fresh(p).game
    assert game.status == Game.Status.FINISHED
    with pytest.raises(Conflict) as caught:
        send(p, {"type": "end_turn"})
    assert caught.value.code == "game_over"
    assert fresh(p).game.log_length == game.log_length
