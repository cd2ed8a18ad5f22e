"""Recording the Ingenious Challenges at a table: services, pages and the API."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from django.test import Client
from django.urls import reverse

from games.challenge_tables.models import ChallengeAction
from games.challenge_tables.selectors import (
    effective_actions,
    record_of,
    replay_table,
    schema_problem,
)
from games.challenge_tables.services import (
    record_challenge_action,
    start_table,
    take_back_challenge_action,
)
from games.challenges.card import CardChallenge
from games.challenges.dice import DiceChallenge
from games.challenges.randomgame import dice_steps, random_game
from games.challenges.record import check_record, record_schema
from games.challenges.tile import CHOOSE, REFILL, TileChallenge
from games.engine.tiles import COLOURS
from games.models import Game
from tests.factories import EventFactory, UserFactory, arbiter_of, director_of
from tournament.errors import Conflict, NotAllowed

pytestmark = pytest.mark.usefixtures("tasks_in_process")

ROOT = Path(__file__).resolve().parents[3]

# CHALLENGES-RECORD.md's example: three players, a set-up roll, a turn with a wild pair.
EXAMPLE = [
    {"type": "roll", "player": 0, "faces": ["R", "G", "B"]},
    {"type": "roll", "player": 1, "faces": ["G", "G", "O"]},
    {"type": "roll", "player": 2, "faces": ["Y", "P", "R"]},
    {"type": "roll", "player": 0, "faces": ["R", "R", "O"]},
    {
        "type": "resolve",
        "player": 0,
        "steps": [{"match": "O"}, {"wild": ["R", "R"], "colour": "P"}],
    },
]


@pytest.fixture
def arbiter() -> Any:
    return arbiter_of(EventFactory(), "arb")


def api(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def post(client: Client, name: str, body: dict[str, Any], pk: int | None = None) -> Any:
    url = reverse(name, args=[pk] if pk is not None else [])
    return client.post(url, json.dumps(body), content_type="application/json")


def start(client: Client, **kw: Any) -> dict[str, Any]:
    body = {"challenge": "dice", "mode": "table", "players": ["Ada", "Alan", "Grace"], **kw}
    response = post(client, "api-challenge-start", body)
    assert response.status_code == 201, response.content
    return response.json()


# ---------------------------------------------------------------- start


@pytest.mark.django_db
def test_start_checks_the_players_the_challenge_and_the_mode(arbiter: Any) -> None:
    with pytest.raises(Exception, match="2 to 4 players"):
        start_table(user=arbiter, challenge="dice", mode="full", players=["Solo"])
    with pytest.raises(Exception, match="Card, Dice or Tile"):
        start_table(user=arbiter, challenge="chess", mode="full", players=["A", "B"])
    with pytest.raises(Exception, match="full or table"):
        start_table(user=arbiter, challenge="tile", mode="paper", players=["A", "B"])
    with pytest.raises(Exception, match="same name"):
        start_table(user=arbiter, challenge="tile", mode="full", players=["A", "a"])
    assert Game.objects.challenges().count() == 0
    table = start_table(
        user=arbiter,
        challenge="dice",
        mode="table",
        players=[" Ada ", "Alan", ""],
        setup_roll=False,
    )
    assert table.seat_names == ["Ada", "Alan"]
    assert table.options == {"setup_roll": False}
    assert table.created_by == arbiter


# ---------------------------------------------------------------- API: record, refuse, take back


@pytest.mark.django_db
def test_the_records_example_recorded_through_the_api(arbiter: Any) -> None:
    client = api(arbiter)
    state = start(client)
    pk = state["id"]
    assert state["legal"] == [{"type": "roll", "player": 0}]
    for i, action in enumerate(EXAMPLE):
        response = post(client, "api-challenge-actions", {"index": i, "action": action}, pk)
        assert response.status_code == 201, response.content
        assert response.json()["stored"][0]["payload"] == action
    state = client.get(reverse("api-challenge-state", args=[pk])).json()
    # O matched once (Alan's O), the wild pair of R scores 1 in P.
    assert state["rows"][0] == [0, 0, 0, 1, 0, 1]
    assert state["to_move"] == 1
    assert state["legal"] == [{"type": "roll", "player": 1}]
    assert state["dice"]["faces"][0] == ["R", "R", "O"]
    assert state["next_index"] == 5
    assert [e["user"] for e in state["log"]] == ["arb"] * 5
    record = client.get(reverse("api-challenge-record", args=[pk])).json()
    assert record["format"] == "ingenious-challenge-record/1"
    assert record["actions"] == EXAMPLE
    assert record["players"] == ["Ada", "Alan", "Grace"]


@pytest.mark.django_db
def test_an_illegal_action_is_refused_with_the_engines_code_and_nothing_is_stored(
    arbiter: Any,
) -> None:
    client = api(arbiter)
    pk = start(client)["id"]
    for i, action in enumerate(EXAMPLE[:3]):
        assert (
            post(client, "api-challenge-actions", {"index": i, "action": action}, pk).status_code
            == 201
        )
    resolve = {"type": "resolve", "player": 0, "steps": [{"match": "R"}]}
    response = post(client, "api-challenge-actions", {"index": 3, "action": resolve}, pk)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "ROLL_REQUIRED"
    assert body["index"] == 3 and body["record_index"] == 3
    assert "must roll before resolving" in body["detail"]
    wrong_seat = {"type": "roll", "player": 2, "faces": ["R", "R", "R"]}
    response = post(client, "api-challenge-actions", {"index": 3, "action": wrong_seat}, pk)
    assert response.json()["code"] == "NOT_YOUR_TURN"
    too_few = {"type": "roll", "player": 0, "faces": ["R"]}
    assert (
        post(client, "api-challenge-actions", {"index": 3, "action": too_few}, pk).json()["code"]
        == "BAD_ROLL"
    )
    # A key the engine would ignore is refused by the record's JSON Schema.
    extra = {"type": "roll", "player": 0, "faces": ["R", "G", "B"], "note": "x"}
    response = post(client, "api-challenge-actions", {"index": 3, "action": extra}, pk)
    assert response.status_code == 400
    assert response.json()["code"] == "BAD_RECORD"
    assert "'note' was unexpected" in response.json()["detail"]
    table = Game.objects.challenges().get(pk=pk)
    assert table.log_length == 3
    assert ChallengeAction.objects.filter(game=table).count() == 3


@pytest.mark.django_db
def test_a_stale_index_is_a_409_and_stores_nothing(arbiter: Any) -> None:
    client = api(arbiter)
    pk = start(client)["id"]
    assert (
        post(client, "api-challenge-actions", {"index": 0, "action": EXAMPLE[0]}, pk).status_code
        == 201
    )
    response = post(client, "api-challenge-actions", {"index": 0, "action": EXAMPLE[1]}, pk)
    assert response.status_code == 409
    assert response.json()["code"] == "stale_index"
    table = Game.objects.challenges().get(pk=pk)
    with pytest.raises(Conflict):
        record_challenge_action(table=table, user=arbiter, expected_index=5, action=EXAMPLE[1])
    response = post(client, "api-challenge-takeback", {"index": 7, "reason": "oops"}, pk)
    assert response.status_code == 409
    assert ChallengeAction.objects.filter(game_id=pk).count() == 1


@pytest.mark.django_db
def test_take_back_needs_a_reason_and_keeps_the_action_in_the_log(arbiter: Any) -> None:
    client = api(arbiter)
    pk = start(client)["id"]
    for i, action in enumerate(EXAMPLE[:2]):
        post(client, "api-challenge-actions", {"index": i, "action": action}, pk)
    table = Game.objects.challenges().get(pk=pk)
    with pytest.raises(Exception, match="Say why"):
        take_back_challenge_action(table=table, user=arbiter, expected_index=2, reason="  ")
    response = post(client, "api-challenge-takeback", {"index": 2, "reason": "wrong faces"}, pk)
    assert response.status_code == 200, response.content
    state = client.get(reverse("api-challenge-state", args=[pk])).json()
    assert state["legal"] == [{"type": "roll", "player": 1}]
    assert state["next_index"] == 3
    log = state["log"]
    assert [e["kind"] for e in log] == ["action", "action", "takeback"]
    assert log[1]["taken_back_by"] == 2 and log[2]["reason"] == "wrong faces"
    assert log[2]["payload"] == {"indices": [1]}
    assert client.get(reverse("api-challenge-record", args=[pk])).json()["actions"] == EXAMPLE[:1]
    # The seat is recorded again after the take-back.
    again = {"type": "roll", "player": 1, "faces": ["G", "G", "O"]}
    assert (
        post(client, "api-challenge-actions", {"index": 3, "action": again}, pk).status_code == 201
    )


# ---------------------------------------------------------------- full mode: whole games


def next_choice(game: Any, rng: random.Random) -> dict[str, Any]:
    """The tablet's next choice in a full-mode game (the site fills in every random outcome)."""
    kind, seat = game.allowed()[0]
    if isinstance(game, DiceChallenge):
        if game.rolls and (game.rolls == 3 or rng.random() < 0.6):
            steps = dice_steps(game, list(game.faces[seat]), rng)
            return {"type": "resolve", "player": seat, "steps": steps}
        return {"type": "roll", "player": seat}
    if isinstance(game, TileChallenge):
        if game.phase == REFILL:
            return {"type": "refill"}
        lows = [c for c in range(6) if game.rows[seat][c] == min(game.rows[seat])]
        free = [c for c in lows if game.centre[c]]
        if game.phase == CHOOSE:
            if free and (not sum(game.pool) or rng.random() < 0.3):
                return {"type": "free", "player": seat, "colour": COLOURS[free[0]]}
            return {"type": "draw", "player": seat}
        if sum(game.pool) and rng.random() < 0.4:
            return {"type": "draw", "player": seat}
        return {"type": "score", "player": seat}
    assert isinstance(game, CardChallenge)
    if kind == "play":
        card = sorted(game.hands[seat].elements())[0]
        return {"type": "play", "player": seat, "card": card, "first": card[0]}
    kinds = [k for k, _s in game.allowed()]
    return {"type": "draw" if "draw" in kinds else kind, "player": seat}


def play_out(table: Game, user: Any, choices_seed: int) -> Game:
    rng = random.Random(choices_seed)
    for _ in range(3000):
        table.refresh_from_db()
        game = replay_table(table, effective_actions(table))
        if game.over:
            return table
        record_challenge_action(
            table=table, user=user, expected_index=table.log_length, action=next_choice(game, rng)
        )
    raise AssertionError("the game did not end")


@pytest.mark.django_db
@pytest.mark.parametrize(("challenge", "players"), [("dice", 2), ("tile", 4), ("card", 3)])
def test_a_full_mode_game_replays_from_its_seed_and_its_record_passes_the_check(
    arbiter: Any, challenge: str, players: int, tmp_path: Path
) -> None:
    names = ["Ada", "Alan", "Grace", "Edsger"][:players]
    one = start_table(user=arbiter, challenge=challenge, mode="full", players=names, seed=77)
    two = start_table(user=arbiter, challenge=challenge, mode="full", players=names, seed=77)
    other = start_table(user=arbiter, challenge=challenge, mode="full", players=names, seed=78)
    one = play_out(one, arbiter, choices_seed=1)
    two = play_out(two, arbiter, choices_seed=1)
    assert one.status == two.status == Game.Status.FINISHED
    assert one.finished_at is not None
    record = record_of(one)
    assert record.to_json() == record_of(two).to_json()
    first = record.actions[0]
    record_challenge_action(
        table=other,
        user=arbiter,
        expected_index=0,
        action=next_choice(record.new_game(), random.Random(1)),
    )
    assert record_of(other).actions[0] != first
    # Every random outcome is in the record, and the checker accepts it.
    verdict = check_record(record)
    assert verdict["valid"] is True and verdict["over"] is True
    path = tmp_path / "game.json"
    path.write_text(json.dumps(api().get(reverse("api-challenge-record", args=[one.pk])).json()))
    done = subprocess.run(
        [sys.executable, "-m", "games.challenges", "check", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    line = json.loads(done.stdout)
    assert line["valid"] is True and line["over"] is True
    assert line["rows"] == verdict["rows"]
    # Nothing more is recorded after the end; a take-back reopens the game.
    with pytest.raises(Exception, match="over"):
        record_challenge_action(
            table=one, user=arbiter, expected_index=one.log_length, action={"type": "refill"}
        )
    take_back_challenge_action(table=one, user=arbiter, expected_index=one.log_length, reason="x")
    one.refresh_from_db()
    assert one.status == Game.Status.PLAYING and one.finished_at is None


@pytest.mark.django_db
def test_full_mode_refuses_an_outcome_from_the_client(arbiter: Any) -> None:
    client = api(arbiter)
    pk = start(client, mode="full", players=["A", "B"])["id"]
    response = post(client, "api-challenge-actions", {"index": 0, "action": EXAMPLE[0]}, pk)
    assert response.status_code == 400
    assert "without faces" in response.json()["detail"]
    response = post(
        client, "api-challenge-actions", {"index": 0, "action": {"type": "roll", "player": 0}}, pk
    )
    assert response.status_code == 201
    faces = response.json()["stored"][0]["payload"]["faces"]
    assert len(faces) == 4 and set(faces) <= set(COLOURS)
    # A take-back and the same roll again give the same faces (the seed and the place decide).
    post(client, "api-challenge-takeback", {"index": 1, "reason": "test"}, pk)
    again = post(
        client, "api-challenge-actions", {"index": 2, "action": {"type": "roll", "player": 0}}, pk
    )
    assert again.json()["stored"][0]["payload"]["faces"] == faces
    assert "seed" not in client.get(reverse("api-challenge-state", args=[pk])).json()


# ---------------------------------------------------------------- permissions


@pytest.mark.django_db
def test_only_staff_directors_and_arbiters_record_and_anyone_views(arbiter: Any) -> None:
    pk = start(api(arbiter))["id"]
    stranger = UserFactory(username="stranger")
    for client in (api(), api(stranger)):
        assert (
            post(
                client, "api-challenge-start", {"challenge": "dice", "players": ["A", "B"]}
            ).status_code
            == 403
        )
        response = post(client, "api-challenge-actions", {"index": 0, "action": EXAMPLE[0]}, pk)
        assert response.status_code == 403
        assert (
            post(client, "api-challenge-takeback", {"index": 0, "reason": "x"}, pk).status_code
            == 403
        )
        assert client.get(reverse("api-challenge-state", args=[pk])).status_code == 200
        assert client.get(reverse("api-challenge-record", args=[pk])).status_code == 200
        page = client.get(reverse("challenge-table", args=[pk]))
        assert page.status_code == 200 and b"challenge-act" not in page.content
        assert b'name="kind"' not in page.content
    with pytest.raises(NotAllowed):
        start_table(user=stranger, challenge="dice", mode="full", players=["A", "B"])
    assert api().get(reverse("challenge-new")).status_code == 302
    assert api(stranger).get(reverse("challenge-new")).status_code == 403
    staff = UserFactory(username="staff", is_staff=True)
    director = director_of(EventFactory(), "td")
    for user in (staff, director):
        assert (
            post(
                api(user), "api-challenge-start", {"challenge": "tile", "players": ["A", "B"]}
            ).status_code
            == 201
        )
    assert ChallengeAction.objects.count() == 0
    assert api().get(reverse("api-challenge-state", args=[999999])).status_code == 404


# ---------------------------------------------------------------- pages


@pytest.mark.django_db
def test_an_arbiter_records_a_dice_turn_on_the_page(arbiter: Any) -> None:
    client = api(arbiter)
    page = client.post(
        reverse("challenge-new"),
        {
            "challenge": "dice",
            "mode": "table",
            "player_1": "Ada",
            "player_2": "Alan",
            "setup_roll": "",
        },
    )
    table = Game.objects.challenges().get()
    assert page.status_code == 302 and page["Location"] == reverse(
        "challenge-table", args=[table.pk]
    )
    act = reverse("challenge-act", args=[table.pk])
    faces = {f"face_{i}": f for i, f in enumerate("RRGB")}
    client.post(act, {"index": 0, "kind": "roll", "player": 0, **faces})
    response = client.get(reverse("challenge-table", args=[table.pk]))
    assert b"Rolls this turn: 1 of 3" in response.content
    # the steps offered are those of the roll: red matched, or the two reds wild for a colour
    page = response.content.decode()
    assert 'value="w:RR:G"' in page and "2 red dice wild for green: +1" in page
    assert 'value="m:O"' not in page and 'value="w:GG:R"' not in page
    # With the optional starting rule, nothing is on the table to match: all dice go wild.
    steps = {"step_0": "w:RR", "colour_0": "G", "step_1": "m:G", "step_2": "m:B"}
    response = client.post(act, {"index": 1, "kind": "resolve", "player": 0, **steps}, follow=True)
    assert (
        "Ada scores the dice: 2 red dice wild: green +1, green +0, blue +0."
        in response.content.decode()
    )
    assert record_of(table).actions[-1] == {
        "type": "resolve",
        "player": 0,
        "steps": [{"wild": ["R", "R"], "colour": "G"}, {"match": "G"}, {"match": "B"}],
    }
    assert replay_table(table, effective_actions(table)).rows[0] == [0, 1, 0, 0, 0, 0]
    # A refused entry says why, in words (the engine's code is the API's); nothing is stored.
    response = client.post(
        act, {"index": 2, "kind": "resolve", "player": 1, "step_0": "m:R"}, follow=True
    )
    assert "The dice are rolled before they are scored." in response.content.decode()
    assert "ROLL_REQUIRED" not in response.content.decode()
    response = client.post(act, {"index": 1, "kind": "roll", "player": 1, **faces}, follow=True)
    assert "The game has moved on" in response.content.decode()
    response = client.post(
        reverse("challenge-takeback", args=[table.pk]),
        {"index": 2, "reason": "misread"},
        follow=True,
    )
    assert "taken back" in response.content.decode()
    assert ChallengeAction.objects.filter(game=table).count() == 3
    assert client.get(reverse("challenge-list")).status_code == 200


# ---------------------------------------------------------------- the schema check


def test_an_action_is_refused_exactly_when_the_whole_record_would_be() -> None:
    validator = jsonschema.Draft202012Validator(record_schema())
    samples: list[tuple[str, Any]] = []
    for challenge in ("card", "dice", "tile"):
        for mode in ("full", "table"):
            record = random_game(challenge, 3, seed=3, mode=mode)
            samples += [(challenge, a) for a in record.actions[:60]]
    samples += [
        ("dice", {"type": "roll", "player": 0, "faces": ["X", "R"]}),
        ("dice", {"type": "roll", "player": 5, "faces": ["R", "R"]}),
        ("dice", {"type": "resolve", "player": 0, "steps": [{"wild": ["R"], "colour": "G"}]}),
        ("dice", {"type": "resolve", "player": 0, "steps": [{"match": "R", "colour": "G"}]}),
        ("tile", {"type": "refill", "tiles": ["R"], "player": 0}),
        ("tile", {"type": "draw", "player": True, "tile": "R"}),
        ("card", {"type": "play", "player": 0, "card": "RR", "first": "R"}),
        ("card", {"type": "swap", "player": 0, "hand": ["RB"] * 7}),
        ("card", {"type": "jump", "player": 0}),
    ]
    for challenge, action in samples:
        record = {
            "format": "ingenious-challenge-record/1",
            "challenge": challenge,
            "mode": "full",
            "players": ["A", "B", "C", "D"],
            "actions": [action],
        }
        expected = validator.is_valid(record)
        assert (schema_problem(challenge, action) is None) == expected, (challenge, action)


@pytest.mark.django_db
def test_the_tile_and_card_pages_show_the_table_and_record_from_their_forms(arbiter: Any) -> None:
    client = api(arbiter)
    tile = start_table(user=arbiter, challenge="tile", mode="table", players=["Ada", "Alan"])
    act = reverse("challenge-act", args=[tile.pk])
    client.post(act, {"index": 0, "kind": "refill", "tile_0": "R", "tile_1": "G", "tile_2": "G"})
    client.post(act, {"index": 1, "kind": "draw", "player": 0, "tile": "G"})
    page = client.get(reverse("challenge-table", args=[tile.pk])).content.decode()
    centre = page.split('id="centre"')[1].split("</p>")[0]
    assert centre.count('class="tile"') == 3 and centre.count("c-G") == 2
    assert "Drawn by Ada this turn:" in page and "Target column 7" in page
    # Ada draws again (a colour left in the pool, saying what it would do) or scores
    assert 'name="tile" value="G"' in page and "Score: green +3" in page
    client.post(act, {"index": 2, "kind": "score", "player": 0})
    assert replay_table(tile, effective_actions(tile)).rows[0] == [0, 3, 0, 0, 0, 0]

    card = start_table(user=arbiter, challenge="card", mode="table", players=["A", "B", "C"])
    act = reverse("challenge-act", args=[card.pk])
    for i, kind in enumerate(("RG", "BO", "YP")):
        client.post(act, {"index": i, "kind": "faceup", "player": i, "card_0": kind})
    client.post(act, {"index": 3, "kind": "play", "player": 0, "card": "GB", "first": "B"})
    page = client.get(reverse("challenge-table", args=[card.pk])).content.decode()
    assert '<span class="kind">GB</span>' in page and "green/blue tile" in page
    assert replay_table(card, effective_actions(card)).rows[0] == [0, 1, 1, 0, 0, 0]
    # Table mode: B plays next; A's hand could only hold GB without a lowest row's colour,
    # and three GB are left for a hand of five: no swap is offered
    assert 'name="player" value="1"' in page and 'name="player" value="0"' not in page
    assert "swaps the hand instead" not in page

    full = start_table(user=arbiter, challenge="card", mode="full", players=["A", "B"], seed=3)
    act = reverse("challenge-act", args=[full.pk])
    for i in range(4):
        client.post(act, {"index": i, "kind": "deal" if i < 2 else "faceup", "player": i % 2})
    page = client.get(reverse("challenge-table", args=[full.pk])).content.decode()
    assert 'id="hand"' in page
    assert "Centre card" not in page  # full mode: the site turned the cards up
    assert len(record_of(full).actions) == 4
