"""What an arbiter's write costs (issue 29, cheaper requests): the answer is the game as the
write stored it and the log entries it stored, read again from nowhere; a clock event writes the
game's row without the position it left as it was; the live version is bumped with the event's
slug read with the game; with Redis, a tablet's session is read from the cache."""

from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games.models import Game
from tests.counting import reads
from tests.factories import PlayerFactory
from tests.games.factories import board_with_game, scripted_actions
from tournament.effects import live_key

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def game_updates(queries: CaptureQueriesContext) -> list[str]:
    return [
        q["sql"] for q in queries.captured_queries if q["sql"].startswith('UPDATE "games_game"')
    ]


def test_a_placement_answers_from_what_it_stored(table: Any) -> None:
    board, game, arbiter, tablet = table()
    actions = scripted_actions()
    assert tablet.act(actions[0], expected=0).status_code == 201
    with CaptureQueriesContext(connection) as queries:
        response = tablet.act(actions[1], expected=1)
    assert response.status_code == 201, response.content
    assert reads(queries, "games_gameaction") == 0  # the log entry it stored, not read back
    assert reads(queries, "tournament_seat") == 0  # no result: no side has a lowest level
    body = response.json()
    entry = tablet.state()["log"][1]
    assert body["stored"] == [entry]
    assert body["next_index"] == 2 and body["first_lowest"] is None


def test_a_clock_press_writes_the_game_without_its_position(table: Any) -> None:
    board, game, arbiter, tablet = table()
    actions = scripted_actions()
    assert tablet.clock("start").status_code == 200
    assert tablet.act(actions[0]).status_code == 201
    position = Game.objects.get(pk=game.pk).position
    with CaptureQueriesContext(connection) as pressed:
        assert tablet.clock("press").status_code == 200
    (update,) = game_updates(pressed)
    assert '"position" =' not in update and '"remaining_ms" =' in update
    stored = Game.objects.get(pk=game.pk)
    assert stored.position == position and stored.position_length == stored.log_length == 3
    with CaptureQueriesContext(connection) as placed:
        assert tablet.act(actions[1]).status_code == 201
    (update,) = game_updates(placed)
    assert '"position" =' in update
    assert Game.objects.get(pk=game.pk).position["record_length"] == 2


def test_a_write_bumps_the_live_version_without_reading_its_event_again(
    table: Any, django_capture_on_commit_callbacks: Any
) -> None:
    board, game, arbiter, tablet = table()
    slug = board.round.event.slug
    before = cache.get(live_key(slug))
    with (
        CaptureQueriesContext(connection) as queries,
        django_capture_on_commit_callbacks(execute=True) as effects,
    ):
        response = tablet.act(scripted_actions()[0], expected=0)
    assert response.status_code == 201
    assert len(effects) == 1
    assert reads(queries, "tournament_event") == 0  # read with the game, under its lock
    after = cache.get(live_key(slug))
    assert after is not None and after != before and after[0] == board.round.event_id


def test_with_redis_a_signed_in_tablet_reads_its_session_from_the_cache(redis_url: str) -> None:
    board, game, arbiter = board_with_game()
    tablet = APIClient()
    tablet.force_login(arbiter)
    url = f"/api/games/{board.pk}/actions/"
    actions = scripted_actions()
    first = tablet.post(url, {"action": actions[0], "expected_index": 0}, format="json")
    assert first.status_code == 201
    with CaptureQueriesContext(connection) as queries:
        response = tablet.post(url, {"action": actions[1], "expected_index": 1}, format="json")
    assert response.status_code == 201, response.content
    assert reads(queries, "django_session") == 0


def statements(queries: CaptureQueriesContext) -> list[str]:
    """The statements sent, savepoints left out (the test's transaction makes them)."""
    return [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]


def test_a_placement_sends_six_statements_and_names_its_arbiters_player(table: Any) -> None:
    board, game, arbiter, tablet = table()
    PlayerFactory(user=arbiter, name="Ada Arbiter")
    actions = scripted_actions()
    assert tablet.act(actions[0], expected=0).status_code == 201
    tablet.client.force_authenticate(type(arbiter).objects.get(pk=arbiter.pk))  # as a session
    with CaptureQueriesContext(connection) as queries:
        response = tablet.act(actions[1], expected=1)
    assert response.status_code == 201, response.content
    assert response.json()["stored"][0]["user"] == "Ada Arbiter"
    sent = statements(queries)
    # The round with its event, the roles, the game with its board (locked), the log entry,
    # the game's row, the arbiter's player: nothing read twice, the event read once.
    assert len(sent) == 6, sent
    assert reads(queries, "tournament_player") == 1
    assert reads(queries, "tournament_round") == 1
