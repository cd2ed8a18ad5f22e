from django.urls import path

from tournament.views import live

urlpatterns = [
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
