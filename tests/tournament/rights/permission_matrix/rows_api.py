"""Rows of the matrix: the API's writes on an event (entries, rounds, results, roles,
restrictions, check-in, online entry, games at the board, TRF import)."""

from __future__ import annotations

import datetime
import functools
from typing import Any

from django.utils import timezone

from games.focus.models import FocusChange
from games.models import Game
from games.recording.services import record_action
from tests.result_calls import lowest
from tests.tournament.rights.permission_matrix.world import (
    ARBITERS,
    DIRECTOR,
    World,
    Write,
)
from tournament.checkin.models import CheckIn, CheckInWindow
from tournament.confirmations.models import ResultConfirmation
from tournament.entries.models import EntryRequest
from tournament.models.events import Board, Entry, Event, EventRole, Result, Round
from tournament.models.tables import SEATED
from tournament.models.where import Played
from tournament.pairing.trf import TrfEvent, TrfPlayer, write_trf
from tournament.restrictions.models import ForbiddenPair
from tournament.rounds import seating

E = "/api/events/pm-event-e/"
RO = {"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]}
CREATORS = frozenset({"director", "director_other"})  # granted add_event by an administrator
ON_BOARD = frozenset({"player", "opponent", "arbiter", "director"})
# The check-in API acts on the caller's own entry (no other can be named): each entrant's own.
OWN_ENTRY = frozenset({"player", "opponent"})
SCORESHEET = {"result": Result.FIRST_WINS, "first_lowest": 11, "second_lowest": 8}


def _event(w: World) -> tuple[Any, ...]:
    e = Event.objects.get(pk=w.events["E"].pk)
    return (e.name, e.venue, e.rounds)


def _entries(w: World, event: str = "E") -> tuple[Any, ...]:
    rows = Entry.objects.filter(event=w.events[event]).order_by("pk")
    return tuple(rows.values_list("pk", "status", "starting_rank", "requested_byes"))


def _rounds(w: World) -> tuple[Any, ...]:
    rows = Round.objects.filter(event=w.events["E"]).order_by("number")
    return tuple(rows.values_list("number", "status"))


def _draft_boards(w: World) -> tuple[Any, ...]:
    rows = Board.objects.filter(round__event=w.events["E"], round__number=2).order_by("pk")
    return tuple((b.number, *b.side_ids) for b in rows.prefetch_related(*SEATED))


def _board(w: World, name: str) -> tuple[Any, ...]:
    b = Board.objects.get(pk=w.boards[name].pk)
    return (b.result, *lowest(b), b.recording_open, b.confirmation)


def _roles(w: World) -> tuple[Any, ...]:
    rows = EventRole.objects.filter(event=w.events["E"]).order_by("pk")
    return tuple(rows.values_list("user_id", "role"))


def _pairs(w: World) -> tuple[Any, ...]:
    return tuple(ForbiddenPair.objects.filter(event=w.events["E"]).values_list("pk", flat=True))


def _check_ins(w: World) -> tuple[Any, ...]:
    rows = CheckIn.objects.filter(entry__event=w.events["E"]).order_by("pk")
    return tuple(rows.values_list("entry_id", "round_number"))


def _windows(w: World) -> tuple[Any, ...]:
    rows = CheckInWindow.objects.filter(event=w.events["E"]).order_by("pk")
    return tuple(rows.values_list("round_number", "opens_at", "closes_at"))


def _online(w: World) -> tuple[Any, ...]:
    requests = EntryRequest.objects.order_by("pk").values_list("pk", "status")
    return (_entries(w, "F"), tuple(requests))


def _game(w: World) -> tuple[Any, ...]:
    game = Game.objects.get(board=w.boards["pending"])
    return (game.log_length, game.clock_running)


def _focus(w: World) -> tuple[Any, ...]:
    changes = FocusChange.objects.filter(game__board=w.boards["pending"]).order_by("pk")
    return tuple(changes.values_list("seat", "user_id", "hidden"))


def played_online(w: World, user: Any) -> None:
    """Board 1 of round 1 is played online: its game dealt by the site (full mode)."""
    Board.objects.filter(pk=w.boards["pending"].pk).update(played=Played.ONLINE)
    Game.objects.filter(board=w.boards["pending"]).update(mode=Game.Mode.FULL)


def _events(w: World) -> int:
    return Event.objects.count()


def _request(w: World) -> str:
    return EntryRequest.objects.get(pk=w.entry_request.pk).status


def _confirmations(w: World) -> tuple[Any, ...]:
    rows = ResultConfirmation.objects.filter(board=w.boards["pending"]).order_by("pk")
    return tuple(rows.values_list("user_id", "result"))


# ---------------------------------------------------------------- world states a write needs


def round_one_finished(w: World, user: Any) -> None:
    """Round 1 complete and no draft: the next round may be paired (or checked in for)."""
    Round.objects.filter(event=w.events["E"], number=2).delete()
    for board in Board.objects.filter(round__event=w.events["E"], result=""):
        Board.objects.filter(pk=board.pk).update(result=Result.DRAW)
        seating.settle_seats(board, [(1, [10]), (1, [10])])
    Round.objects.filter(event=w.events["E"], number=1).update(status=Round.Status.COMPLETE)
    Event.objects.filter(pk=w.events["E"].pk).update(check_in_required=False)


def no_draft(w: World, user: Any) -> None:
    Round.objects.filter(event=w.events["E"], number=2).delete()


def withdrawn(w: World, user: Any) -> None:
    """The player withdrawn after round 1 (no draft to leave first)."""
    no_draft(w, user)
    Entry.objects.filter(pk=w.entries["player"].pk).update(
        status=Entry.Status.WITHDRAWN, withdrawn_after_round=1
    )


def a_players_word(w: World, user: Any) -> None:
    """The player's word on the pending board: the board awaits the other side's."""
    from tournament.confirmations.services import confirm_result

    confirm_result(board=w.boards["pending"], user=w.users["player"], **SCORESHEET)


def checked_in(w: World, user: Any) -> None:
    no_draft(w, user)
    for name in OWN_ENTRY:
        CheckIn.objects.create(entry=w.entries[name], round_number=2, user=w.users[name])


def a_window(w: World, user: Any) -> None:
    no_draft(w, user)
    now = timezone.now()
    CheckInWindow.objects.create(
        event=w.events["E"], round_number=2, opens_at=now, closes_at=now + datetime.timedelta(1)
    )


def ranks_reversed(w: World, user: Any) -> None:
    """Before round 1 (ranks are fixed once it is paired), ranked against the ratings."""
    Round.objects.filter(event=w.events["E"]).delete()
    for entry in Entry.objects.filter(event=w.events["E"]):
        Entry.objects.filter(pk=entry.pk).update(starting_rank=100 - entry.starting_rank)


def one_move(w: World, user: Any) -> None:

    game = Game.objects.get(board=w.boards["pending"])
    record_action(game=game, user=w.users["director"], expected_index=0, action=RO)


@functools.cache
def _paper_record() -> str:
    from games.engine.gamerecord import Record
    from tests.games.factories import scripted_actions

    return Record("mso", "board", ["Petra Player", "Otto Opponent"], scripted_actions(2)).to_text()


def paper_record(w: World) -> str:
    """A whole game as written on paper (played out once: it takes a while)."""
    return _paper_record()


def trf_text() -> str:
    players = [TrfPlayer(start_rank=n, name=f"Trf Player {n}", games=()) for n in (1, 2, 3, 4)]
    event = TrfEvent(players=players, total_rounds=3, records=[("012", "PM Imported")])
    return write_trf(event)


def _entry(w: World, name: str = "player") -> str:
    return f"{E}entries/{w.entries[name].pk}/"


WRITES = [
    Write(
        "api: create an event",
        "api-event-list",
        "post",
        lambda w: "/api/events/",
        _events,
        CREATORS,
        201,
        data=lambda w: {"name": "PM New Event", "rounds": 5},
    ),
    Write(
        "api: import an event from TRF",
        "api-event-import-trf",
        "post",
        lambda w: "/api/events/import-trf/",
        _events,
        CREATORS,
        201,
        data=lambda w: {"text": trf_text()},
    ),
    Write(
        "api: edit the event (PATCH)",
        "api-event-detail",
        "patch",
        lambda w: E,
        _event,
        DIRECTOR,
        200,
        data=lambda w: {"venue": "Elsewhere"},
    ),
    Write(
        "api: edit the event (PUT)",
        "api-event-detail",
        "put",
        lambda w: E,
        _event,
        DIRECTOR,
        200,
        data=lambda w: {"name": "PM Event E renamed", "rounds": 6},
    ),
    Write(
        "api: add an entry",
        "api-event-entries",
        "post",
        lambda w: f"{E}entries/",
        _entries,
        DIRECTOR,
        201,
        data=lambda w: {"name": "Ivan Intruder"},
        prepare=no_draft,
    ),
    Write(
        "api: import entries from CSV",
        "api-event-entries-import",
        "post",
        lambda w: f"{E}entries/import/",
        _entries,
        DIRECTOR,
        201,
        data=lambda w: {"text": "name\nIvan Intruder\n"},
        prepare=no_draft,
    ),
    Write(
        "api: rank the entries",
        "api-event-entries-rank",
        "post",
        lambda w: f"{E}entries/rank/",
        _entries,
        DIRECTOR,
        200,
        prepare=ranks_reversed,
    ),
    Write(
        "api: change an entry (byes)",
        "api-entry-detail",
        "patch",
        _entry,
        _entries,
        DIRECTOR | {"player"},
        200,
        data=lambda w: {"requested_byes": [4]},
    ),
    Write(
        "api: withdraw an entry",
        "api-entry-detail",
        "patch",
        _entry,
        _entries,
        DIRECTOR | {"player"},
        200,
        data=lambda w: {"status": "withdrawn"},
        prepare=no_draft,
    ),
    Write(
        "api: reinstate an entry",
        "api-entry-detail",
        "patch",
        _entry,
        _entries,
        DIRECTOR,  # a player withdraws themselves, but only a director brings them back
        200,
        data=lambda w: {"status": "active"},
        prepare=withdrawn,
    ),
    Write(
        "api: pair the next round",
        "api-event-rounds",
        "post",
        lambda w: f"{E}rounds/",
        _rounds,
        DIRECTOR,
        202,
        prepare=round_one_finished,
    ),
    Write(
        "api: delete a draft round",
        "api-round-detail",
        "delete",
        lambda w: f"{E}rounds/2/",
        _rounds,
        DIRECTOR,
        204,
        refused=404,  # a draft is its directors' alone: hidden from everyone else
        anonymous=403,
    ),
    Write(
        "api: swap two players in a draft",
        "api-round-swap",
        "post",
        lambda w: f"{E}rounds/2/swap/",
        _draft_boards,
        DIRECTOR,
        200,
        data=lambda w: {
            "first": w.entries["player"].pk,
            "second": w.entries["e5"].pk,
            "reason": "a family",
        },
        refused=404,  # a draft is its directors' alone: hidden from everyone else
        anonymous=403,
    ),
    Write(
        "api: swap two boards in a draft",
        "api-round-swap-boards",
        "post",
        lambda w: f"{E}rounds/2/swap-boards/",
        _draft_boards,
        DIRECTOR,
        200,
        data=lambda w: {"board_a": 1, "board_b": 2, "reason": "the wheelchair table"},
        refused=404,  # a draft is its directors' alone: hidden from everyone else
        anonymous=403,
    ),
    Write(
        "api: publish a draft round",
        "api-round-publish",
        "post",
        lambda w: f"{E}rounds/2/publish/",
        _rounds,
        DIRECTOR,
        200,
        refused=404,  # a draft is its directors' alone: hidden from everyone else
        anonymous=403,
    ),
    Write(
        "api: enter a board's result",
        "api-board-detail",
        "patch",
        lambda w: f"{E}boards/{w.boards['pending'].pk}/",
        lambda w: _board(w, "pending"),
        DIRECTOR,
        200,
        data=lambda w: {
            **SCORESHEET,
            "replaces": w.boards["pending"].result_version,
            "reason": "the scoresheet",
        },
    ),
    Write(
        "api: reopen a board",
        "api-board-reopen",
        "post",
        lambda w: f"{E}boards/{w.boards['done'].pk}/reopen/",
        lambda w: _board(w, "done"),
        DIRECTOR,
        200,
        data=lambda w: {"reason": "the scoresheet was wrong"},
    ),
    Write(
        "api: name an arbiter",
        "api-event-roles",
        "post",
        lambda w: f"{E}roles/",
        _roles,
        DIRECTOR,
        201,
        data=lambda w: {"username": "pm-stranger", "role": "arbiter"},
    ),
    Write(
        "api: remove a role",
        "api-role-detail",
        "delete",
        lambda w: f"{E}roles/{w.role_rows['pm-event-e:arbiter'].pk}/",
        _roles,
        DIRECTOR,
        204,
    ),
    Write(
        "api: keep two entries apart",
        "api-event-restrictions",
        "post",
        lambda w: f"{E}restrictions/",
        _pairs,
        DIRECTOR,
        201,
        data=lambda w: {
            "first": w.entries["e7"].pk,
            "second": w.entries["e8"].pk,
            "reason": "siblings",
        },
    ),
    Write(
        "api: remove a restriction",
        "api-restriction-detail",
        "delete",
        lambda w: f"{E}restrictions/{w.forbidden_pair.pk}/",
        _pairs,
        DIRECTOR,
        204,
    ),
    Write(
        "api: check in",
        "api-check-in",
        "post",
        lambda w: f"{E}check-in/",
        _check_ins,
        OWN_ENTRY,
        201,
        data=lambda w: {"round": 2},
        prepare=no_draft,
    ),
    Write(
        "api: check out",
        "api-check-in",
        "delete",
        lambda w: f"{E}check-in/",
        _check_ins,
        OWN_ENTRY,
        204,
        data=lambda w: {"round": 2},
        prepare=checked_in,
    ),
    Write(
        "api: set a check-in window",
        "api-check-in-window",
        "put",
        lambda w: f"{E}check-in-windows/2/",
        _windows,
        DIRECTOR,
        200,
        data=lambda w: {
            "opens_at": "2026-08-20T09:00:00Z",
            "closes_at": "2026-08-20T10:00:00Z",
        },
        prepare=no_draft,
    ),
    Write(
        "api: clear a check-in window",
        "api-check-in-window",
        "delete",
        lambda w: f"{E}check-in-windows/2/",
        _windows,
        DIRECTOR,
        204,
        prepare=a_window,
    ),
    Write(
        "api: enter an event online",
        "api-enter",
        "post",
        lambda w: "/api/events/pm-event-f/enter/",
        _online,
        frozenset({"player", "opponent"}),
        201,
        event="F",
    ),
    Write(
        "api: enter an event online (entry-requests/)",
        "api-entry-requests",
        "post",
        lambda w: "/api/events/pm-event-f/entry-requests/",
        _online,
        frozenset({"player", "opponent"}),
        201,
        event="F",
    ),
    Write(
        "api: approve an online entry request",
        "api-entry-request-approve",
        "post",
        lambda w: f"{E}entry-requests/{w.entry_request.pk}/approve/",
        _request,
        DIRECTOR,
        200,
        prepare=no_draft,
    ),
    Write(
        "api: refuse an online entry request",
        "api-entry-request-refuse",
        "post",
        lambda w: f"{E}entry-requests/{w.entry_request.pk}/refuse/",
        _request,
        DIRECTOR,
        200,
        data=lambda w: {"reason": "the event is full"},
    ),
    Write(
        "api: confirm a paper result",
        "api-board-confirm",
        "post",
        lambda w: f"/api/boards/{w.boards['pending'].pk}/confirm/",
        _confirmations,
        OWN_ENTRY,  # the players seated there; arbiters settle instead
        200,
        data=lambda w: dict(SCORESHEET),
    ),
    Write(
        "api: settle a paper result",
        "api-board-settle",
        "post",
        lambda w: f"/api/boards/{w.boards['pending'].pk}/settle/",
        _confirmations,
        ARBITERS,
        200,
        data=lambda w: {**SCORESHEET, "reason": "seen at the board"},
        prepare=a_players_word,
    ),
    Write(
        "api: record a move",
        "api-game-actions",
        "post",
        lambda w: f"/api/games/{w.boards['pending'].pk}/actions/",
        _game,
        ARBITERS,
        201,
        data=lambda w: {"expected_index": 0, "action": RO},
    ),
    Write(
        "api: start the clock",
        "api-game-clock",
        "post",
        lambda w: f"/api/games/{w.boards['pending'].pk}/clock/",
        _game,
        ARBITERS,
        200,
        data=lambda w: {"expected_index": 0, "operation": "start"},
    ),
    Write(
        "api: a player's page hidden (fair-play focus)",
        "play-focus",
        "post",
        lambda w: f"/play/{Game.objects.get(board=w.boards['pending']).pk}/focus/",
        _focus,
        frozenset({"player", "opponent"}),  # the seated players, each for their own page
        201,
        data=lambda w: {"hidden": True},
        prepare=played_online,
    ),
    Write(
        "api: take a move back",
        "api-game-takeback",
        "post",
        lambda w: f"/api/games/{w.boards['pending'].pk}/takeback/",
        _game,
        ARBITERS,
        200,
        data=lambda w: {"expected_index": 1, "count": 1, "reason": "a slip of the hand"},
        prepare=one_move,
    ),
    Write(
        "api: import a paper game record",
        "api-game-import",
        "post",
        lambda w: f"/api/games/{w.boards['pending'].pk}/import/",
        _game,
        ARBITERS,
        201,
        data=lambda w: {"record": paper_record(w)},
    ),
    Write(
        "api: re-check every game of the event",
        "api-event-recheck",
        "post",
        lambda w: "/api/games/events/pm-event-e/recheck/",
        lambda w: w.events["E"].validation_runs.count(),
        DIRECTOR,
        202,
    ),
]
