"""Rows of the matrix: the pages' forms that change an event (its settings, entries, rounds,
results, roles, restrictions, check-in, online entry, games at the board)."""

from __future__ import annotations

import datetime
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from games.models import Game, ValidationRun
from tests.tournament.rights.permission_matrix.rows_api import (
    OWN_ENTRY,
    RO,
    SCORESHEET,
    _board,
    _check_ins,
    _confirmations,
    _draft_boards,
    _entries,
    _events,
    _game,
    _online,
    _pairs,
    _request,
    _roles,
    _rounds,
    _windows,
    a_window,
    checked_in,
    no_draft,
    one_move,
    paper_record,
    ranks_reversed,
    round_one_finished,
    trf_text,
    withdrawn,
)
from tests.tournament.rights.permission_matrix.world import (
    ARBITERS,
    DIRECTOR,
    World,
    Write,
)
from tournament.models.events import Entry, Event, Player, Round
from tournament.models.where import EventPlayed
from tournament.rounds.models import PairingChange

E = "/events/pm-event-e/"
CREATORS = frozenset({"director", "director_other"})


def page(id: str, url_name: str, url: Any, probe: Any, allowed: frozenset[str], **kw: Any) -> Write:
    """A page's form: done, it redirects (302); refused, a signed-in person gets 403 and the
    anonymous visitor the login page (302), unless the row says otherwise."""
    kw.setdefault("ok", 302)
    kw.setdefault("anonymous", 302)
    return Write(id, url_name, "post", url, probe, allowed, api=False, **kw)


def new_event_form() -> dict[str, Any]:
    """The new-event form as rendered, with a name filled in."""
    from tournament.events.forms import EventForm

    form = EventForm()
    data: dict[str, Any] = {"name": "PM New Event"}
    for name, field in form.fields.items():
        value = form.get_initial_for_field(field, name)
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif value not in (None, "") and name != "name":
            data[name] = value
    return data


def _entry(w: World, action: str, name: str = "player") -> str:
    return f"{E}entries/{w.entries[name].pk}/{action}/"


def _plays_online(w: World) -> tuple[Any, ...]:
    rows = Entry.objects.filter(event=w.events["E"]).order_by("pk")
    return tuple(rows.values_list("pk", "plays_online"))


def hybrid(w: World, user: Any) -> None:
    """A hybrid event, whose entries each say where they play."""
    Event.objects.filter(pk=w.events["E"].pk).update(boards_played=EventPlayed.HYBRID)


def _entry_player(w: World) -> tuple[Any, ...]:
    """What the entry "player" says of its player: the registry's record."""
    player = Player.objects.filter(pk=w.entries["player"].player_id)
    return tuple(player.values_list("name", "club", "country", "rating").get())


def stuck_pairing(w: World, user: Any) -> None:
    """Round 2's pairing task went silent an hour ago (lost with its worker)."""
    long_ago = timezone.now() - datetime.timedelta(hours=1)
    Round.objects.filter(event=w.events["E"], number=2).update(
        status=Round.Status.PAIRING,
        created_at=long_ago,
        pairing_requested_at=long_ago,
        pairing_reported_at=long_ago,
    )


def _pairing(w: World) -> tuple[Any, ...]:
    rows = Round.objects.filter(event=w.events["E"]).order_by("number")
    changes = PairingChange.objects.filter(round__event=w.events["E"]).count()
    return (tuple(rows.values_list("number", "status", "pairing_requested_at")), changes)


def silent_recheck(w: World, user: Any) -> None:
    long_ago = timezone.now() - datetime.timedelta(hours=1)
    run = ValidationRun.objects.create(event=w.events["E"], total=1)
    ValidationRun.objects.filter(pk=run.pk).update(created_at=long_ago, reported_at=long_ago)


def of_challenges(w: World, user: Any) -> None:
    """E as an event of the Ingenious Challenges, its draft round 2 playing the Card Challenge."""
    Event.objects.filter(pk=w.events["E"].pk).update(
        ruleset=Event.Ruleset.CHALLENGES,
        ruleset_options={"challenges": ["card", "dice", "tile"], "mode": "full"},
    )
    Round.objects.filter(event=w.events["E"], number=2).update(challenge="card")


def _challenges(w: World) -> tuple[Any, ...]:
    rows = Round.objects.filter(event=w.events["E"]).order_by("number")
    return tuple(rows.values_list("number", "challenge"))


def _clocks(w: World) -> tuple[Any, ...]:
    game = Game.objects.get(board=w.boards["pending"])
    return (game.log_length, game.remaining_ms)


def _runs(w: World) -> tuple[Any, ...]:
    rows = ValidationRun.objects.filter(event=w.events["E"]).order_by("pk")
    return tuple(rows.values_list("pk", "reported_at"))


def _retry_url(w: World) -> str:
    run = ValidationRun.objects.filter(event=w.events["E"]).latest("pk")
    return f"/games/event/pm-event-e/validation/{run.pk}/retry/"


WRITES = [
    page(
        "page: create an event",
        "event-create",
        lambda w: "/events/new/",
        _events,
        CREATORS,
        data=lambda w: new_event_form(),
    ),
    page(
        "page: import an event from TRF",
        "event-import-trf",
        lambda w: "/events/import-trf/",
        _events,
        CREATORS,
        data=lambda w: {"file": SimpleUploadedFile("event.trf", trf_text().encode())},
    ),
    page(
        "page: name an arbiter",
        "event-roles",
        lambda w: f"{E}roles/",
        _roles,
        DIRECTOR,
        data=lambda w: {"username": "pm-stranger", "role": "arbiter"},
    ),
    page(
        "page: remove a role",
        "event-role-remove",
        lambda w: f"{E}roles/{w.role_rows['pm-event-e:arbiter'].pk}/remove/",
        _roles,
        DIRECTOR,
    ),
    page(
        "page: keep two entries apart",
        "event-restrictions",
        lambda w: f"{E}restrictions/",
        _pairs,
        DIRECTOR,
        data=lambda w: {
            "first": w.entries["e7"].pk,
            "second": w.entries["e8"].pk,
            "reason": "siblings",
        },
    ),
    page(
        "page: remove a restriction",
        "event-restriction-remove",
        lambda w: f"{E}restrictions/{w.forbidden_pair.pk}/remove/",
        _pairs,
        DIRECTOR,
    ),
    page(
        "page: add an entry",
        "event-entry-add",
        lambda w: f"{E}entries/add/",
        _entries,
        DIRECTOR,
        data=lambda w: {"name": "Ivan Intruder", "missed_rounds": "zero"},
        prepare=no_draft,
    ),
    page(
        "page: import entries from CSV",
        "event-import",
        lambda w: f"{E}entries/import/",
        _entries,
        DIRECTOR,
        data=lambda w: {
            "file": SimpleUploadedFile("entries.csv", b"name\nIvan Intruder\n"),
            "missed_rounds": "zero",
        },
        prepare=no_draft,
    ),
    page(
        "page: rank the entries",
        "event-rank",
        lambda w: f"{E}entries/rank/",
        _entries,
        DIRECTOR,
        prepare=ranks_reversed,
    ),
    page(
        "page: seed the entries by the rating list",
        "event-seed-by-ratings",
        lambda w: "/events/pm-event-e/seed-by-ratings/",
        _entries,
        DIRECTOR,
        prepare=ranks_reversed,
    ),
    page(
        "page: withdraw an entry",
        "entry-withdraw",
        lambda w: _entry(w, "withdraw"),
        _entries,
        DIRECTOR,
        prepare=no_draft,
    ),
    page(
        "page: an entry plays online",
        "entry-where",
        lambda w: _entry(w, "where"),
        _plays_online,
        DIRECTOR,
        data=lambda w: {"plays_online": "on"},
        prepare=hybrid,
    ),
    page(
        "page: correct an entry",
        "entry-correct",
        lambda w: _entry(w, "correct"),
        _entry_player,
        DIRECTOR,
        data=lambda w: {"name": "Petra Corrected", "club": "Leeds", "country": "ENG"},
    ),
    page(
        "page: reinstate an entry",
        "entry-reinstate",
        lambda w: _entry(w, "reinstate"),
        _entries,
        DIRECTOR,
        prepare=withdrawn,
    ),
    page(
        "page: an entry's byes",
        "entry-byes",
        lambda w: _entry(w, "byes"),
        _entries,
        DIRECTOR,
        data=lambda w: {"requested_byes": "4"},
    ),
    page(
        "page: withdraw your own entry",
        "my-entry-withdraw",
        lambda w: f"{E}my-entry/{w.entries['player'].pk}/withdraw/",
        _entries,
        frozenset({"player", "director"}),  # the page uses the entry rule of the API
        refused=302,  # back to the event, saying it is not their entry
        prepare=no_draft,
    ),
    page(
        "page: your own entry's byes",
        "my-entry-byes",
        lambda w: f"{E}my-entry/{w.entries['player'].pk}/byes/",
        _entries,
        frozenset({"player"}),
        data=lambda w: {"round_4": "0.5"},
        refused=302,
    ),
    page(
        "page: pair the next round",
        "event-pair",
        lambda w: f"{E}rounds/pair/",
        _rounds,
        DIRECTOR,
        prepare=round_one_finished,
    ),
    page(
        "page: retry a pairing",
        "event-round-retry",
        lambda w: f"{E}rounds/2/retry/",
        _pairing,
        DIRECTOR,
        prepare=stuck_pairing,
    ),
    page(
        "page: swap two players in a draft",
        "event-round-swap",
        lambda w: f"{E}rounds/2/swap/",
        _draft_boards,
        DIRECTOR,
        data=lambda w: {
            "first": w.entries["player"].pk,
            "second": w.entries["e5"].pk,
            "reason": "a family",
        },
    ),
    page(
        "page: swap two boards in a draft",
        "event-round-swap-boards",
        lambda w: f"{E}rounds/2/swap-boards/",
        _draft_boards,
        DIRECTOR,
        data=lambda w: {"board_a": 1, "board_b": 2, "reason": "the wheelchair table"},
    ),
    page(
        "page: publish a draft round",
        "event-round-publish",
        lambda w: f"{E}rounds/2/publish/",
        _rounds,
        DIRECTOR,
        data=lambda w: {"reviewed": "1"},
    ),
    page(
        "page: delete a draft round",
        "event-round-delete",
        lambda w: f"{E}rounds/2/delete/",
        _rounds,
        DIRECTOR,
    ),
    page(
        "page: the challenge a draft round plays",
        "event-round-challenge",
        lambda w: f"{E}rounds/2/challenge/",
        _challenges,
        DIRECTOR,
        data=lambda w: {"challenge": "dice", "reason": "the cards are lost"},
        prepare=of_challenges,
    ),
    page(
        "page: enter a board's result",
        "board-result",
        lambda w: f"{E}boards/{w.boards['pending'].pk}/result/",
        lambda w: _board(w, "pending"),
        DIRECTOR,
        data=lambda w: {
            **SCORESHEET,
            "replaces": w.boards["pending"].result_version,
            "reason": "the scoresheet",
        },
    ),
    page(
        "page: reopen a board",
        "board-reopen",
        lambda w: f"{E}boards/{w.boards['done'].pk}/reopen/",
        lambda w: _board(w, "done"),
        DIRECTOR,
        data=lambda w: {"reason": "the scoresheet was wrong"},
    ),
    page(
        "page: confirm a paper result",
        "board-confirm",
        lambda w: f"{E}boards/{w.boards['pending'].pk}/confirm/",
        _confirmations,
        OWN_ENTRY,  # the players seated there; arbiters settle instead
        data=lambda w: dict(SCORESHEET),
    ),
    page(
        "page: check in",
        "event-check-in",
        lambda w: f"{E}check-in/",
        _check_ins,
        OWN_ENTRY,
        refused=302,  # back to the page, saying "you have no entry in PM Event E"
        data=lambda w: {"action": "in", "round": 2},
        prepare=no_draft,
    ),
    page(
        "page: check out",
        "event-check-in",
        lambda w: f"{E}check-in/",
        _check_ins,
        OWN_ENTRY,
        refused=302,
        data=lambda w: {"action": "out", "round": 2},
        prepare=checked_in,
    ),
    page(
        "page: check an entry in by hand",
        "event-check-in-manage",
        lambda w: f"{E}check-in/manage/",
        _check_ins,
        ARBITERS,
        data=lambda w: {"action": "in", "round": 2, "entry": w.entries["x"].pk},
        prepare=no_draft,
    ),
    page(
        "page: check in everyone present",
        "event-check-in-everyone",
        lambda w: f"{E}check-in/manage/everyone/",
        _check_ins,
        ARBITERS,
        data=lambda w: {"round": 2},
        prepare=no_draft,
    ),
    page(
        "page: set a check-in window",
        "event-check-in-windows",
        lambda w: f"{E}check-in/windows/",
        _windows,
        DIRECTOR,
        data=lambda w: {
            "round_number": 2,
            "opens_at": "2026-08-20T09:00",
            "closes_at": "2026-08-20T10:00",
        },
        prepare=no_draft,
    ),
    page(
        "page: clear a check-in window",
        "event-check-in-windows",
        lambda w: f"{E}check-in/windows/",
        _windows,
        DIRECTOR,
        data=lambda w: {"action": "clear", "round_number": 2},
        prepare=a_window,
    ),
    page(
        "page: enter an event online",
        "event-enter",
        lambda w: "/events/pm-event-f/enter/",
        _online,
        frozenset({"player", "opponent"}),
        event="F",
        refused=200,  # the page again, saying to claim a player first
    ),
    page(
        "page: approve an online entry request",
        "entry-request-approve",
        lambda w: f"{E}entry-requests/{w.entry_request.pk}/approve/",
        _request,
        DIRECTOR,
        prepare=no_draft,
    ),
    page(
        "page: refuse an online entry request",
        "entry-request-refuse",
        lambda w: f"{E}entry-requests/{w.entry_request.pk}/refuse/",
        _request,
        DIRECTOR,
        data=lambda w: {"reason": "the event is full"},
    ),
    page(
        "page: record a move at the board",
        "game-board-act",
        lambda w: f"/games/board/{w.boards['pending'].pk}/act/",
        _game,
        ARBITERS,
        data=lambda w: {
            "op": "place",
            "expected_index": 0,
            "tile": RO["tile"],
            "cell1": RO["cells"][0],
            "cell2": RO["cells"][1],
        },
        refused=302,  # back to the page, saying who may do it
    ),
    page(
        "page: start the clocks at the board",
        "game-board-act",
        lambda w: f"/games/board/{w.boards['pending'].pk}/act/",
        _game,
        ARBITERS,
        data=lambda w: {"op": "start", "expected_index": 0},
        refused=302,  # back to the page, saying who may do it
    ),
    page(
        "page: adjust a clock at the board",
        "game-board-act",
        lambda w: f"/games/board/{w.boards['pending'].pk}/act/",
        _clocks,
        ARBITERS,
        data=lambda w: {
            "op": "adjust",
            "expected_index": 0,
            "seat": 1,
            "time": "4:30",
            "reason": "the clock was set wrong",
        },
        refused=302,
    ),
    page(
        "page: take a move back at the board",
        "game-board-act",
        lambda w: f"/games/board/{w.boards['pending'].pk}/act/",
        _game,
        ARBITERS,
        data=lambda w: {"op": "takeback", "expected_index": 1, "count": 1, "reason": "a slip"},
        prepare=one_move,
        refused=302,  # back to the page, saying who may do it
    ),
    page(
        "page: import a paper game record",
        "game-import",
        lambda w: f"/games/board/{w.boards['pending'].pk}/import/",
        _game,
        ARBITERS,
        data=lambda w: {"record": paper_record(w)},
        refused=302,  # back to the page, saying who may do it
    ),
    page(
        "page: re-check every game of the event",
        "game-validation-recheck",
        lambda w: "/games/event/pm-event-e/validation/recheck/",
        _runs,
        DIRECTOR,
        refused=302,  # back to the page, saying who may do it
    ),
    page(
        "page: retry a silent re-check",
        "game-validation-retry",
        _retry_url,
        _runs,
        DIRECTOR,
        prepare=silent_recheck,
        refused=302,  # back to the page, saying who may do it
    ),
]
