from django.urls import path

from scoring.festivals import api as api_festivals
from scoring.me import api as api_me
from scoring.ratings import api as api_ratings
from scoring.standings import api as standings

urlpatterns = [
    path("events/<slug:slug>/standings/", standings.event_standings, name="api-event-standings"),
    path("events/<slug:slug>/crosstable/", standings.event_crosstable, name="api-event-crosstable"),
    path("events/<slug:slug>/placings/", standings.event_placings, name="api-event-placings"),
    path("ratings/", api_ratings.ratings, name="api-ratings"),
    path("me/games/", api_me.my_games, name="api-my-games"),
    path("festivals/", api_festivals.festival_list, name="api-festival-list"),
    path("festivals/<slug:slug>/", api_festivals.festival_detail, name="api-festival-detail"),
    path(
        "festivals/<slug:slug>/pentamind/",
        api_festivals.festival_pentamind,
        name="api-festival-pentamind",
    ),
    path(
        "festivals/<slug:slug>/overall/",
        api_festivals.festival_overall,
        name="api-festival-overall",
    ),
]
