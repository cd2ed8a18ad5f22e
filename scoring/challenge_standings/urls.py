"""Pages and downloads of an event of challenges (scoring/challenge_standings/views.py)."""

from django.urls import path

from scoring.challenge_standings import views as challenges

urlpatterns = [
    path(
        "events/<slug:slug>/challenges/",
        challenges.standings_page,
        name="challenge-standings",
    ),
    path(
        "events/<slug:slug>/challenges/standings.csv",
        challenges.standings_csv,
        name="challenge-standings-csv",
    ),
    path(
        "events/<slug:slug>/challenges/standings.json",
        challenges.standings_json,
        name="challenge-standings-json",
    ),
    path(
        "events/<slug:slug>/challenges/standings.pdf",
        challenges.standings_pdf_view,
        name="challenge-standings-pdf",
    ),
    path(
        "events/<slug:slug>/challenges/records.json",
        challenges.records_json,
        name="challenge-records",
    ),
]
