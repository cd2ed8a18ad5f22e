"""An event of challenges: a draft round's challenge (tournament/views/challenges.py)."""

from django.urls import path

from tournament.views import challenges

urlpatterns = [
    path(
        "events/<slug:slug>/rounds/<int:number>/challenge/",
        challenges.round_challenge,
        name="event-round-challenge",
    ),
]
