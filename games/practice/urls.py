"""The practice table against the engine: /practice/ (start, and the owner's games), a game's
page, its state, actions, placement check and viewer."""

from django.urls import path

from games.practice import views

urlpatterns = [
    path("practice/", views.practice_home, name="practice"),
    path("practice/<int:pk>/", views.practice_game, name="practice-game"),
    path("practice/<int:pk>/state/", views.practice_state, name="practice-state"),
    path("practice/<int:pk>/act/", views.practice_act, name="practice-act"),
    path("practice/<int:pk>/check/", views.practice_check, name="practice-check"),
    path("practice/<int:pk>/view/", views.practice_view, name="practice-view"),
    path("practice/<int:pk>/record.json", views.practice_record_json, name="practice-record-json"),
    path("practice/<int:pk>/record.txt", views.practice_record_text, name="practice-record-text"),
]
