"""Pages of the Ingenious Challenges (practice and online tables)."""

from django.urls import path

from games.challenge_tables import views

urlpatterns = [
    path("challenges/", views.challenge_list, name="challenge-list"),
    path("challenges/new/", views.challenge_new, name="challenge-new"),
    path("challenges/<int:pk>/", views.challenge_table, name="challenge-table"),
    path("challenges/<int:pk>/live/", views.challenge_table_live, name="challenge-table-live"),
    path("challenges/<int:pk>/act/", views.challenge_act, name="challenge-act"),
    path("challenges/<int:pk>/takeback/", views.challenge_takeback, name="challenge-takeback"),
    path("challenges/<int:pk>/viewer/", views.challenge_viewer, name="challenge-viewer"),
    path("challenges/board/<int:board_pk>/", views.challenge_for_board, name="challenge-board"),
    path("events/<slug:slug>/challenges/live/", views.challenge_live, name="challenge-live"),
]
