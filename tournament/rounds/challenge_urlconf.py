"""An event of challenges: a draft round's challenge (tournament/rounds/challenge_views.py)."""

from django.urls import path

from tournament.rounds import challenge_views as challenges

urlpatterns = [
    path(
        "events/<slug:slug>/rounds/<int:number>/challenge/",
        challenges.round_challenge,
        name="event-round-challenge",
    ),
]
