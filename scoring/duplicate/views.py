"""The comparison of a duplicate round's boards: a part of the round's page (fetched by it, so
the round's page, cached for everyone, stays the tournament floor's)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from scoring.duplicate.selectors import comparison
from tournament.models.events import Event
from tournament.pages import visible_round


@require_GET
def round_comparison(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Each duplicate board's result against the round's other boards (404: a round this user
    may not see; nothing: a round without duplicate boards, e.g. a hybrid event's round played
    at the venue)."""
    event = get_object_or_404(Event, slug=slug)
    round_ = visible_round(request, event, number)
    compared = comparison(round_)
    if compared is None:
        return HttpResponse("")
    return render(request, "duplicate/_comparison.html", {"event": event, "compared": compared})
