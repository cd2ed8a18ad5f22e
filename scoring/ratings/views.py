"""The public rating list, a player's rating history, and a director's seeding by the list."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoring.core.ratings import model_parameters
from scoring.ratings.selectors import (
    player_history,
    rating_list,
    rating_of,
    seeding_order,
    site_ratings,
)
from tournament.entries.services import rank_entries
from tournament.models.events import Player
from tournament.pages import carry_out, director_or_deny, get_event


def rating_list_page(request: HttpRequest) -> HttpResponse:
    context = {"ratings": rating_list(), "model": model_parameters()}
    return render(request, "ratings/list.html", context)


def player_rating_page(request: HttpRequest, player_pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_pk)
    if player.merged_into_id is not None:  # a duplicate merged away: its survivor's page
        return redirect("player-rating", player.merged_into_id, permanent=False)
    rating = rating_of(player)
    context = {"player": player, "rating": rating, "history": player_history(player)}
    return render(request, "ratings/player.html", context)


@require_http_methods(["GET", "POST"])
def seed_by_ratings(request: HttpRequest, slug: str) -> HttpResponse:
    """A director's page: the event's entries in rating-list order, and a button that makes it
    the starting ranks (before round 1)."""
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    if request.method == "POST":
        return carry_out(
            request,
            lambda: rank_entries(
                event=event,
                user=request.user,
                order=seeding_order,
                log_action="entry.seed_by_ratings",
            ),
            _("Starting ranks follow the rating list now."),
            reverse("event-entries", args=[event.slug]),
        )
    order = seeding_order(event)
    listed = site_ratings(e.player_id for e in order)
    rows = [(rank, entry, listed.get(entry.player_id)) for rank, entry in enumerate(order, 1)]
    return render(request, "ratings/seed.html", {"event": event, "rows": rows})
