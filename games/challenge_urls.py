"""Pages of the Ingenious Challenges (practice and online tables)."""

from django.urls import path

from games import views_challenges as views

urlpatterns = [
    path("challenges/", views.challenge_list, name="challenge-list"),
    path("challenges/new/", views.challenge_new, name="challenge-new"),
    path("challenges/<int:pk>/", views.challenge_table, name="challenge-table"),
    path("challenges/<int:pk>/act/", views.challenge_act, name="challenge-act"),
    path("challenges/<int:pk>/takeback/", views.challenge_takeback, name="challenge-takeback"),
]
