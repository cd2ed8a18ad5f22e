"""The games API under /api/games/ (see games/recording/api.py)."""

from django.urls import path

from games.challenge_tables import api as api_challenges
from games.recording import api

urlpatterns = [
    path("games/<int:board_pk>/", api.GameStateView.as_view(), name="api-game-state"),
    path("games/<int:board_pk>/actions/", api.GameActionsView.as_view(), name="api-game-actions"),
    path("games/<int:board_pk>/clock/", api.GameClockView.as_view(), name="api-game-clock"),
    path(
        "games/<int:board_pk>/takeback/", api.GameTakeBackView.as_view(), name="api-game-takeback"
    ),
    path("games/<int:board_pk>/import/", api.GameImportView.as_view(), name="api-game-import"),
    path("games/<int:board_pk>/record/", api.GameRecordView.as_view(), name="api-game-record"),
    path(
        "games/<int:board_pk>/record/text/",
        api.GameRecordTextView.as_view(),
        name="api-game-record-text",
    ),
    path("games/<int:board_pk>/preview/", api.GamePreviewView.as_view(), name="api-game-preview"),
    path("games/<int:board_pk>/frames/", api.GameFramesView.as_view(), name="api-game-frames"),
    path("challenges/", api_challenges.ChallengeStartView.as_view(), name="api-challenge-start"),
    path(
        "challenges/<int:pk>/",
        api_challenges.ChallengeStateView.as_view(),
        name="api-challenge-state",
    ),
    path(
        "challenges/<int:pk>/actions/",
        api_challenges.ChallengeActionsView.as_view(),
        name="api-challenge-actions",
    ),
    path(
        "challenges/<int:pk>/takeback/",
        api_challenges.ChallengeTakeBackView.as_view(),
        name="api-challenge-takeback",
    ),
    path(
        "challenges/<int:pk>/record/",
        api_challenges.ChallengeRecordView.as_view(),
        name="api-challenge-record",
    ),
    path(
        "games/events/<slug:slug>/recheck/",
        api.EventRecheckView.as_view(),
        name="api-event-recheck",
    ),
]
