"""Festival pages: list, page, overall table, directors' form and the Pentamind exports."""

from django.urls import path

from scoring.festivals import views as festivals

urlpatterns = [
    path("festivals/", festivals.festival_list, name="festival-list"),
    # Before festivals/<slug>/: "new" is no festival's slug (the service reserves it).
    path("festivals/new/", festivals.festival_create, name="festival-create"),
    path("festivals/<slug:slug>/", festivals.festival_detail, name="festival-detail"),
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
    path(
        "festivals/<slug:slug>/pentamind.csv",
        festivals.pentamind_export,
        {"fmt": "csv"},
        name="festival-pentamind-csv",
    ),
    path(
        "festivals/<slug:slug>/pentamind.json",
        festivals.pentamind_export,
        {"fmt": "json"},
        name="festival-pentamind-json",
    ),
    path("festivals/<slug:slug>/overall/", festivals.festival_overall, name="festival-overall"),
    path(
        "festivals/<slug:slug>/overall.json",
        festivals.overall_export,
        name="festival-overall-json",
    ),
]
