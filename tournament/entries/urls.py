"""An event's entries: the directors' list, adding, importing, ranking, withdrawals and byes;
a player's online entry and their own entry; the directors' page of online entry requests."""

from django.urls import path

from tournament.entries import views as entries
from tournament.entries.views import (
    entry_request_approve,
    entry_request_refuse,
    entry_requests,
    event_enter,
    my_entry,
    my_entry_byes,
    my_entry_withdraw,
)

urlpatterns = [
    path("events/<slug:slug>/entries/", entries.entries, name="event-entries"),
    path("events/<slug:slug>/entries/add/", entries.entry_add, name="event-entry-add"),
    path("events/<slug:slug>/entries/import/", entries.entries_import, name="event-import"),
    path("events/<slug:slug>/entries/rank/", entries.entries_rank, name="event-rank"),
    path(
        "events/<slug:slug>/entries/<int:pk>/withdraw/",
        entries.entry_withdraw,
        name="entry-withdraw",
    ),
    path(
        "events/<slug:slug>/entries/<int:pk>/reinstate/",
        entries.entry_reinstate,
        name="entry-reinstate",
    ),
    path("events/<slug:slug>/entries/<int:pk>/byes/", entries.entry_byes, name="entry-byes"),
    path("events/<slug:slug>/entries/<int:pk>/where/", entries.entry_where, name="entry-where"),
    path(
        "events/<slug:slug>/entries/<int:pk>/correct/",
        entries.entry_correct,
        name="entry-correct",
    ),
    path("events/<slug:slug>/enter/", event_enter, name="event-enter"),
    path("events/<slug:slug>/my-entry/", my_entry, name="my-entry"),
    path(
        "events/<slug:slug>/my-entry/<int:pk>/withdraw/",
        my_entry_withdraw,
        name="my-entry-withdraw",
    ),
    path("events/<slug:slug>/my-entry/<int:pk>/byes/", my_entry_byes, name="my-entry-byes"),
    path(
        "events/<slug:slug>/entry-requests/",
        entry_requests,
        name="event-entry-requests",
    ),
    path(
        "events/<slug:slug>/entry-requests/<int:pk>/approve/",
        entry_request_approve,
        name="entry-request-approve",
    ),
    path(
        "events/<slug:slug>/entry-requests/<int:pk>/refuse/",
        entry_request_refuse,
        name="entry-request-refuse",
    ),
]
