"""Rendered live fragments, cached per event until something public changes.

Every write that spectators can see (a game's action or clock event, a result, a published
round) bumps the event's live version after commit. A fragment is cached under the version that
was current before it was computed, so a render that raced a commit is never served afterwards.
Clock readings inside a cached fragment carry the server time they refer to, so the browser's
countdown stays right however old the fragment is.
"""

import gzip
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction

FRAGMENT_SECONDS = 10 * 60
SLUG_SECONDS = 60 * 60


def version_key(event_id: int) -> str:
    return f"live:v1:{event_id}:version"


def bump(event_id: int) -> None:
    """New fragments from now on (call it once the change has committed)."""
    cache.set(version_key(event_id), uuid.uuid4().hex, None)


def live_changed(event_id: int) -> None:
    """Something spectators see has changed: new fragments after the change commits."""
    transaction.on_commit(lambda: bump(event_id))


def event_id_for_slug(slug: str, lookup: Callable[[], int | None]) -> int | None:
    key = f"live:v1:slug:{slug}"
    event_id = cache.get(key)
    if event_id is None:
        event_id = lookup()
        if event_id is not None:
            cache.set(key, event_id, SLUG_SECONDS)
    return event_id


@dataclass(frozen=True)
class Fragment:
    """One rendered fragment of one live version: its HTML, ETag and gzip bytes."""

    html: str
    etag: str
    gzipped: bytes


# Rendered fragments this process has served, by versioned key. A key's content never changes
# (a new version makes a new key), so serving from here is as fresh as serving from Redis, and
# it spares every poll a transfer of the whole fragment from Redis and a recompression.
_SERVED: OrderedDict[str, Fragment] = OrderedDict()
_SERVED_MAX = 64
_served_lock = threading.Lock()


def _current_version(event_id: int) -> str:
    version = cache.get(version_key(event_id))
    if version is None:
        version = uuid.uuid4().hex
        if not cache.add(version_key(event_id), version, None):
            version = cache.get(version_key(event_id))
    return version


def fragment(event_id: int, name: str, render: Callable[[], str]) -> Fragment:
    """The event's fragment `name` as of its current live version, rendered on a miss."""
    version = _current_version(event_id)
    key = f"live:v1:{event_id}:{name}:{version}"
    with _served_lock:
        served = _SERVED.get(key)
        if served is not None:
            _SERVED.move_to_end(key)
            return served
    html = cache.get(key)
    if html is None:
        html = render()
        cache.set(key, html, FRAGMENT_SECONDS)
    served = Fragment(
        html=html, etag=f'"{version}-{name}"', gzipped=gzip.compress(html.encode(), 6, mtime=0)
    )
    with _served_lock:
        _SERVED[key] = served
        while len(_SERVED) > _SERVED_MAX:
            _SERVED.popitem(last=False)
    return served
