"""Rendered live fragments, cached per event until something public changes.

Every write that spectators can see (a game's action or clock event, a result, a published
round) bumps the event's live version after commit (tournament.effects). A fragment is cached
under the version that was current before it was computed, so a render that raced a commit is
never served afterwards.
Clock readings inside a cached fragment carry the server time they refer to, so the browser's
countdown stays right however old the fragment is.
"""

import gzip
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from django.core.cache import cache
from django.utils.translation import get_language

from tournament.effects import live_key
from tournament.web.page_cache import forget_window, live_entry, spectators_entry, standings_entry

FRAGMENT_SECONDS = 10 * 60


@dataclass(frozen=True)
class Live:
    """An event's identity and live version, as one poll reads them in one cache round trip."""

    event_id: int
    version: str


def current(
    slug: str,
    lookup: Callable[[], int | None] | None = None,
    *,
    spectator: bool = False,
    pushed: str = "",
) -> Live | None:
    """The event behind `slug` and its live version; None when there is no such event.
    ``spectator``: an anonymous reader's, which may be a window old unless it is the version
    ``pushed`` to the reader's page (tournament.web.page_cache.spectators_entry)."""
    entry = spectators_entry(slug, lookup, pushed) if spectator else live_entry(slug, lookup)
    return None if entry is None else Live(event_id=entry[0], version=entry[1])


def standings(slug: str, lookup: Callable[[], int | None] | None = None) -> Live | None:
    """The event behind `slug` and its standings version (for what changes with results and
    names, not with moves: tournament.web.page_cache.standings_version)."""
    entry = standings_entry(slug, lookup)
    return None if entry is None else Live(event_id=entry[0], version=entry[1])


def forget(slug: str) -> None:
    """Drop the slug's cached event: it was deleted (and maybe made again) since."""
    cache.delete(live_key(slug))
    forget_window(slug)


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


def board_parts(
    states: list[tuple[int, str]], render: Callable[[list[int]], dict[int, str]]
) -> list[str]:
    """Each board's part of the live boards, in the order of ``states`` ((board id, what the
    part shows changes with): scoring.live.selectors.board_states), in the reader's language:
    those cached under their state as they are, the others rendered by ``render`` (their ids)
    and kept. A move, or a result, then renders its own board's part again, not the round's."""
    language = get_language()
    keys = {pk: f"live:board:v1:{pk}:{language}:{state}" for pk, state in states}
    found: dict[str, str] = cache.get_many(list(keys.values()))
    missing = [pk for pk, key in keys.items() if key not in found]
    if missing:
        rendered = {keys[pk]: html for pk, html in render(missing).items()}
        cache.set_many(rendered, FRAGMENT_SECONDS)
        found.update(rendered)
    return [found[keys[pk]] for pk, _ in states if keys[pk] in found]


def fragment(live: Live, name: str, render: Callable[[], str]) -> Fragment:
    """The event's fragment `name` as of its live version, in the reader's language, rendered
    on a miss."""
    language = get_language()
    key = f"live:v3:{live.event_id}:{name}:{language}:{live.version}"
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
        html=html,
        etag=f'"{live.version}-{name}-{language}"',
        gzipped=gzip.compress(html.encode(), 6, mtime=0),
    )
    with _served_lock:
        _SERVED[key] = served
        while len(_SERVED) > _SERVED_MAX:
            _SERVED.popitem(last=False)
    return served
