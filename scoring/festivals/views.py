"""Festival pages: the list, a festival's page (events, schedule, results), its Pentamind
placings export, and the directors' create and edit form.

The public pages are not page-cached: they gather several events' standings (each read from
the standings cache, so a page costs a few queries), and a cached copy would need a version
covering every member event's results, entries, status and check-in windows. Rendered per
request, they are never stale after a result.
"""

import datetime
import zoneinfo

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scoring.core.field import BEST_EVENTS
from scoring.exports.pentamind import overall_json, pentamind_csv, pentamind_json
from scoring.exports.sheets import dumps
from scoring.exports.views import CSV, JSON, _download
from scoring.festivals import selectors as festivals
from tournament.festivals import selectors as festival_selectors
from tournament.festivals import services as festival_services
from tournament.festivals.selectors import festival_or_404


def festival_list(request: HttpRequest) -> HttpResponse:
    context = {
        "festivals": festival_selectors.festival_list(),
        "can_create": festival_services.can_create_festival(request.user),
    }
    return render(request, "festival/list.html", context)


def festival_detail(request: HttpRequest, slug: str) -> HttpResponse:
    festival = festival_or_404(slug)
    events = festivals.festival_events(festival)
    placings = festivals.festival_placings(events)
    columns, players = festivals.results_table(events, placings)
    can_edit = festival_services.can_edit_festival(request.user, festival)
    context = {
        # Who may create events adds one to the festival (its directors' approval unless theirs).
        "can_add_event": request.user.has_perm("tournament.add_event"),
        "festival": festival,
        "events": events,
        "schedule": festivals.festival_schedule(festival, events),
        "result_events": columns,
        "players": players,
        "can_edit": can_edit,
        "requests": festival_selectors.requests_to_decide(festival) if can_edit else [],
        "today": datetime.datetime.now(zoneinfo.ZoneInfo(festival.time_zone)).date(),
    }
    return render(request, "festival/detail.html", context)


def pentamind_export(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    """The Pentamind placings: ``fmt`` is "csv" or "json" (from the route)."""
    festival = festival_or_404(slug)
    placings = festivals.festival_placings(festivals.festival_events(festival))
    if fmt == "json":
        content = dumps(pentamind_json(festival, placings))
        return _download(content, JSON, f"{festival.slug}-pentamind.json")
    return _download(pentamind_csv(placings), CSV, f"{festival.slug}-pentamind.csv")


def festival_overall(request: HttpRequest, slug: str) -> HttpResponse:
    """The overall table: players by their best five events' Pentamind points."""
    festival = festival_or_404(slug)
    events = festivals.festival_events(festival)
    lines = festivals.overall_table(events, festivals.festival_placings(events))
    context = {"festival": festival, "lines": lines, "best": BEST_EVENTS}
    return render(request, "festival/overall.html", context)


def overall_export(request: HttpRequest, slug: str) -> HttpResponse:
    festival = festival_or_404(slug)
    events = festivals.festival_events(festival)
    lines = festivals.overall_table(events, festivals.festival_placings(events))
    content = dumps(overall_json(festival, lines))
    return _download(content, JSON, f"{festival.slug}-overall.json")
