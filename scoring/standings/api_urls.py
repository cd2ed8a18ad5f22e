"""The scoring API: an event's standings, crosstable and placings, the site ratings, a player's
own games, and the festivals."""

from django.urls import path

from scoring.festivals.api import FestivalViewSet
from scoring.me.api import my_games
from scoring.ratings.api import ratings
from scoring.standings.api import StandingsViewSet
from tournament.api.routers import Routes

routes = Routes()
routes.register("events", StandingsViewSet, "api-event")
routes.register("festivals", FestivalViewSet, "api-festival", list_name="api-festival-list")

urlpatterns = [
    *routes.urls,
    path("ratings/", ratings, name="api-ratings"),
    path("me/games/", my_games, name="api-my-games"),
]
