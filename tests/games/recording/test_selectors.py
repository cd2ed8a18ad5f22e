"""What other pages read: the live summary of a round, the event's records, the API schema."""

import datetime as dt
import io
from typing import Any

import pytest
import time_machine
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.clocks.services import press_clock, start_clock
from games.engine.randomgame import random_game
from games.models import Game, GameAction
from games.recording import positions, selectors
from games.recording.services import record_action, record_actions
from games.recording.setup import create_games_for_round, game_for_board
from tests.factories import BoardFactory, EntryFactory
from tests.games.factories import board_with_game, fresh
from tests.result_calls import lowest

pytestmark = pytest.mark.usefixtures("tasks_in_process")

T0 = dt.datetime(2026, 8, 20, 10, 0, 0, tzinfo=dt.UTC)


def round_with_games(boards: int) -> tuple[Any, list[Game], Any]:
    board, game, arbiter = board_with_game()
    games = [game]
    for number in range(2, boards + 1):
        extra = BoardFactory(
            round=board.round,
            number=number,
            sides=[EntryFactory(event=board.round.event), EntryFactory(event=board.round.event)],
        )
        games.append(game_for_board(extra))
    return board.round, games, arbiter


@pytest.mark.django_db
@pytest.mark.parametrize("boards", [2, 6])
def test_the_live_summary_takes_the_same_queries_however_many_boards(boards: int) -> None:
    round_, games, arbiter = round_with_games(boards)
    with time_machine.travel(T0, tick=False) as clock:
        for game in games:
            start_clock(game=game, user=arbiter, expected_index=0)
            record_action(
                game=game,
                user=arbiter,
                expected_index=1,
                action={"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]},
            )
        clock.shift(30)
        with CaptureQueriesContext(connection) as queries:
            summary = selectors.live_summary_for_round(round_)
        assert len(queries) == 1
    assert len(summary) == boards
    entry = summary[games[0].board_id]
    assert entry["status"] == "playing" and entry["moves"] == 1
    assert entry["clock"]["readings_ms"] == [570_000, 600_000]
    assert entry["clock"]["server_ms"] == int(T0.timestamp() * 1000) + 30_000
    assert entry["scores"][0][0] == 1  # red: C9 touches the red start symbol


@pytest.mark.django_db
def test_the_live_summary_shows_a_fallen_flag_and_writes_nothing() -> None:
    round_, games, arbiter = round_with_games(1)
    with time_machine.travel(T0, tick=False) as clock:
        start_clock(game=games[0], user=arbiter, expected_index=0)
        clock.shift(601)
        with CaptureQueriesContext(connection) as queries:
            summary = selectors.live_summary_for_round(round_)
    assert len(queries) == 1  # one read, no write
    clock_state = summary[games[0].board_id]["clock"]
    assert clock_state["flag_fallen"] == 0 and clock_state["readings_ms"] == [0, 600_000]
    assert not GameAction.objects.filter(game=games[0], kind="flag").exists()


@pytest.mark.django_db
def test_the_events_records_for_the_zip_export() -> None:
    board, game, arbiter = board_with_game()
    actions = positions.board_mode_actions(random_game("mso", "full", seed=3))
    record_actions(game=game, user=arbiter, expected_index=0, actions=actions)
    records = selectors.game_records_for_event(board.round.event)
    assert len(records) == 1
    got_board, record = records[0]
    assert got_board == board
    assert record.actions == actions
    assert record.to_json()["event"] == board.round.event.name


@pytest.mark.django_db
def test_create_games_for_round_is_idempotent_and_takes_the_events_settings() -> None:
    board, _game, _arbiter = board_with_game(clock_minutes=15, ruleset="standard")
    first = create_games_for_round(board.round)
    again = create_games_for_round(board.round)
    assert [g.pk for g in first] == [g.pk for g in again]
    game = fresh(first[0])
    assert game.ruleset == "standard" and game.clock_ms == 15 * 60_000
    assert game.options == {"flag_allowed": True}  # the site's clock must be able to flag
    assert game.players == [board.sides[0].player.name, board.sides[1].player.name]


@pytest.mark.django_db
def test_the_games_api_is_in_the_openapi_schema(client: Any) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    for path in (
        "/api/games/{board_pk}/",
        "/api/games/{board_pk}/actions/",
        "/api/games/{board_pk}/clock/",
        "/api/games/{board_pk}/takeback/",
        "/api/games/{board_pk}/import/",
        "/api/games/{board_pk}/record/",
        "/api/games/{board_pk}/record/text/",
        "/api/games/{board_pk}/preview/",
    ):
        assert path in schema["paths"], path


@pytest.mark.django_db
def test_seed_demo_adds_a_finished_game_and_one_in_progress() -> None:
    call_command("seed_demo", stdout=io.StringIO())
    games = list(
        Game.objects.filter(board__round__event__slug="mso-ingenious-open-demo").order_by(
            "board__number"
        )
    )
    finished = [g for g in games if g.status == Game.Status.FINISHED]
    live = [g for g in games if g.status == Game.Status.PLAYING]
    assert len(finished) == 1 and len(live) == 1
    assert finished[0].board.result and lowest(finished[0].board)[0] is not None
    assert live[0].clock_running and live[0].clock_seat is not None
    counts = [g.log_length for g in games]
    call_command("seed_demo", stdout=io.StringIO())
    assert [fresh(g).log_length for g in games] == counts


@pytest.mark.django_db
def test_every_game_write_refreshes_the_spectators_live_pages(
    django_capture_on_commit_callbacks: Any,
) -> None:
    from django.core.cache import cache

    from scoring.live.cache import live_key

    board, game, arbiter = board_with_game()
    key = live_key(board.round.event.slug)
    versions = set()
    for write in (
        lambda: start_clock(game=fresh(game), user=arbiter, expected_index=0),
        lambda: record_action(
            game=fresh(game),
            user=arbiter,
            expected_index=1,
            action={"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]},
        ),
        lambda: press_clock(game=fresh(game), user=arbiter, expected_index=2),
    ):
        with django_capture_on_commit_callbacks(execute=True):
            write()
        versions.add(cache.get(key))
    assert None not in versions and len(versions) == 3


@pytest.mark.django_db
def test_reading_a_game_whose_flag_fell_writes_nothing(client: Any) -> None:
    round_, games, arbiter = round_with_games(1)
    game = games[0]
    board_pk = game.board_id
    with time_machine.travel(T0, tick=False) as clock:
        start_clock(game=game, user=arbiter, expected_index=0)
        clock.shift(601)
        client.force_login(arbiter)
        pages = [
            f"/api/games/{board_pk}/",
            f"/games/board/{board_pk}/",
            f"/games/board/{board_pk}/live/",
            f"/games/board/{board_pk}/view/",
            f"/events/{round_.event.slug}/live/",
        ]
        with CaptureQueriesContext(connection) as queries:
            for url in pages:
                assert client.get(url).status_code == 200, url
        writes = [
            q["sql"]
            for q in queries.captured_queries
            if q["sql"].lstrip().split()[0].upper() in {"INSERT", "UPDATE", "DELETE"}
            and "django_session" not in q["sql"]
        ]
        assert writes == []
        state = client.get(f"/api/games/{board_pk}/?log=0").json()
    assert state["clock"]["flag_fallen"] == 0
    assert not GameAction.objects.filter(game=game, kind="flag").exists()


@pytest.mark.django_db
def test_a_boards_game_is_read_with_its_seats_and_who_sits_there_in_two_queries() -> None:
    """Every board page and live part reads it: the seats with their entries and players in
    one query (it was three, a prefetch per step), the partner's name too."""
    board, _, _ = board_with_game()
    with CaptureQueriesContext(connection) as queries:
        game = selectors.game_at_board(board.pk)
        assert game is not None
        names = [seat.player.name for seat in game.board.seats.all()]
        assert game.board.round.event.slug
    assert names == [seat.entry.player.name for seat in board.seats.order_by("number")]
    assert len(queries) == 2, [q["sql"] for q in queries]
    with CaptureQueriesContext(connection) as queries:
        found = selectors.board_with_event(board.pk)
        assert found is not None
        assert [seat.player.name for seat in found.seats.all()] == names
    assert len(queries) == 2, [q["sql"] for q in queries]
