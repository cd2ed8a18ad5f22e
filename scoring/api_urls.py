from django.urls import path

from scoring import api as standings
from scoring import api_ratings

urlpatterns = [
    path("events/<slug:slug>/standings/", standings.event_standings, name="api-event-standings"),
    path("events/<slug:slug>/crosstable/", standings.event_crosstable, name="api-event-crosstable"),
    path("events/<slug:slug>/placings/", standings.event_placings, name="api-event-placings"),
    path("ratings/", api_ratings.ratings, name="api-ratings"),
]
