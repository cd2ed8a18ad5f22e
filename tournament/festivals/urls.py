"""A festival's directors' pages: create and edit it, name its directors, decide the events
asking to join. Included before scoring's festival pages: "new" is no festival's slug (the
service reserves it)."""

from django.urls import path

from tournament.festivals import views as festivals

urlpatterns = [
    path("festivals/new/", festivals.festival_create, name="festival-create"),
    path("festivals/<slug:slug>/edit/", festivals.festival_edit, name="festival-edit"),
    path(
        "festivals/<slug:slug>/directors/", festivals.festival_directors, name="festival-directors"
    ),
    path(
        "festivals/<slug:slug>/directors/<int:pk>/remove/",
        festivals.festival_director_remove,
        name="festival-director-remove",
    ),
    path(
        "festivals/<slug:slug>/requests/<int:pk>/approve/",
        festivals.request_approve,
        name="festival-request-approve",
    ),
    path(
        "festivals/<slug:slug>/requests/<int:pk>/decline/",
        festivals.request_decline,
        name="festival-request-decline",
    ),
]
