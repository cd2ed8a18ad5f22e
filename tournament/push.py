"""Push (issue 30, 29): the groups a change is announced to, and the one way to announce it.

A message says only what changed and its new version (``{"kind": "live", "version": ...}``),
never a rack, a hand or anything else a page does not show to everyone in its group: the page
then fetches the fragment it already polls for (the page cache makes that cheap). Only
tournament.effects sends, after the commit; a channel layer that is down costs a page its push
(it still polls), never the write.

The group kinds (and who may join each: tournament/web/sockets.py):

- ``event-<id>``: an event's live pages (``live``: the boards and anything they show changed;
  ``standings``: the standings' generation is new). Open to everyone: every event is public.
- ``board-<id>``: one board's game page (``board``: its game or result changed). Open to
  everyone once its round is published; before, to the event's directors.
- ``draft-<event id>-<number>``: a round before its publication (``draft``: opened, its
  pairing's progress, its draft made or changed). Only the event's directors.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor

import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

logger = logging.getLogger(__name__)

#: The one message type every push consumer handles (tournament/web/sockets.py).
MESSAGE_TYPE = "push.changed"
#: The layer production runs on (settings.CHANNEL_LAYERS, with REDIS_URL).
PUBSUB_LAYER = "channels_redis.pubsub.RedisPubSubChannelLayer"


#: (group, kind, version) of each push of one change.
Messages = list[tuple[str, str, str]]


def event_group(event_id: int) -> str:
    return f"event-{event_id}"


def board_group(board_id: int) -> str:
    return f"board-{board_id}"


def draft_group(event_id: int, number: int) -> str:
    return f"draft-{event_id}-{number}"


def send(messages: Messages) -> bool:
    """Tell each group's sockets that ``kind`` changed to ``version`` (``messages``: group,
    kind, version), all in one event loop, so one change costs one connection to the layer
    however many groups it tells. False (and a warning in the log) when the channel layer
    cannot take them: the pages they would have told still poll."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return False

    async def send_all() -> None:
        for group, kind, version in messages:
            await layer.group_send(group, {"type": MESSAGE_TYPE, "kind": kind, "version": version})

    try:
        if settings.CHANNEL_LAYERS["default"]["BACKEND"] == PUBSUB_LAYER:
            _publish(layer.serialize, messages)
        else:
            _wait_for(send_all)
    except Exception:  # any failure of the layer (Redis down, a timeout): the write stands
        told = ", ".join(f"{group} ({kind})" for group, kind, _ in messages)
        logger.warning("push to %s failed", told, exc_info=True)
        return False
    return True


def _wait_for(send: Callable[[], Awaitable[None]]) -> None:
    """``send()`` to its end, from sync code. A commit runs its effects in a thread without
    an event loop (a request's, a worker's); one with a loop of its own (a test that drives a
    browser holds one) cannot wait on a coroutine, so the send runs in a thread of its own."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        async_to_sync(send)()
        return
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(async_to_sync(send)).result()


@functools.cache
def _redis(url: str) -> redis.Redis:
    return redis.Redis.from_url(url)


def _publish(serialize: Callable[[dict[str, str]], bytes], messages: Messages) -> None:
    """What the pub/sub layer's ``group_send`` does (a PUBLISH on the group's channel, named as
    channels_redis names it), from sync code: a write's thread has no event loop, and making
    one (``async_to_sync``) and a connection for it cost a write ~4 ms (bench/request_costs.py).
    tests/tournament/push/test_two_servers.py holds this to what the servers' sockets hear."""
    config = settings.CHANNEL_LAYERS["default"]["CONFIG"]
    prefix = config.get("prefix", "asgi")
    with _redis(config["hosts"][0]).pipeline(transaction=False) as pipe:
        for group, kind, version in messages:
            message = {"type": MESSAGE_TYPE, "kind": kind, "version": version}
            pipe.publish(f"{prefix}__group__{group}", serialize(message))
        pipe.execute()
