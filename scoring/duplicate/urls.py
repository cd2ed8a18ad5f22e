"""The duplicate comparison's part of a round's page; included from tournament/urls.py."""

from django.urls import path

from scoring.duplicate import views

urlpatterns = [
    path(
        "events/<slug:slug>/rounds/<int:number>/duplicate/",
        views.round_comparison,
        name="event-round-duplicate",
    ),
]
