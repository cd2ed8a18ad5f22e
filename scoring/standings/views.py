"""Standings, crosstable and player pages. They read the cached standings (see
tournament/standings.py) and make the same number of queries whatever the size of the field."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from scoring.standings import build as standings
from tournament.models.events import Entry, Event
from tournament.permissions import is_arbiter
from tournament.web.page_cache import cached_page, live_version, polled, standings_version


def event_or_404(slug: str) -> Event:
    return get_object_or_404(Event, slug=slug)


def _table_page(request: HttpRequest, slug: str, page: str) -> HttpResponse:
    """A standings or crosstable page; an htmx refresh gets the table alone (the cache keys
    and Vary hold HX-Request). The table says the version it shows, read before its data, and
    polls every few seconds with it: a new result shows within seconds, and a poll that finds
    nothing new is answered 204 from the cache (``polled``)."""
    event = event_or_404(slug)
    if event.ruleset == Event.Ruleset.CHALLENGES:  # ranked by the challenges' tally
        return redirect("challenge-standings", slug=slug)
    version = standings_version(request, slug)
    table = standings.standings_for(event)
    partial = bool(request.htmx)  # type: ignore[attr-defined]  # django-htmx middleware
    template = f"standings/_{page}_table.html" if partial else f"standings/{page}.html"
    return render(request, template, {"event": event, "table": table, "version": version})


# Standings and crosstable change with results, entries and rounds, not with every move.
@polled(standings_version)
@cached_page(standings_version)
def standings_page(request: HttpRequest, slug: str) -> HttpResponse:
    return _table_page(request, slug, "standings")


@polled(standings_version)
@cached_page(standings_version)
def crosstable_page(request: HttpRequest, slug: str) -> HttpResponse:
    return _table_page(request, slug, "crosstable")


# The player's games say whether one is in play: the live version.
@cached_page(live_version)
def player_page(request: HttpRequest, slug: str, entry_pk: int) -> HttpResponse:
    event = event_or_404(slug)
    entry = get_object_or_404(
        Entry.objects.select_related("player", "partner"), pk=entry_pk, event=event
    )
    table = standings.standings_for(event)
    games = standings.player_boards(event, entry)
    line = table.line(entry.pk)
    context = {
        "event": event,
        "entry": entry,
        "table": table,
        "line": line,
        "tiebreaks": table.tiebreak_items(line) if line else [],
        "games": games,
    }
    return render(request, "standings/player.html", context)


def exports_page(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    staff = is_arbiter(request.user, event)
    rounds = standings.event_rounds(event, include_unpublished=staff)
    return render(
        request,
        "standings/exports.html",
        {"event": event, "slip_rounds": rounds, "staff": staff},
    )
