"""The games API under /api/games/ and /api/challenges/ (see games/recording/api.py and
games/challenge_tables/api.py)."""

from django.urls import path

from games.challenge_tables.api import ChallengeViewSet
from games.recording.api import EventRecheckView, GameViewSet
from tournament.api.routers import Routes

routes = Routes()
routes.register("games", GameViewSet, "api-game", detail_name="api-game-state")
routes.register(
    "challenges",
    ChallengeViewSet,
    "api-challenge",
    list_name="api-challenge-start",
    detail_name="api-challenge-state",
)

urlpatterns = [
    *routes.urls,
    path("games/events/<slug:slug>/recheck/", EventRecheckView.as_view(), name="api-event-recheck"),
]
