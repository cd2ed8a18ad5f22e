"""The signed-in player's own page of games; included from tournament/urls.py."""

from django.urls import path

from scoring.me import views as me

urlpatterns = [
    path("me/", me.my_games, name="my-games"),
]
