"""The public read side: standings, crosstable, player pages, exports and the live site."""

from django.urls import path

from scoring.exports import views as exports
from scoring.live import views as live
from scoring.ratings import views as ratings
from scoring.standings import views as standings

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
    path(
        "events/<slug:slug>/export/pairings.csv",
        exports.pairings_export,
        {"filename": "pairings.csv"},
        name="export-pairings-csv",
    ),
    path(
        "events/<slug:slug>/export/pairings.json",
        exports.pairings_export,
        {"filename": "pairings.json"},
        name="export-pairings-json",
    ),
    path("events/<slug:slug>/export/event.pdf", exports.event_pdf, name="export-event-pdf"),
    path(
        "events/<slug:slug>/export/slips/<int:number>.pdf",
        exports.round_slips,
        name="export-slips",
    ),
    path("events/<slug:slug>/export/games.zip", exports.games_zip, name="export-games-zip"),
    path("events/<slug:slug>/export/event.trf", exports.event_trf, name="export-event-trf"),
    path("ratings/", ratings.rating_list_page, name="rating-list"),
    path("ratings/<int:player_pk>/", ratings.player_rating_page, name="player-rating"),
    path(
        "events/<slug:slug>/seed-by-ratings/",
        ratings.seed_by_ratings,
        name="event-seed-by-ratings",
    ),
    path("robots.txt", live.robots_txt, name="robots-txt"),
    path("events/<slug:slug>/live/", live.event_live, name="event-live"),
    path("events/<slug:slug>/live/boards/", live.live_boards_fragment, name="event-live-boards"),
    path(
        "events/<slug:slug>/live/standings/",
        live.live_standings_fragment,
        name="event-live-standings",
    ),
    path("events/<slug:slug>/projector/", live.projector, name="event-projector"),
    path(
        "events/<slug:slug>/projector/screens/",
        live.projector_fragment,
        name="event-projector-screens",
    ),
    path("boards/<int:board_pk>/qr.svg", live.board_qr, name="board-qr"),
]
