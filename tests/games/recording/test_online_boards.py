"""An online board's game is dealt by the site (full mode): a fresh seed stored with the game,
every draw in its log, so the record is complete; spectators never see a rack while it is in
play (not on the live page, not in the API), and the full record comes after the game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.deal import SEED_BITS
from games.engine.game import Game as EngineGame
from games.engine.tiles import SUPPLY_BY_INDEX, TOTAL_TILES
from games.models import Game, GameAction
from games.recording import dealing, positions
from games.recording.setup import game_for_board
from tests.factories import BoardFactory, EntryFactory, EventFactory, RoundFactory, arbiter_of
from tests.games.api import Tablet
from tests.games.factories import fresh
from tournament.models.where import EventPlayed, Played

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def online_game() -> tuple[Any, Game, Any]:
    """An online event's board, its game dealt at set-up, and an arbiter."""
    event = EventFactory(boards_played=EventPlayed.ONLINE)
    round_ = RoundFactory(event=event)
    board = BoardFactory(
        round=round_,
        number=1,
        played=Played.ONLINE,
        sides=[
            EntryFactory(event=event, player__name="Ada Byron"),
            EntryFactory(event=event, player__name="Alan Turing"),
        ],
    )
    return board, game_for_board(board), arbiter_of(event)


def engine_of(game: Game) -> EngineGame:
    rows = game.actions.filter(taken_back_by__isnull=True).order_by("index")
    records = [r.payload for r in rows if r.kind in ("place", "swap", "flag", "draw")]
    return positions.replay(game.ruleset, game.options, game.players, records, "full")


def dealt_tiles(game: Game) -> list[list[str]]:
    draws = game.actions.filter(kind=GameAction.Kind.DRAW).order_by("index")
    return [list(d.payload["tiles"]) for d in draws]


@pytest.mark.django_db
def test_an_online_boards_game_is_dealt_from_a_fresh_seed_with_each_seats_rack() -> None:
    board, game, _arbiter = online_game()
    other_board, other, _ = online_game()
    assert game.mode == Game.Mode.FULL and game.engine_mode == "full"
    assert 0 < game.seed < 2**SEED_BITS and game.seed != other.seed
    draws = list(game.actions.order_by("index"))
    assert [(d.kind, d.payload["player"], len(d.payload["tiles"])) for d in draws] == [
        ("draw", 0, 6),
        ("draw", 1, 6),
    ]
    assert game.log_length == 2 and game.status == Game.Status.PENDING
    # The same seed and log deal the same tiles: the record replays in full mode.
    eng = positions.new_engine(game.ruleset, game.options, game.players, "full")
    assert dealing.deal(eng, game.seed) == [d.payload for d in draws]
    assert engine_of(game).racks == eng.racks


@pytest.mark.django_db
def test_a_venue_boards_game_stays_in_board_mode() -> None:
    event = EventFactory(boards_played=EventPlayed.HYBRID)
    board = BoardFactory(round=RoundFactory(event=event), number=1)  # played at the venue
    game = game_for_board(board)
    assert game.mode == "" and game.seed == 0 and game.log_length == 0
    assert game.engine_mode == "board"


@pytest.mark.django_db
def test_the_site_refills_a_rack_when_the_turn_ends_and_the_record_stays_complete(
    api_client: Any,
) -> None:
    board, game, arbiter = online_game()
    api_client.force_authenticate(arbiter)
    tablet = Tablet(api_client, board.pk)
    eng = engine_of(game)
    first = eng.legal_placements()[0]
    assert first["player"] == 0
    response = tablet.act(first)
    assert response.status_code == 201, response.content
    eng.apply(first)
    # Seat 1 places: the site deals seat 0's refill first, from the game's seed at that index.
    refill = dealing.deal(eng, game.seed, turn_over=True)
    assert [(d["player"], len(d["tiles"])) for d in refill] == [(0, 1)]
    second = eng.legal_placements()[0]
    assert second["player"] == 1
    response = tablet.act(second)
    assert response.status_code == 201, response.content

    game = fresh(game)
    kinds = list(game.actions.order_by("index").values_list("kind", flat=True))
    assert kinds == ["draw", "draw", "place", "draw", "place"]
    assert dealt_tiles(game)[2] == refill[0]["tiles"]
    again = engine_of(game)
    assert again.plies == 2 and again.racks is not None
    assert [len(r) for r in again.racks] == [6, 5]


@pytest.mark.django_db
def test_the_clock_press_ends_an_online_turn_with_its_refill(api_client: Any) -> None:
    board, game, arbiter = online_game()
    api_client.force_authenticate(arbiter)
    tablet = Tablet(api_client, board.pk)
    assert tablet.clock("start").status_code == 200
    response = tablet.act(engine_of(game).legal_placements()[0])
    assert response.status_code == 201, response.content
    response = tablet.clock("press")
    assert response.status_code == 200, response.content
    game = fresh(game)
    kinds = list(game.actions.order_by("index").values_list("kind", flat=True))
    assert kinds == ["draw", "draw", "start", "place", "draw", "press"]
    assert game.clock_seat == 1
    assert engine_of(game).to_move == 1


@pytest.mark.django_db
def test_spectators_see_no_rack_of_an_online_game_in_play(client: Client, api_client: Any) -> None:
    board, game, arbiter = online_game()
    racks = [" ".join(tiles) for tiles in dealt_tiles(game)]

    live = client.get(reverse("game-board-live", args=[board.pk]), {"fresh": "1"})
    assert live.status_code == 200
    html = live.content.decode()
    assert "drew 6 tile(s)" in html
    assert not any(rack in html for rack in racks)

    state = api_client.get(reverse("api-game-state", args=[board.pk]))
    assert state.status_code == 200
    body = state.json()
    text = json.dumps(body)
    assert '"tiles"' not in text and '"racks"' not in text and '"engine"' not in text
    assert str(game.seed) not in text
    assert [e["payload"] for e in body["log"]] == [
        {"type": "draw", "player": 0, "count": 6},
        {"type": "draw", "player": 1, "count": 6},
    ]
    # Not on the board: all 120 tiles (the bag's count would tell the racks apart).
    assert sum(body["position"]["unseen"].values()) == TOTAL_TILES

    record = client.get(reverse("game-record-json", args=[board.pk])).json()
    assert record["mode"] == "board" and record["actions"] == []


@pytest.mark.django_db
def test_the_full_record_racks_included_once_the_game_is_over(client: Client) -> None:
    board, game, _arbiter = online_game()
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    record = client.get(reverse("game-record-json", args=[board.pk])).json()
    assert record["mode"] == "full"
    assert [a["tiles"] for a in record["actions"]] == dealt_tiles(game)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**SEED_BITS - 1), players=st.sampled_from([2, 4]))
def test_a_deal_takes_what_the_bag_holds_and_the_same_seed_deals_the_same(
    seed: int, players: int
) -> None:
    names = [f"P{n}" for n in range(players)]
    eng = positions.new_engine("standard", {}, names, "full")
    draws = dealing.deal(eng, seed)
    assert [d["player"] for d in draws] == list(range(players))
    assert all(len(d["tiles"]) == 6 for d in draws)
    taken = [t for d in draws for t in d["tiles"]]
    assert sum(eng.bag) == TOTAL_TILES - len(taken)
    assert all(0 <= n <= SUPPLY_BY_INDEX[k] for k, n in enumerate(eng.bag))
    again = positions.new_engine("standard", {}, names, "full")
    assert dealing.deal(again, seed) == draws
