from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournament import selectors


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"events": selectors.event_list()})
