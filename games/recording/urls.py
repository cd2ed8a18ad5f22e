"""Pages of the games app; other apps link to "game-board", "game-view" and the downloads."""

from django.urls import path

from games.recording import views

urlpatterns = [
    path("games/board/<int:board_pk>/", views.board_page, name="game-board"),
    path("games/board/<int:board_pk>/live/", views.board_live, name="game-board-live"),
    path("games/board/<int:board_pk>/act/", views.board_act, name="game-board-act"),
    path("games/board/<int:board_pk>/view/", views.viewer, name="game-view"),
    path("games/board/<int:board_pk>/record.json", views.record_json, name="game-record-json"),
    path("games/board/<int:board_pk>/record.txt", views.record_text, name="game-record-text"),
    path("games/board/<int:board_pk>/import/", views.import_page, name="game-import"),
    path("games/event/<slug:slug>/validation/", views.validation_page, name="game-validation"),
    path(
        "games/event/<slug:slug>/validation/progress/",
        views.validation_progress,
        name="game-validation-progress",
    ),
    path(
        "games/event/<slug:slug>/validation/recheck/",
        views.validation_recheck,
        name="game-validation-recheck",
    ),
    path(
        "games/event/<slug:slug>/validation/<int:pk>/retry/",
        views.validation_retry,
        name="game-validation-retry",
    ),
]
