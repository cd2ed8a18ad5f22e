"""The signed-in player's own page of games; included from tournament/urls.py."""

from django.urls import path

from scoring.views import me

urlpatterns = [
    path("me/", me.my_games, name="my-games"),
]
