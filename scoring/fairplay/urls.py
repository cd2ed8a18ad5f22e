"""The fair-play report's pages; included from tournament/urls.py."""

from django.urls import path

from scoring.fairplay import views

urlpatterns = [
    path("events/<slug:slug>/fair-play/", views.report_page, name="event-fair-play"),
    path("events/<slug:slug>/fair-play.csv", views.report_download, name="event-fair-play-csv"),
]
