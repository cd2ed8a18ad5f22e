"""A board's result: a director enters or corrects it, or reopens the board."""

from django.urls import path

from tournament.results import views as results

urlpatterns = [
    path("events/<slug:slug>/boards/<int:pk>/result/", results.board_result, name="board-result"),
    path("events/<slug:slug>/boards/<int:pk>/reopen/", results.board_reopen, name="board-reopen"),
]
