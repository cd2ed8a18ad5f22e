"""The public live site: an event's current round and standings, the projector view, board QR codes.

Pages are shells; htmx polls the small fragments below, so a refresh never reloads the page. The
fragments are served from scoring.live.cache, the pages from tournament.web.page_cache (rendered
once per live version); every response says the server's time (X-Server-Ms) so the browser can
count clocks down from cached readings (a cached page's own server-ms may be old: its first
poll, at load, corrects it). Each fragment says its live version and polls with it every few
seconds: a new result shows within seconds, and a poll that finds nothing new is a 204 read
from the cache alone (tournament.web.page_cache, "polls").
"""

import io
import time
from collections.abc import Callable
from typing import TypedDict

import qrcode
import qrcode.image.svg
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.spectating.selectors import event_slice, time_slice
from scoring.live import cache as live_cache
from scoring.live import selectors
from scoring.standings.build import standings_for
from tournament.models.events import Board, Event, Round
from tournament.rounds.selectors import current_public_round, current_public_round_of
from tournament.web.page_cache import (
    anonymous_get,
    cache_headers,
    cached_page,
    held_version,
    live_version,
    pushed_version,
    spectator_reads,
    unchanged,
    versioned,
)

# The projector shows at most this many standings lines a screen; more go on further screens.
PROJECTOR_LINES_PER_SCREEN = 40


def _live(slug: str, spectator: bool = False, pushed: str = "") -> live_cache.Live:
    """The event's live version: what changes with anything spectators see (``spectator``: as
    an anonymous reader is served it, up to SPECTATOR_STALE_SECONDS old unless it is the
    version ``pushed`` to the reader's page)."""
    live = live_cache.current(slug, lambda: _event_id(slug), spectator=spectator, pushed=pushed)
    if live is None:
        raise Http404(_("No such event."))
    # An online board seen with a seconds delay changes with the clock too (games.spectating).
    sliced = event_slice(live.event_id, live.version)
    return live_cache.Live(live.event_id, live.version + sliced) if sliced else live


def _standings(slug: str, spectator: bool = False, pushed: str = "") -> live_cache.Live:
    """The event's standings version: what changes with results and names, not with moves
    (seldom: every reader gets the current one, ``spectator`` or not)."""
    live = live_cache.standings(slug, lambda: _event_id(slug))
    if live is None:
        raise Http404(_("No such event."))
    return live


def _event_id(slug: str) -> int | None:
    return Event.objects.filter(slug=slug).values_list("pk", flat=True).first()


def _event(event_id: int) -> Event:
    event = Event.objects.filter(pk=event_id).first()
    if event is None:  # deleted since its live entry was cached
        raise Http404(_("No such event."))
    return event


class _BoardsContext(TypedDict):
    event: Event
    round: Round | None
    live_boards: list[selectors.LiveBoard]


def _boards_context(event: Event) -> _BoardsContext:
    round_ = current_public_round(event)
    return {
        "event": event,
        "round": round_,
        "live_boards": selectors.live_boards(round_) if round_ else [],
    }


def _render_boards(event_id: int) -> str:
    """The round's boards, each board's part rendered again only when it changed (a move
    renders its own board's, not the round's: scoring.live.cache.board_parts)."""
    # The round alone (one query, not the event's row and then its round): a round is there
    # only while its event is; without one, the event is looked for, to say it is gone.
    round_ = current_public_round_of(event_id)
    parts: list[str] = []
    if round_ is None:
        _event(event_id)
    else:
        states = selectors.board_states(round_)
        if round_.event.online_delay_seconds:  # spectators' delayed boards change with the clock
            states = [(pk, state + time_slice()) for pk, state in states]
        parts = live_cache.board_parts(states, lambda only: render_board_parts(round_, only))
    context = {"round": round_, "parts": [mark_safe(part) for part in parts]}
    return render_to_string("live/_boards.html", context)


def render_board_parts(round_: Round, only: list[int]) -> dict[int, str]:
    """The live parts of the round's boards ``only``, by board id."""
    return {
        item.board.pk: render_to_string("live/_board.html", {"item": item})
        for item in selectors.live_boards(round_, only)
    }


def _render_standings(event_id: int) -> str:
    event = _event(event_id)
    return render_to_string("live/_standings.html", {"event": event, "table": standings_for(event)})


def _render_projector(event_id: int) -> str:
    event = _event(event_id)
    table = standings_for(event)
    lines = list(table.lines)
    screens = [
        {"lines": chunk, "rows": (len(chunk) + 1) // 2}
        for chunk in (
            lines[i : i + PROJECTOR_LINES_PER_SCREEN]
            for i in range(0, len(lines), PROJECTOR_LINES_PER_SCREEN)
        )
    ]
    boards = _boards_context(event)
    context = {
        **boards,
        "table": table,
        "standings_screens": screens,
        "pairing_rows": (len(boards["live_boards"]) + 1) // 2,
    }
    return render_to_string("live/_projector.html", context)


FRAGMENTS: dict[str, Callable[[int], str]] = {
    "boards": _render_boards,
    "standings": _render_standings,
    "projector": _render_projector,
}


def _fragment(live: live_cache.Live, name: str) -> live_cache.Fragment:
    return live_cache.fragment(live, name, lambda: FRAGMENTS[name](live.event_id))


def _with_server_time(response: HttpResponse) -> HttpResponse:
    response["X-Server-Ms"] = str(int(time.time() * 1000))
    return response


def _server_time(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """X-Server-Ms on every response, also one served from the page cache."""

    def wrapper(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        return _with_server_time(view(request, *args, **kwargs))

    wrapper.__name__ = view.__name__
    wrapper.__doc__ = view.__doc__
    return wrapper


@require_GET
@_server_time
@cached_page(live_version)
def event_live(request: HttpRequest, slug: str) -> HttpResponse:
    # A spectator's page is cached under the window's version (live_version): its boards too.
    spectator = anonymous_get(request)
    live = _live(slug, spectator, pushed_version(request))
    event = Event.objects.filter(pk=live.event_id, slug=slug).first()
    if event is None:  # the slug's event was deleted (and maybe made again) since it was cached
        live_cache.forget(slug)
        live = _live(slug, spectator, pushed_version(request))
        event = _event(live.event_id)
    standings = _standings(slug)
    context = {
        "event": event,
        "round": current_public_round(event),
        "boards_html": mark_safe(_fragment(live, "boards").html),
        "standings_html": mark_safe(_fragment(standings, "standings").html),
        "live_version": live.version,  # the fragments' above
        "standings_version": standings.version,
        "server_ms": int(time.time() * 1000),
    }
    return render(request, "live/event_live.html", context)


def _fragment_response(
    request: HttpRequest, live: live_cache.Live, fragment: live_cache.Fragment, shared: bool
) -> HttpResponse:
    """The fragment, or 304 when the browser's cache already holds this version.

    Phones poll every few seconds; most polls find nothing new and cost a few hundred bytes.
    The 304 still carries the server's time, which the browser merges into its cached copy.
    ``shared``: an anonymous poll's answer, which a CDN may keep for a moment.
    """
    response: HttpResponse
    if fragment.etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    elif "gzip" in request.headers.get("Accept-Encoding", ""):
        response = HttpResponse(fragment.gzipped)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(fragment.html)
    response["ETag"] = fragment.etag
    cache_headers(request, response, shared=shared)
    return _with_server_time(versioned(response, live.version))


def _fragment_view(
    name: str, current: Callable[[str, bool, str], live_cache.Live] = _live
) -> Callable[[HttpRequest, str], HttpResponse]:
    """The fragment ``name`` under the event's version ``current`` says (the live version, or
    the standings version for what changes with results alone). An anonymous reader's version
    may be a window old (SPECTATOR_STALE_SECONDS); anyone signed in gets the current one."""

    @require_GET
    def view(request: HttpRequest, slug: str) -> HttpResponse:
        with spectator_reads(request) as shared:
            live = current(slug, shared, pushed_version(request))
            if held_version(request) == live.version:  # the poller's copy is this version's
                answer = cache_headers(request, unchanged(live.version), shared=shared)
                return _with_server_time(answer)
            return _fragment_response(request, live, _fragment(live, name), shared)

    view.__name__ = f"live_{name}_fragment"
    return view


live_boards_fragment = _fragment_view("boards")
live_standings_fragment = _fragment_view("standings", _standings)
projector_fragment = _fragment_view("projector")


@require_GET
@cached_page(live_version)
def projector(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    return render(request, "live/projector.html", {"event": event})


@require_GET
def board_qr(request: HttpRequest, board_pk: int) -> HttpResponse:
    """An SVG QR code that opens the board's live page (printed on slips, shown by the board)."""
    board = get_object_or_404(Board.objects.select_related("round"), pk=board_pk)
    if not board.round.is_public:
        raise Http404(_("The round is not published."))
    url = request.build_absolute_uri(reverse("game-board", args=[board.pk]))
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    out = io.BytesIO()
    image.save(out)
    return HttpResponse(out.getvalue(), content_type="image/svg+xml")


def robots_txt(request: HttpRequest) -> HttpResponse:
    return HttpResponse(
        "User-agent: *\nDisallow: /api/\nDisallow: /admin/\n", content_type="text/plain"
    )
