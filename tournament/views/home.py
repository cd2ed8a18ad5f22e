from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournament import selectors
from tournament.services.festivals import can_create_festival


def home(request: HttpRequest) -> HttpResponse:
    context = {
        "events": selectors.event_list(),
        "festivals": selectors.festival_list(),
        "can_create_festival": can_create_festival(request.user),
    }
    return render(request, "home.html", context)
