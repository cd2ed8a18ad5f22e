from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournament.events.selectors import event_list
from tournament.festivals.selectors import festival_list
from tournament.festivals.services import can_create_festival


def home(request: HttpRequest) -> HttpResponse:
    context = {
        "events": event_list(),
        "festivals": festival_list(),
        "can_create_festival": can_create_festival(request.user),
    }
    return render(request, "home.html", context)
