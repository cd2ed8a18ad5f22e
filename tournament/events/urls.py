"""Pages of the tournament layer: events, entries, rounds and results."""

from django.urls import path
from django.views.generic import RedirectView

from tournament.entries import views as entries
from tournament.events import views as events
from tournament.restrictions import views as restrictions
from tournament.rounds import views as rounds

urlpatterns = [
    # The home page lists the events; a URL trimmed back to /events/ lands there.
    path("events/", RedirectView.as_view(pattern_name="home"), name="event-list"),
    path("events/new/", events.event_create, name="event-create"),
    path("events/import-trf/", restrictions.trf_import, name="event-import-trf"),
    path("events/<slug:slug>/", events.event_detail, name="event-detail"),
    path("events/<slug:slug>/edit/", events.event_edit, name="event-edit"),
    path("events/<slug:slug>/roles/", events.event_roles, name="event-roles"),
    path(
        "events/<slug:slug>/roles/<int:role_id>/remove/",
        events.event_role_remove,
        name="event-role-remove",
    ),
    path("events/<slug:slug>/log/", events.event_log, name="event-log"),
    path(
        "events/<slug:slug>/restrictions/",
        restrictions.restrictions,
        name="event-restrictions",
    ),
    path(
        "events/<slug:slug>/restrictions/<int:pk>/remove/",
        restrictions.restriction_remove,
        name="event-restriction-remove",
    ),
    path("events/<slug:slug>/entries/", entries.entries, name="event-entries"),
    path("events/<slug:slug>/entries/add/", entries.entry_add, name="event-entry-add"),
    path("events/<slug:slug>/entries/import/", entries.entries_import, name="event-import"),
    path("events/<slug:slug>/entries/rank/", entries.entries_rank, name="event-rank"),
    path(
        "events/<slug:slug>/entries/<int:pk>/withdraw/",
        entries.entry_withdraw,
        name="entry-withdraw",
    ),
    path(
        "events/<slug:slug>/entries/<int:pk>/reinstate/",
        entries.entry_reinstate,
        name="entry-reinstate",
    ),
    path("events/<slug:slug>/entries/<int:pk>/byes/", entries.entry_byes, name="entry-byes"),
    path("events/<slug:slug>/rounds/pair/", rounds.pair_next_round, name="event-pair"),
    path("events/<slug:slug>/rounds/<int:number>/", rounds.round_page, name="event-round"),
    path(
        "events/<slug:slug>/rounds/<int:number>/progress/",
        rounds.round_progress,
        name="event-round-progress",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/retry/",
        rounds.retry_pairing,
        name="event-round-retry",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/swap/",
        rounds.swap_players,
        name="event-round-swap",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/swap-boards/",
        rounds.swap_boards,
        name="event-round-swap-boards",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/publish/",
        rounds.publish,
        name="event-round-publish",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/delete/",
        rounds.delete_draft,
        name="event-round-delete",
    ),
    path("events/<slug:slug>/boards/<int:pk>/result/", rounds.board_result, name="board-result"),
    path("events/<slug:slug>/boards/<int:pk>/reopen/", rounds.board_reopen, name="board-reopen"),
]
