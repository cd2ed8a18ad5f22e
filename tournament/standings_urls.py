"""Standings, crosstable, player pages and the exports of an event."""

from django.urls import path

from tournament.views import exports, standings

urlpatterns = [
    path("events/<slug:slug>/standings/", standings.standings_page, name="event-standings"),
    path("events/<slug:slug>/crosstable/", standings.crosstable_page, name="event-crosstable"),
    path("events/<slug:slug>/player/<int:entry_pk>/", standings.player_page, name="player-detail"),
    path("events/<slug:slug>/export/", standings.exports_page, name="event-exports"),
    *(
        path(
            f"events/<slug:slug>/export/{filename}",
            exports.table_export,
            {"filename": filename},
            name=f"export-{filename.replace('.', '-')}",
        )
        for filename in exports.TABLES
    ),
    path("events/<slug:slug>/export/event.pdf", exports.event_pdf, name="export-event-pdf"),
    path(
        "events/<slug:slug>/export/slips/<int:number>.pdf",
        exports.round_slips,
        name="export-slips",
    ),
    path("events/<slug:slug>/export/games.zip", exports.games_zip, name="export-games-zip"),
    path("events/<slug:slug>/export/event.trf", exports.event_trf, name="export-event-trf"),
]
