"""The arbiter's control room of a round's online boards, and a player's call of the arbiter
(``control-call``: the game's page, games/play, posts to it)."""

from django.urls import path

from games.control_room import views

urlpatterns = [
    path(
        "events/<slug:slug>/rounds/<int:number>/control/",
        views.control_room,
        name="control-room",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/control/live/",
        views.control_room_live,
        name="control-room-live",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/control/act/",
        views.control_act,
        name="control-act",
    ),
    path("play/<int:game_pk>/call/", views.call, name="control-call"),
]
