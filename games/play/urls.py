"""The player's game page of an online board: /play/<game_pk>/ (``play-game``), its state as
JSON (``play-state``), its actions (``play-act``) and the check of a placement before it is
confirmed (``play-check``); ``play-board`` finds a board's game for the links that know the
board."""

from django.urls import path

from games.play import views

urlpatterns = [
    path("play/<int:game_pk>/", views.play_game, name="play-game"),
    path("play/<int:game_pk>/state/", views.play_state, name="play-state"),
    path("play/<int:game_pk>/act/", views.play_act, name="play-act"),
    path("play/<int:game_pk>/check/", views.play_check, name="play-check"),
    path("play/board/<int:board_pk>/", views.play_board, name="play-board"),
]
