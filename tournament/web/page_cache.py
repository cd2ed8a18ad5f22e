"""Public pages rendered once per change, then served from the cache with an ETag and gzip.

A page is cached under the version the write path already bumps after commit
(tournament.effects: an event's live version, its standings generation), read *before* the page
is rendered, so a render that raced a commit lands under a version nobody asks for again. The
key also holds everything else the page varies on: its path and the query parameters it
declares (``cached_page(version, params=(...))``; any others, ``?utm=...`` or ``?fbclid=...``,
are dropped before the page is rendered, so three hundred junk query strings are one entry and
no page reflects them), the language (``get_language()``, set per request by LocaleMiddleware)
and whether htmx asked for a partial (``HX-Request``). Only the anonymous rendering is
cached: a signed-in user sees their name, a log-out form and, for staff, controls, so their
pages are rendered every time as before.

The spectators' window: an event whose twenty games move every second has a new live version
every second, and each would be a render for the one or two spectators who ask before the next.
An anonymous GET is therefore served the live version pinned when the current window began
(``SPECTATOR_STALE_SECONDS``, 1 s by default; :func:`spectators_entry`): a spectator may be up
to one window behind, and every spectator's request in the window shares one render. Signed-in
users (arbiters, directors, players) read the current version, and their renderings are never
cached here, so neither sees the other's.

Shared caches (a CDN): the anonymous answer is the same for every visitor, so it says
``public`` and ``s-maxage``: a CDN answers a page's requests for a couple of seconds from one
fetch, then revalidates it with the ETag (a 304 from here). Every other answer (a signed-in
user's, one that carries the CSRF token or sets a cookie, an error) is ``private``: for the
browser alone, asked about again each time (``cache_headers``; the middleware
``SharedCacheGuardMiddleware`` has the last word). An anonymous render may read a replica of the
database (tournament/web/replica.py): each version it is keyed on is required of the replica
before the data it stands for is read.

Compression and BREACH: a page is stored gzipped next to its plain bytes (compression is paid
once per change) and served gzipped to clients that accept it. BREACH recovers a secret from
the size of a compressed page that also reflects attacker-chosen text, so a page whose
rendering used the CSRF token (``get_token`` marks the request) is neither cached nor
compressed; public pages are built not to need the token (the language switch is exempt, see
tournament/urls.py), and a test guards it.

The module lives on the lowest floor so that the tournament's, the games' and the scoring
pages can all use it; it is built from Django's pieces (the cache framework, parse_etags,
patch_vary_headers, compress_string) rather than its per-URL cache middleware, which could not
key on the write path's versions.
"""

from __future__ import annotations

import hashlib
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from functools import wraps
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified, QueryDict
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags
from django.utils.text import compress_string
from django.utils.translation import get_language

from tournament.effects import LIVE_SECONDS, live_key, standings_generation_key
from tournament.web.replica import new_token, public_reads, require

if TYPE_CHECKING:
    pass

PAGE_SECONDS = 10 * 60
# The headers every cacheable page varies on (the language comes from the cookie or
# Accept-Language; LocaleMiddleware and the session add those to Vary themselves). A poll's
# answer depends on the version it holds (204 or the part): a CDN keeps the two apart.
VARY = (
    "Accept-Encoding",
    "HX-Request",
    "Cookie",
    "Accept-Language",
    "X-Held-Version",
    "X-Pushed-Version",
)
# An anonymous answer, the same for everyone: a shared cache (a CDN) may serve it this long
# without asking, and a whole page this much longer while it asks again in the background. A
# browser keeps a page as long, and asks about an htmx part (a poll) every time: served stale,
# a poll would show each change one poll late.
SHARED_SECONDS = 2
STALE_SECONDS = 10
_ACCEPTS_GZIP = re.compile(r"\bgzip\b")

View = Callable[..., HttpResponse]
Version = Callable[..., "str | None"]


@dataclass(frozen=True)
class Page:
    """One rendered page of one version: plain and gzipped bytes and their validator."""

    content_type: str
    body: bytes
    gzipped: bytes | None  # None when compression would not make it smaller
    etag: str  # strong: the page's key, which holds its version

    @property
    def gzip_etag(self) -> str:
        # Another representation (content coding) of the same page needs its own strong tag.
        return self.etag[:-1] + '-gz"'


# Pages this process has served, by versioned key, with when they were rendered. A key's page
# never changes (a new version makes a new key), so serving from here is as fresh as from
# Redis, and it spares each request the transfer of a whole page out of Redis. Kept no longer
# than in Redis: a change made outside the services (the shell, the admin) shows within that.
_SERVED: OrderedDict[str, tuple[float, Page]] = OrderedDict()
_SERVED_MAX = 128
_served_lock = threading.Lock()


def _remember(key: str, page: Page, rendered: float) -> None:
    with _served_lock:
        _SERVED[key] = (rendered, page)
        _SERVED.move_to_end(key)
        while len(_SERVED) > _SERVED_MAX:
            _SERVED.popitem(last=False)


def _recall(key: str) -> Page | None:
    with _served_lock:
        found = _SERVED.get(key)
        if found is None:
            return None
        if time.monotonic() - found[0] > PAGE_SECONDS:
            del _SERVED[key]
            return None
        _SERVED.move_to_end(key)
        return found[1]


# ---------------------------------------------------------------- versions


def _event_id(slug: str) -> int | None:
    from tournament.models.events import Event

    return Event.objects.filter(slug=slug).values_list("pk", flat=True).first()


def live_entry(slug: str, lookup: Callable[[], int | None] | None = None) -> tuple[int, str] | None:
    """The event behind ``slug`` and its live version (made on a miss); None: no such event.
    ``lookup`` finds the event's id on a miss (by default, by its slug)."""
    found = cache.get(live_key(slug))
    if found is None:
        event_id = lookup() if lookup is not None else _event_id(slug)
        if event_id is None:
            return None
        # add, not set: a bump that committed meanwhile keeps its newer version.
        cache.add(live_key(slug), (event_id, new_token()), LIVE_SECONDS)
        found = cache.get(live_key(slug)) or (event_id, new_token())
    event_id, version = found
    require(version)
    return int(event_id), str(version)


# ---------------------------------------------------------------- the spectators' window

# (slug, window) -> the event's id and the live version pinned for that window, in this
# process: within a window no spectator's request reads the version from Redis.
_PINNED: dict[tuple[str, int], tuple[int, str]] = {}
_PINNED_MAX = 10_000


def _window_key(slug: str, window: int) -> str:
    return f"page:v1:window:{slug}:{window}"


def _window_now() -> tuple[float, int] | None:
    """The window's length and number now; None when spectators are served no stale version."""
    seconds = float(settings.SPECTATOR_STALE_SECONDS)
    if seconds <= 0:
        return None
    return seconds, int(time.time() // seconds)


def spectators_entry(
    slug: str, lookup: Callable[[], int | None] | None = None, pushed: str = ""
) -> tuple[int, str] | None:
    """``live_entry`` as an anonymous spectator is served it: the live version of the moment the
    current window (``SPECTATOR_STALE_SECONDS`` long, aligned on the clock, the same in every
    process) was first asked about. With twenty games in play an event's version moves about
    once a second, and each version would be a render of the live boards, the board pages and
    the live page for the one or two spectators who ask before the next move; pinned, the
    window's requests share one render of each. The version pinned was read after the window
    began, so a spectator's copy is at most one window behind (the staleness bound); the next
    window's pin is read later, so a spectator never goes back to an older version. Signed-in
    users (arbiters, directors, seated players) never read this: they get ``live_entry``.

    ``pushed``: the version a page's socket announced (:func:`pushed_version`). When it is the
    current one, the spectator gets it at once: the window's pin may predate it, and no later
    message would tell the page again. A version nobody pushed gets the pin."""
    now = _window_now()
    if now is None:
        return live_entry(slug, lookup)
    pinned = _pinned(slug, lookup, now)
    if pinned is not None and pushed and pushed != pinned[1]:
        current = live_entry(slug, lookup)
        if current is not None and current[1] == pushed:
            return current
    return pinned


def _pinned(
    slug: str, lookup: Callable[[], int | None] | None, now: tuple[float, int]
) -> tuple[int, str] | None:
    """The live entry pinned for the window ``now`` (pinned here when it is the first ask)."""
    seconds, window = now
    pinned = _PINNED.get((slug, window))
    if pinned is None:
        key = _window_key(slug, window)
        stored = cache.get(key)
        if stored is None:
            entry = live_entry(slug, lookup)
            if entry is None:
                return None
            # add: the first process to ask pins the window for all of them.
            cache.add(key, entry, max(1, int(2 * seconds) + 1))
            stored = cache.get(key) or entry
        pinned = (int(stored[0]), str(stored[1]))
        if len(_PINNED) > _PINNED_MAX:
            _PINNED.clear()
        _PINNED[(slug, window)] = pinned
    require(pinned[1])
    return pinned


def forget_window(slug: str) -> None:
    """Drop the slug's pinned version of this window (its event was deleted, and maybe made
    again, since it was pinned)."""
    now = _window_now()
    if now is not None:
        _PINNED.pop((slug, now[1]), None)
        cache.delete(_window_key(slug, now[1]))


def live_entry_for(
    request: HttpRequest, slug: str, lookup: Callable[[], int | None] | None = None
) -> tuple[int, str] | None:
    """The live entry ``request`` is served: an anonymous GET's may be a window old
    (:func:`spectators_entry`), anyone else's is the current one."""
    if anonymous_get(request):
        return spectators_entry(slug, lookup, pushed_version(request))
    return live_entry(slug, lookup)


def live_version(request: HttpRequest, slug: str, **kwargs: Any) -> str | None:
    """Pages that change with anything spectators see (a move, a clock, a result, a round).
    Read once a request: a poll asks for it, then the page it answers with (each read before
    the data it stands for, so the first read serves both). An anonymous GET gets the
    spectators' window's version (:func:`spectators_entry`)."""
    read: dict[str, str | None] = vars(request).setdefault("_live_versions", {})
    if slug not in read:
        entry = live_entry_for(request, slug)
        read[slug] = None if entry is None else f"l{entry[1]}"
    return read[slug]


def stored_token(key: str) -> str:
    """The version stored under ``key``; one is started when there is none (never changed
    yet, or the cache was emptied) for the next effect to replace, rather than key on "none"."""
    found = cache.get(key)
    if found is None:
        cache.add(key, new_token(), None)
        found = cache.get(key) or new_token()
    require(found)
    return str(found)


# slug -> event id as last seen in the slug's live entry: lets one round trip read both the
# live entry and the generation; the live entry read with it confirms the id.
_EVENT_IDS: dict[str, int] = {}


def standings_entry(
    slug: str, lookup: Callable[[], int | None] | None = None
) -> tuple[int, str] | None:
    """The event behind ``slug`` and its standings version (``live_entry``'s, for the pages of
    :func:`standings_version`)."""
    known = _EVENT_IDS.get(slug)
    if known is not None:
        found = cache.get_many([live_key(slug), standings_generation_key(known)])
        entry = found.get(live_key(slug))
        generation = found.get(standings_generation_key(known))
        if entry is not None and entry[0] == known and generation is not None:
            require(generation)
            return known, f"g{generation}"
    live = live_entry(slug, lookup)
    if live is None:
        return None
    _EVENT_IDS[slug] = live[0]
    return live[0], standings_generation(live[0])


def standings_generation(event_id: int) -> str:
    """The event's standings version (results, entries, rounds and the players' names)."""
    return f"g{stored_token(standings_generation_key(event_id))}"


def standings_version(request: HttpRequest, slug: str, **kwargs: Any) -> str | None:
    """Pages that change only with results, entries and rounds (results_changed), not moves."""
    entry = standings_entry(slug)
    return None if entry is None else entry[1]


def _board_key(board_pk: int) -> str:
    return f"page:v1:board-event:{board_pk}"


# board -> its event's slug, in this process too: a board never changes event.
_BOARD_SLUGS: dict[int, str] = {}


def board_version(request: HttpRequest, board_pk: int, **kwargs: Any) -> str | None:
    """A board's pages follow its event's live version (a board never changes event)."""
    slug = _BOARD_SLUGS.get(board_pk) or cache.get(_board_key(board_pk))
    if slug is None:
        from tournament.models.events import Board

        boards = Board.objects.filter(pk=board_pk)
        slug = boards.values_list("round__event__slug", flat=True).first()
        if slug is None:
            return None
        cache.set(_board_key(board_pk), slug, None)
    if len(_BOARD_SLUGS) > 100_000:
        _BOARD_SLUGS.clear()
    _BOARD_SLUGS[board_pk] = slug
    return live_version(request, slug)


# ---------------------------------------------------------------- serving


def anonymous_get(request: HttpRequest) -> bool:
    """Whether the request gets the answer every anonymous visitor gets: a GET without a
    signed-in user or a message waiting for this visitor."""
    if request.method != "GET":
        return False
    cookies = request.COOKIES
    if settings.SESSION_COOKIE_NAME not in cookies and "messages" not in cookies:
        return True  # no session: anonymous, and no message waits (spares loading either)
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return False
    # A pending message ("you have been logged out") belongs to this visitor alone.
    return not len(get_messages(request))


def _keep_only(request: HttpRequest, params: tuple[str, ...]) -> None:
    """Leave the request only the query parameters the page reads, in the order it declares
    them: the page is then rendered (its language switch's ``next`` included) and keyed as if
    they were all that arrived."""
    kept = QueryDict(mutable=True)
    for name in params:
        values = request.GET.getlist(name)
        if values:
            kept.setlist(name, values)
    query = kept.urlencode()
    if query == request.META.get("QUERY_STRING", ""):
        return
    request.META["QUERY_STRING"] = query
    request.GET = QueryDict(query)


def _page_key(request: HttpRequest, version: str) -> str:
    htmx = request.headers.get("HX-Request") == "true"
    parts = f"{request.get_full_path()}|{get_language()}|{int(htmx)}|{version}"
    return "page:v1:" + hashlib.sha256(parts.encode()).hexdigest()[:40]


def _used_csrf_token(request: HttpRequest) -> bool:
    # django.middleware.csrf.get_token() sets this whenever a page embeds the token.
    return bool(request.META.get("CSRF_COOKIE_NEEDS_UPDATE"))


def _storable(request: HttpRequest, response: HttpResponse) -> bool:
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and not response.has_header("Content-Encoding")
        and not _used_csrf_token(request)
    )


def _build(key: str, response: HttpResponse) -> Page:
    body = response.content
    gzipped = compress_string(body)
    return Page(
        content_type=response["Content-Type"],
        body=body,
        gzipped=gzipped if len(gzipped) < len(body) else None,
        etag=f'"{key.rsplit(":", 1)[-1]}"',
    )


def cache_headers(request: HttpRequest, response: HttpResponse, *, shared: bool) -> HttpResponse:
    """A public page's Vary and Cache-Control. ``shared``: the answer every anonymous visitor
    gets (no cookie set, no CSRF token in it), which a CDN may keep briefly; otherwise it is
    for this browser alone and asked about again each time (the ETag answers 304)."""
    patch_vary_headers(response, VARY)
    if "Cache-Control" in response:
        del response["Cache-Control"]
    if not shared:
        patch_cache_control(response, private=True, no_cache=True)
    elif request.headers.get("HX-Request") == "true":
        patch_cache_control(response, public=True, max_age=0, s_maxage=SHARED_SECONDS)
    else:
        patch_cache_control(
            response,
            public=True,
            max_age=SHARED_SECONDS,
            s_maxage=SHARED_SECONDS,
            stale_while_revalidate=STALE_SECONDS,
        )
    return response


@contextmanager
def spectator_reads(request: HttpRequest) -> Iterator[bool]:
    """Around a public page's own reads: an anonymous GET's may come from the replica. Says
    whether the request is one (its answer may be shared)."""
    shared = anonymous_get(request)
    with public_reads() if shared else nullcontext():
        yield shared


def _serve(request: HttpRequest, page: Page) -> HttpResponse:
    gzip_ok = page.gzipped is not None and bool(
        _ACCEPTS_GZIP.search(request.headers.get("Accept-Encoding", ""))
    )
    etag = page.gzip_etag if gzip_ok else page.etag
    held = parse_etags(request.headers.get("If-None-Match", ""))
    if "*" in held or page.etag in held or page.gzip_etag in held:
        response: HttpResponse = HttpResponseNotModified()
    elif gzip_ok:
        assert page.gzipped is not None
        response = HttpResponse(page.gzipped, content_type=page.content_type)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(page.body, content_type=page.content_type)
    response["ETag"] = etag
    return cache_headers(request, response, shared=True)


# The views cached_page serves: their polls' 204s may be shared too (``polled``).
_PUBLIC_VIEWS: set[View] = set()


def cached_page(version: Version, params: tuple[str, ...] = ()) -> Callable[[View], View]:
    """Serve the view's anonymous GET rendering from the cache under ``version(request,
    **kwargs)``; None from ``version`` (no such event or board) renders as usual. ``params``
    are the query parameters the page reads; it never sees, nor is keyed by, any other."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not anonymous_get(request):
                # A signed-in user's name and controls: for their browser only.
                return cache_headers(request, view(request, *args, **kwargs), shared=False)
            _keep_only(request, params)
            with public_reads():
                return _cached(request, version, view, *args, **kwargs)

        _PUBLIC_VIEWS.add(wrapper)
        return wrapper

    return decorate


def _cached(
    request: HttpRequest, version: Version, view: View, *args: Any, **kwargs: Any
) -> HttpResponse:
    token = version(request, *args, **kwargs)
    if token is None:
        return cache_headers(request, view(request, *args, **kwargs), shared=False)
    key = _page_key(request, token)
    page = _recall(key)
    if page is not None:
        return _serve(request, page)
    page = cache.get(key)
    if page is None:
        response = view(request, *args, **kwargs)
        if not _storable(request, response):
            # Not this page's public rendering (an error, a redirect) or one that carries the
            # CSRF token: served as rendered, uncompressed (BREACH), never shared.
            return cache_headers(request, response, shared=False)
        page = _build(key, response)
        cache.set(key, page, PAGE_SECONDS)
    # (one from Redis may be older: at most PAGE_SECONDS between both)
    _remember(key, page, time.monotonic())
    return _serve(request, page)


def forget_served() -> None:
    """Empty this process's copies (for tests, whose database rolls back under the cache)."""
    with _served_lock:
        _SERVED.clear()
    _EVENT_IDS.clear()
    _BOARD_SLUGS.clear()
    _PINNED.clear()


# ---------------------------------------------------------------- polls

# A page's part that htmx polls every few seconds (the standings, the live fragments, a board)
# says which version it shows: its markup as ``data-version``, an answer in this header. The
# poll sends that back (static/js/polling.js); when nothing has changed since, the answer is
# 204 No Content, read from the cache alone: htmx swaps nothing, so the page keeps its copy, a
# keyboard's focus in it and a screen reader's place. A version is always read before the data
# it stands for, so a copy is never newer than the version it says.
HELD_HEADER = "X-Held-Version"
VERSION_HEADER = "X-Version"
PUSHED_HEADER = "X-Pushed-Version"


def held_version(request: HttpRequest) -> str:
    """The version of the copy a poll holds ("" when it says none)."""
    return request.headers.get(HELD_HEADER, "")


def pushed_version(request: HttpRequest) -> str:
    """The live version a page's socket announced, which this fetch is for ("" for a poll):
    static/js/push.js sends it."""
    return request.headers.get(PUSHED_HEADER, "")


def versioned(response: HttpResponse, token: str) -> HttpResponse:
    """Say which version ``response`` shows (read before its data)."""
    response[VERSION_HEADER] = token
    return response


def unchanged(token: str) -> HttpResponse:
    """The answer to a poll that holds the current version: nothing to swap."""
    response = versioned(HttpResponse(status=204), token)
    patch_cache_control(response, no_cache=True)
    return response


def polled(version: Version) -> Callable[[View], View]:
    """An htmx poll of the view: 204 when it holds ``version(request, **kwargs)``, else the
    view's answer saying that version. Put outside ``cached_page``: the version is read first."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.headers.get("HX-Request") != "true":
                return view(request, *args, **kwargs)
            token = version(request, *args, **kwargs)
            if token is None:  # no such event: the view says so
                return view(request, *args, **kwargs)
            if held_version(request) == token:
                if view in _PUBLIC_VIEWS:  # the same 204 for every anonymous holder
                    return cache_headers(request, unchanged(token), shared=anonymous_get(request))
                return unchanged(token)
            return versioned(view(request, *args, **kwargs), token)

        if view in _PUBLIC_VIEWS:
            _PUBLIC_VIEWS.add(wrapper)
        return wrapper

    return decorate
