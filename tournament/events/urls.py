"""An event's own pages: create, edit and read it, its roles and its log. Included after
tournament/restrictions/urls.py ("import-trf" is no event's slug)."""

from django.urls import path
from django.views.generic import RedirectView

from tournament.events import views as events

urlpatterns = [
    # The home page lists the events; a URL trimmed back to /events/ lands there.
    path("events/", RedirectView.as_view(pattern_name="home"), name="event-list"),
    path("events/new/", events.event_create, name="event-create"),
    path("events/<slug:slug>/", events.event_detail, name="event-detail"),
    path("events/<slug:slug>/edit/", events.event_edit, name="event-edit"),
    path("events/<slug:slug>/roles/", events.event_roles, name="event-roles"),
    path(
        "events/<slug:slug>/roles/<int:role_id>/remove/",
        events.event_role_remove,
        name="event-role-remove",
    ),
    path("events/<slug:slug>/log/", events.event_log, name="event-log"),
]
