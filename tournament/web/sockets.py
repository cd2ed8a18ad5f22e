"""The pages' websockets (/ws/, docs/push.md): a socket joins one group of tournament/push.py
and hears what changed there (a kind and a version), nothing else; the page then fetches the
fragment it polls for. A socket only listens: one that speaks is closed.

Who may join is decided once, at the handshake, as the pages decide who may see them: an
event's and a published board's groups are open to everyone (every event is public); a draft
and a board of a round not yet published, only to the event's directors. Refused, or over
SOCKET_RATE for its address, a socket is closed before it opens (the page keeps polling).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.urls import path, re_path

from tournament import push
from tournament.models.events import Board, Event
from tournament.permissions import is_director
from tournament.web.rate_limits import client_address, hit

T = TypeVar("T")

#: A socket closed by the server for a reason of its own (refused, or it spoke): the page polls.
REFUSED = 4403
SPOKE = 4400


def in_a_worker_thread(func: Callable[..., T]) -> Callable[..., Awaitable[T]]:
    """``func`` (database work of one socket) run in the server's thread pool, not in the one
    thread that channels' default shares across every socket: a crowd's handshakes (a round's
    players opening their games at once) then wait on each other's queries in parallel, not in
    one queue that outlasts daphne's handshake timeout. Each call closes or keeps its thread's
    connection by CONN_MAX_AGE, as a request does."""
    return database_sync_to_async(func, thread_sensitive=False)


def scope_address(scope: dict[str, Any]) -> str:
    """The client's address as tournament.web.rate_limits reads a request's."""
    request = HttpRequest()
    client = scope.get("client") or ("", 0)
    request.META["REMOTE_ADDR"] = client[0]
    for name, value in scope.get("headers", []):
        if name == b"x-forwarded-for":
            request.META["HTTP_X_FORWARDED_FOR"] = value.decode("latin-1")
    return client_address(request)


def group_of(kind: str, scope: dict[str, Any]) -> str | None:
    """The group this socket may join, or None: no such event, board or round, or not for this
    user, or too many sockets from this address."""
    if kind not in ("event", "board", "draft"):
        return None
    if not hit("socket", scope_address(scope), settings.SOCKET_RATE).allowed:
        return None
    user = scope.get("user") or AnonymousUser()
    kwargs = scope["url_route"]["kwargs"]
    if kind == "board":
        board = Board.objects.select_related("round__event").filter(pk=kwargs["board_pk"]).first()
        if board is None:
            return None
        if not board.round.is_public and not is_director(user, board.round.event):
            return None
        return push.board_group(board.pk)
    event = Event.objects.filter(slug=kwargs["slug"]).first()
    if event is None:
        return None
    if kind == "event":
        return push.event_group(event.pk)
    if kind == "draft" and is_director(user, event):
        return push.draft_group(event.pk, kwargs["number"])
    return None


class PushConsumer(AsyncWebsocketConsumer):
    """One page's socket in one group (``kind``: event, board or draft)."""

    kind = ""
    group: str | None = None

    def __init__(self, *args: Any, kind: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind  # as_asgi(kind=...): the consumers of channels keep no such keyword

    async def connect(self) -> None:
        self.group = await in_a_worker_thread(group_of)(self.kind, self.scope)
        if self.group is None:
            await self.close(code=REFUSED)
            return
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.close(code=SPOKE)

    async def push_changed(self, message: dict[str, Any]) -> None:
        """tournament.push.MESSAGE_TYPE: what changed, and its version; nothing more."""
        await self.send(
            text_data=json.dumps({"kind": message["kind"], "version": message["version"]})
        )


websocket_urlpatterns = [
    path("ws/events/<slug:slug>/live/", PushConsumer.as_asgi(kind="event")),
    path("ws/events/<slug:slug>/rounds/<int:number>/draft/", PushConsumer.as_asgi(kind="draft")),
    path("ws/boards/<int:board_pk>/", PushConsumer.as_asgi(kind="board")),
    # Any other socket is refused like a stranger's, not left to fail in the router.
    re_path(r"^ws/", PushConsumer.as_asgi(kind="")),
]
