"""Pages of the notifications to players (included by the root urlconf)."""

from django.urls import path

from tournament.views import notifications

urlpatterns = [
    path(
        "events/<slug:slug>/notifications/",
        notifications.event_notifications,
        name="event-notifications",
    ),
]
