"""The signed-in player's own page ("My games"): private, never cached."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.cache import cache_control

from scoring.me.selectors import MyEvent, my_entry_requests, my_events
from tournament.permissions import player_of

ACCOUNT_URL = "/account/"


def url_or_path(name: str, path: str, *args: object) -> str:
    """The URL named ``name``, or ``path`` while the page it names is not built yet."""
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return path


def _links(item: MyEvent) -> dict[str, str]:
    """Pages of other parts of the site, linked by name once they exist."""
    slug = item.event.slug
    links = {"check_in": url_or_path("event-check-in", f"/events/{slug}/check-in/", slug)}
    if item.current is not None:
        pk = item.current.board.pk
        path = f"/events/{slug}/boards/{pk}/confirm/"
        links["confirm"] = url_or_path("board-confirm", path, slug, pk)
    return links


@login_required
@cache_control(private=True, no_cache=True)
def my_games(request: HttpRequest) -> HttpResponse:
    player = player_of(request.user)
    events = my_events(player) if player is not None else []
    rows = [(item, _links(item)) for item in events]
    context = {
        "player": player,
        "events": rows,
        "requests": my_entry_requests(player) if player is not None else [],
        "account_url": ACCOUNT_URL,
    }
    return render(request, "me/my_games.html", context)
