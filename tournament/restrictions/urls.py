"""The pairs kept apart in an event, and a new event read from a TRF file; included before
tournament/events/urls.py ("import-trf" is no event's slug)."""

from django.urls import path

from tournament.restrictions import views as restrictions

urlpatterns = [
    path("events/import-trf/", restrictions.trf_import, name="event-import-trf"),
    path(
        "events/<slug:slug>/restrictions/",
        restrictions.restrictions,
        name="event-restrictions",
    ),
    path(
        "events/<slug:slug>/restrictions/<int:pk>/remove/",
        restrictions.restriction_remove,
        name="event-restriction-remove",
    ),
]
