"""Pages of check-in before each round (tournament/checkin/views.py)."""

from django.urls import path

from tournament.checkin import views as checkin

urlpatterns = [
    path("events/<slug:slug>/check-in/", checkin.check_in_page, name="event-check-in"),
    path(
        "events/<slug:slug>/check-in/manage/",
        checkin.check_in_manage,
        name="event-check-in-manage",
    ),
    path(
        "events/<slug:slug>/check-in/manage/everyone/",
        checkin.check_in_everyone,
        name="event-check-in-everyone",
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
