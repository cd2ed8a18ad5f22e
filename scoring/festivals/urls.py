"""Festival pages: the list, a festival's page, its overall table and the Pentamind exports
(the directors' pages: tournament/festivals/urls.py)."""

from django.urls import path

from scoring.festivals import views as festivals

urlpatterns = [
    path("festivals/", festivals.festival_list, name="festival-list"),
    path("festivals/<slug:slug>/", festivals.festival_detail, name="festival-detail"),
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
