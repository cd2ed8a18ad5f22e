"""Issue 30: the site runs as several ASGI servers on one channel layer (Redis): a page's socket
held by one server hears the move an arbiter's tablet makes through another. Two real daphne
processes, real HTTP and websockets; Redis and a database both can open (PostgreSQL in CI)."""

import json
from pathlib import Path

import pytest
import websocket
from django.urls import reverse
from rest_framework.authtoken.models import Token

from tests.games.factories import board_with_game, scripted_actions
from tests.tournament.push.servers import daphne, fresh_slug, post


@pytest.mark.django_db(transaction=True)
def test_a_move_made_through_one_server_reaches_a_socket_held_by_another(
    redis_url: str, worker_database_url: str, tmp_path: Path
) -> None:
    board, _game, arbiter = board_with_game(slug=fresh_slug())
    token = Token.objects.create(user=arbiter).key
    slug = board.round.event.slug
    with (
        daphne(worker_database_url, redis_url, tmp_path / "one.log") as one,
        daphne(worker_database_url, redis_url, tmp_path / "two.log") as two,
    ):
        host = one.removeprefix("http://")
        live = websocket.create_connection(
            f"ws://{host}/ws/events/{slug}/live/", origin=one, timeout=10
        )
        own = websocket.create_connection(
            f"ws://{host}/ws/boards/{board.pk}/", origin=one, timeout=10
        )
        try:
            clock = reverse("api-game-clock", args=[board.pk])
            assert post(two, clock, token, {"operation": "start", "expected_index": 0}) == 200
            assert [json.loads(live.recv())["kind"], json.loads(own.recv())["kind"]] == [
                "live",
                "board",
            ]
            action = scripted_actions(seed=1)[0]
            actions = reverse("api-game-actions", args=[board.pk])
            assert post(two, actions, token, {"action": action, "expected_index": 1}) in (200, 201)
            told = json.loads(live.recv())
            assert set(told) == {"kind", "version"} and told["kind"] == "live"
            assert json.loads(own.recv())["kind"] == "board"
        finally:
            live.close()
            own.close()
