"""Pages and downloads of an event of challenges: the standings by the tally (CHALLENGES.md),
as a page, CSV and JSON, and the records of every game (JSON). Thin:
scoring/challenge_standings/build.py
reads."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from games.challenge_tables.selectors import round_tables
from scoring.challenge_standings import build as challenge_standings
from scoring.exports.challenges import standings_pdf
from tournament.models.events import PUBLIC_ROUND_STATUSES, Event


def _event(slug: str) -> Event:
    event = get_object_or_404(Event, slug=slug)
    if event.ruleset != Event.Ruleset.CHALLENGES:
        raise Http404(_("%(name)s is not an event of challenges.") % {"name": event.name})
    return event


def standings_page(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    rounds = list(event.round_set.filter(status__in=PUBLIC_ROUND_STATUSES).order_by("number"))
    boards = []
    for round_ in rounds:
        tables = round_tables(round_.pk)
        for board in round_.boards.order_by("number").prefetch_related("seats__entry__player"):
            table = tables.get(board.pk)
            boards.append(
                {
                    "round": round_,
                    "board": board,
                    "table": table,
                    "players": [s.player.name for s in board.seats.all()],
                }
            )
    context = {
        "event": event,
        "lines": challenge_standings.tally(event),
        "rounds": rounds,
        "boards": boards,
    }
    return render(request, "challenges/standings.html", context)


def standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    response = HttpResponse(
        challenge_standings.standings_csv(event), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-standings.csv"'
    return response


def standings_json(request: HttpRequest, slug: str) -> JsonResponse:
    return JsonResponse(challenge_standings.standings_json(_event(slug)))


def records_json(request: HttpRequest, slug: str) -> JsonResponse:
    event = _event(slug)
    return JsonResponse(
        {"event": event.slug, "games": challenge_standings.records(event, request.user)}
    )


def standings_pdf_view(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    response = HttpResponse(standings_pdf(event), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-challenges.pdf"'
    return response
