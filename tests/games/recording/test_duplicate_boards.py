"""Duplicate boards (issue 30, requirement 8): every online board of a round draws the same tiles
in the same order, dealt from one seed per round drawn when the round is published; a swap's
tiles go back into the rest of the bag where the seed and the swap's index put them; the records
stay full-mode records that replay; a non-duplicate event's boards draw each from its own seed."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.engine.deal import dealt_sequence, duplicate_bag
from games.engine.game import Game as EngineGame
from games.engine.position import PLACE, POST
from games.engine.tiles import TILE_KINDS
from games.models import Game, GameAction
from games.recording import dealing, positions
from tests.factories import arbiter_of
from tests.games.api import Tablet
from tests.tournament.helpers import draft_round, event_with_players
from tournament.models.events import Round
from tournament.models.where import EventPlayed
from tournament.rounds.services import publish_round

pytestmark = pytest.mark.usefixtures("tasks_in_process")

Choose = Callable[[list[dict[str, Any]]], dict[str, Any]]


def played(seed: int, choose: Choose, *, swap_at: int | None = None) -> list[dict[str, Any]]:
    """A whole two-seat game dealt as a duplicate board from ``seed``: each placement chosen by
    ``choose`` among the legal ones; a swap at the ``swap_at``-th turn end if allowed then."""
    eng = positions.new_engine("mso", {}, ["A", "B"], positions.FULL_MODE)
    record: list[dict[str, Any]] = []

    def play(action: dict[str, Any]) -> None:
        eng.apply(action)
        record.append(action)

    record += dealing.deal(eng, seed, duplicate=record)
    turn_ends = 0
    while not eng.over:
        if eng.phase == PLACE:
            play(choose(eng.legal_placements()))
        elif eng.phase == POST:
            turn_ends += 1
            seat = eng.turn
            if turn_ends == swap_at and eng.may_swap(seat):
                rack = [
                    k for k, n in zip(TILE_KINDS, eng.rack[seat], strict=True) for _ in range(n)
                ]
                play({"type": "swap", "player": seat, "rack": rack})
                record += dealing.deal(eng, seed, duplicate=record)
            else:
                record += dealing.deal(eng, seed, turn_over=True, duplicate=record)
    return record


def drawn(record: list[dict[str, Any]]) -> list[str]:
    return [t for a in record if a["type"] == "draw" for t in a["tiles"]]


def first(options: list[dict[str, Any]]) -> dict[str, Any]:
    return options[0]


def last(options: list[dict[str, Any]]) -> dict[str, Any]:
    return options[-1]


def test_boards_playing_differently_draw_the_round_sequence_in_order() -> None:
    seed = 20261128
    one, other = played(seed, first), played(seed, last)
    assert [a for a in one if a["type"] == "place"] != [a for a in other if a["type"] == "place"]
    sequence = dealt_sequence(seed)
    # Every tile each board drew is the next of the round's sequence, whatever was placed.
    assert drawn(one) == sequence[: len(drawn(one))]
    assert drawn(other) == sequence[: len(drawn(other))]
    assert one[:2] == other[:2]  # the same first racks
    # The records are full-mode records: they replay, every draw what the bag held.
    for record in (one, other):
        eng = positions.replay("mso", {}, ["A", "B"], record, positions.FULL_MODE)
        assert eng.over


def test_a_swapped_rack_goes_back_into_the_bag_where_the_seed_puts_it() -> None:
    seed = 7
    # Placements chosen at random (from a seed of their own) let a rack with no lowest colour
    # come up: at the 33rd turn's end, as found by playing this game.
    record = played(seed, random.Random(4).choice, swap_at=33)
    swap = next(i for i, a in enumerate(record) if a["type"] == "swap")
    before = duplicate_bag(seed, record[:swap])
    new_rack = record[swap + 1]
    assert new_rack["type"] == "draw" and new_rack["tiles"] == before[:6]
    after = duplicate_bag(seed, record[: swap + 2])
    # The tiles given back are in the bag again, not handed out first: the rest of the sequence
    # keeps its order around them.
    returned = sorted(record[swap]["rack"])
    assert sorted(after) == sorted(before[6:] + returned)
    tiles = iter(after)
    assert all(tile in tiles for tile in before[6:])  # a subsequence: its order kept
    # Deterministic: the same play deals the same, and the record replays.
    assert played(seed, random.Random(4).choice, swap_at=33) == record
    eng = positions.replay("mso", {}, ["A", "B"], record, positions.FULL_MODE)
    assert eng.over


def published(duplicate: bool) -> tuple[Round, list[Game]]:
    event, td = event_with_players(
        4, rounds=3, boards_played=EventPlayed.ONLINE, duplicate_boards=duplicate
    )
    round_ = publish_round(round_=draft_round(event, td), user=td)
    games = list(Game.objects.filter(board__round=round_).order_by("board__number"))
    assert len(games) == 2
    return round_, games


def first_racks(game: Game) -> list[list[str]]:
    rows = game.actions.filter(kind=GameAction.Kind.DRAW).order_by("index")[:2]
    return [list(r.payload["tiles"]) for r in rows]


@pytest.mark.django_db
def test_the_online_boards_of_a_duplicate_round_draw_the_same_tiles(api_client: Any) -> None:
    round_, games = published(duplicate=True)
    assert round_.seed is not None
    assert [g.seed for g in games] == [round_.seed, round_.seed]
    assert first_racks(games[0]) == first_racks(games[1])
    assert [t for r in first_racks(games[0]) for t in r] == dealt_sequence(round_.seed)[:12]

    # Each board plays its own placements; the refills are still the round's next tiles.
    api_client.force_authenticate(arbiter_of(round_.event))
    for game, choose in zip(games, (first, last), strict=True):
        tablet = Tablet(api_client, game.board_id)
        for _turn in range(3):
            eng = engine_of(game)
            response = tablet.act(choose(eng.legal_placements()))
            assert response.status_code == 201, response.content
    sequences = [drawn_tiles(g) for g in games]
    assert len(sequences[0]) == len(sequences[1]) > 12
    assert sequences[0] == sequences[1] == dealt_sequence(round_.seed)[: len(sequences[0])]
    assert placements(games[0]) != placements(games[1])


@pytest.mark.django_db
def test_a_non_duplicate_events_boards_draw_each_from_its_own_seed() -> None:
    round_, games = published(duplicate=False)
    assert round_.seed is None
    assert games[0].seed != games[1].seed
    assert first_racks(games[0]) != first_racks(games[1])


@pytest.mark.django_db
def test_the_round_seed_is_never_shown_while_the_round_is_played(client: Client) -> None:
    round_, games = published(duplicate=True)
    event = round_.event
    page = client.get(reverse("event-round", args=[event.slug, round_.number]))
    assert page.status_code == 200
    assert str(round_.seed) not in page.content.decode()
    state = client.get(reverse("api-game-state", args=[games[0].board_id]))
    assert state.status_code == 200
    assert str(round_.seed) not in state.content.decode()


def engine_of(game: Game) -> EngineGame:
    """The game's engine as its next seat finds it (the refill the next action deals, dealt)."""
    rows = game.actions.filter(taken_back_by__isnull=True).order_by("index")
    records = [r.payload for r in rows if r.kind in ("place", "swap", "flag", "draw")]
    eng = positions.replay(game.ruleset, game.options, game.players, records, "full")
    dealing.deal(eng, game.seed, turn_over=True, duplicate=records)
    return eng


def drawn_tiles(game: Game) -> list[str]:
    rows = game.actions.filter(kind=GameAction.Kind.DRAW).order_by("index")
    return [t for r in rows for t in r.payload["tiles"]]


def placements(game: Game) -> list[dict[str, Any]]:
    rows = game.actions.filter(kind=GameAction.Kind.PLACE).order_by("index")
    return [r.payload for r in rows]


@pytest.mark.django_db
def test_a_finished_duplicate_boards_racks_wait_for_the_rounds_other_boards(
    client: Client,
) -> None:
    round_, games = published(duplicate=True)
    Game.objects.filter(pk=games[0].pk).update(status=Game.Status.FINISHED)
    url = reverse("game-record-json", args=[games[0].board_id])
    record = client.get(url).json()
    # Board 2 still draws the same tiles: board 1's draws would tell its players what comes.
    assert record["mode"] == "board" and record["actions"] == []
    Game.objects.filter(pk=games[1].pk).update(status=Game.Status.FINISHED)
    record = client.get(url).json()
    assert record["mode"] == "full"
    assert [t for a in record["actions"] for t in a["tiles"]] == drawn_tiles(games[0])
