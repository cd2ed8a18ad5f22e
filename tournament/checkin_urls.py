"""Pages of check-in before each round (tournament/views/checkin.py)."""

from django.urls import path

from tournament.views import checkin

urlpatterns = [
    path("events/<slug:slug>/check-in/", checkin.check_in_page, name="event-check-in"),
    path(
        "events/<slug:slug>/check-in/manage/",
        checkin.check_in_manage,
        name="event-check-in-manage",
    ),
    path(
        "events/<slug:slug>/check-in/windows/",
        checkin.check_in_windows,
        name="event-check-in-windows",
    ),
    path(
        "events/<slug:slug>/check-in/progress/",
        checkin.check_in_progress,
        name="event-check-in-progress",
    ),
]
