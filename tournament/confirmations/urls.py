"""Pages for confirming paper results on the players' phones."""

from django.urls import path

from tournament.confirmations import views as confirmations

urlpatterns = [
    path(
        "events/<slug:slug>/boards/<int:pk>/confirm/",
        confirmations.board_confirm,
        name="board-confirm",
    ),
]
