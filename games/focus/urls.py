"""The focus endpoint of the player's game page; included from tournament/urls.py."""

from django.urls import path

from games.focus import api

urlpatterns = [
    path("play/<int:game_pk>/focus/", api.FocusView.as_view(), name="play-focus"),
]
