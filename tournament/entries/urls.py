"""A player's own pages on the tournament floor (online entry, their entry) and the directors'
page of online entry requests; included from tournament/urls.py."""

from django.urls import path

from tournament.entries import online_views as online

urlpatterns = [
    path("events/<slug:slug>/enter/", online.event_enter, name="event-enter"),
    path("events/<slug:slug>/my-entry/", online.my_entry, name="my-entry"),
    path(
        "events/<slug:slug>/my-entry/<int:pk>/withdraw/",
        online.my_entry_withdraw,
        name="my-entry-withdraw",
    ),
    path("events/<slug:slug>/my-entry/<int:pk>/byes/", online.my_entry_byes, name="my-entry-byes"),
    path(
        "events/<slug:slug>/entry-requests/",
        online.entry_requests,
        name="event-entry-requests",
    ),
    path(
        "events/<slug:slug>/entry-requests/<int:pk>/approve/",
        online.entry_request_approve,
        name="entry-request-approve",
    ),
    path(
        "events/<slug:slug>/entry-requests/<int:pk>/refuse/",
        online.entry_request_refuse,
        name="entry-request-refuse",
    ),
]
