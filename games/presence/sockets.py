"""A player's socket at their online game (issue 30): ``ws/play/<game_pk>/``.

Opened as the pages are (the session cookie, through the ASGI application's AuthMiddlewareStack,
behind its Origin check), only by a player seated at that game, an online board's, while the game
goes on (games.presence.selectors.player_seat), and no more often than SOCKET_RATE from one
address (tournament/web/rate_limits.py). Refused, it is closed before it opens (REFUSED).

It joins its board's push group (tournament/push.py) and so hears what every page of the board
hears: a kind and a version, never a rack (the page then fetches its own state, which shows its
seat's rack to its seat alone). The page speaks only to say it is still there (``{"type":
"ping"}``, answered ``{"type": "pong"}``); anything else closes the socket (SPOKE).

A second socket of the same player at the same game takes the seat over: the first is told
(the seat's group, ``play-<game>-<seat>``, across every server on the channel layer) and closed
with TAKEN_OVER, which a page does not reconnect from; the takeover is logged (games.presence).
"""

from __future__ import annotations

import json
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.urls import path

from games.presence import services
from games.presence.selectors import PlayerSeat, player_seat
from tournament import push
from tournament.web.rate_limits import hit
from tournament.web.sockets import REFUSED, SPOKE, in_a_worker_thread, scope_address

#: The socket was replaced by a newer one of the same player at the same game (the page that
#: gets it says so and does not reconnect: the other window or device plays on).
TAKEN_OVER = 4409
#: A takeover's message to the seat's group (handled by :meth:`PlayerConsumer.seat_taken`).
TAKEOVER_TYPE = "seat.taken"


def seat_group(seat: PlayerSeat) -> str:
    """The sockets of one seat at one game: at most one stays open."""
    return f"play-{seat.game_pk}-{seat.seat}"


def admitted(scope: dict[str, Any]) -> PlayerSeat | None:
    """The seat this socket is for, or None (refused): over the rate, or not the seat's player."""
    if not hit("socket", scope_address(scope), settings.SOCKET_RATE).allowed:
        return None
    user = scope.get("user") or AnonymousUser()
    return player_seat(user, int(scope["url_route"]["kwargs"]["game_pk"]))


class PlayerConsumer(AsyncWebsocketConsumer):
    seat: PlayerSeat | None = None
    taken_over = False

    async def connect(self) -> None:
        self.seat = await in_a_worker_thread(admitted)(self.scope)
        if self.seat is None:
            await self.close(code=REFUSED)
            return
        # Logged first, while the seat still names the socket this one replaces: the takeover
        # is logged as one, whenever the replaced socket's close comes.
        await in_a_worker_thread(services.connected)(self.seat, self.channel_name, start=False)
        group = seat_group(self.seat)
        # Told before this socket joins its seat's group, so it hears only later takeovers.
        await self.channel_layer.group_send(
            group, {"type": TAKEOVER_TYPE, "channel": self.channel_name}
        )
        await self.channel_layer.group_add(group, self.channel_name)
        await self.channel_layer.group_add(push.board_group(self.seat.board_pk), self.channel_name)
        await self.accept()
        # Once in the board's group: the page hears the clock its connection started.
        await in_a_worker_thread(services.start_on_connection)(self.seat)

    async def disconnect(self, code: int) -> None:
        if self.seat is None:
            return
        await self.channel_layer.group_discard(seat_group(self.seat), self.channel_name)
        await self.channel_layer.group_discard(
            push.board_group(self.seat.board_pk), self.channel_name
        )
        closed = TAKEN_OVER if self.taken_over else code
        await in_a_worker_thread(services.disconnected)(self.seat, self.channel_name, closed)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.seat is not None and _is_ping(text_data):
            await in_a_worker_thread(services.seen)(self.seat, self.channel_name)
            await self.send(text_data=json.dumps({"type": "pong"}))
            return
        await self.close(code=SPOKE)

    async def seat_taken(self, message: dict[str, Any]) -> None:
        """A newer socket of this seat's player opened: this one gives way."""
        if message.get("channel") == self.channel_name:
            return
        self.taken_over = True
        await self.close(code=TAKEN_OVER)

    async def push_changed(self, message: dict[str, Any]) -> None:
        """tournament.push.MESSAGE_TYPE: what changed, and its version; nothing more."""
        await self.send(
            text_data=json.dumps({"kind": message["kind"], "version": message["version"]})
        )


def _is_ping(text: str | None) -> bool:
    try:
        said = json.loads(text or "")
    except ValueError:
        return False
    return isinstance(said, dict) and said == {"type": "ping"}


websocket_urlpatterns = [
    path("ws/play/<int:game_pk>/", PlayerConsumer.as_asgi()),
]
