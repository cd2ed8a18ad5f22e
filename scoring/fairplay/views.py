"""The fair-play report's pages: the directors and arbiters of the event only (others get a
404, as for a page that is not there)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from scoring.fairplay.selectors import FAR, MIN_FIELD, MIN_MOVES, fair_play
from scoring.fairplay.sheets import report_csv
from scoring.fairplay.thinking import MIN_TIMED
from tournament.models.events import Event
from tournament.permissions import is_arbiter
from tournament.reading import whole_number


def _event(request: HttpRequest, slug: str) -> Event:
    event = get_object_or_404(Event, slug=slug)
    if not is_arbiter(request.user, event):
        raise Http404(_("No such event."))
    return event


def _best(request: HttpRequest) -> int | None:
    best = whole_number(request.GET.get("best") or "")
    return best if best is not None and best > 0 else None


@require_GET
@cache_control(private=True, no_cache=True)
def report_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Per player and round: placements analysed, agreement with the engine, mean loss."""
    event = _event(request, slug)
    best = _best(request)
    report = fair_play(event, best)
    ctx = {
        "event": event,
        "report": report,
        "best": best,
        "choices": [n for n in (3, 5, 7) if n < event.rounds],
        "far": f"{FAR:g}",
        "min_moves": MIN_MOVES,
        "min_field": MIN_FIELD,
        "min_timed": MIN_TIMED,
    }
    return render(request, "fairplay/report.html", ctx)


@require_GET
@cache_control(private=True, no_cache=True)
def report_download(request: HttpRequest, slug: str) -> HttpResponse:
    """The report as CSV (``?best=N``: the best N rounds view)."""
    event = _event(request, slug)
    best = _best(request)
    response = HttpResponse(
        report_csv(fair_play(event, best)), content_type="text/csv; charset=utf-8"
    )
    suffix = f"-best-{best}" if best else ""
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-fair-play{suffix}.csv"'
    return response
