"""Rounds of an event: pair the next, watch the pairing, change and publish the draft, pick a
draft's challenge (an event of challenges)."""

from django.urls import path

from tournament.rounds import views as rounds
from tournament.rounds.views import round_challenge

urlpatterns = [
    path("events/<slug:slug>/rounds/pair/", rounds.pair_next_round, name="event-pair"),
    path("events/<slug:slug>/rounds/<int:number>/", rounds.round_page, name="event-round"),
    path(
        "events/<slug:slug>/rounds/<int:number>/progress/",
        rounds.round_progress,
        name="event-round-progress",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/retry/",
        rounds.retry_pairing,
        name="event-round-retry",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/swap/",
        rounds.swap_players,
        name="event-round-swap",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/swap-boards/",
        rounds.swap_boards,
        name="event-round-swap-boards",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/publish/",
        rounds.publish,
        name="event-round-publish",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/delete/",
        rounds.delete_draft,
        name="event-round-delete",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/challenge/",
        round_challenge,
        name="event-round-challenge",
    ),
]
