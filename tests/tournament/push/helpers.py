"""A page's socket in a test: the site's ASGI application through channels' communicator."""

from __future__ import annotations

import json
from typing import Any

from channels.testing import WebsocketCommunicator
from django.test import Client

from games.clocks.services import start_clock
from games.models import Game
from games.recording.services import record_action
from tests.games.factories import fresh, scripted_actions
from tournament.asgi import application


def session_cookie(user: Any) -> tuple[bytes, bytes]:
    """The cookie a signed-in browser sends: a session of ``user``'s."""
    client = Client()
    client.force_login(user)
    return (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())


def socket(path: str, user: Any = None, origin: bytes | None = b"http://testserver") -> Any:
    headers = [] if origin is None else [(b"origin", origin)]
    if user is not None:
        headers.append(session_cookie(user))
    return WebsocketCommunicator(application, path, headers=headers)


async def heard(communicator: Any, timeout: float = 2) -> dict[str, Any]:
    return dict(json.loads(await communicator.receive_from(timeout=timeout)))


def a_move(game: Game, arbiter: Any) -> Game:
    """The clock started and the first placement of a scripted game, as an arbiter records it."""
    start_clock(game=game, user=arbiter, expected_index=0)
    game = fresh(game)
    action = scripted_actions(seed=1)[0]
    record_action(game=game, user=arbiter, expected_index=game.log_length, action=action)
    return fresh(game)
