"""Pages of the notifications to players (included by the root urlconf)."""

from django.urls import path

from tournament.notifications import views as notifications

urlpatterns = [
    path(
        "events/<slug:slug>/notifications/",
        notifications.event_notifications,
        name="event-notifications",
    ),
]
