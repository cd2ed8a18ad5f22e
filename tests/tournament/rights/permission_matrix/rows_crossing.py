"""Rows of the matrix: one event's address, another event's object. The director of F names
E's entry, board, role, restriction or request under F's address (where they do direct): the
object is not F's, so nothing changes; the director of E is no director of F's address either.
Nobody may do these: "this event" is E, whose object it is."""

from __future__ import annotations

from typing import Any

from tests.tournament.rights.permission_matrix.rows_api import (
    SCORESHEET,
    _board,
    _check_ins,
    _confirmations,
    _entries,
    _pairs,
    _request,
    _roles,
    no_draft,
)
from tests.tournament.rights.permission_matrix.world import World, Write
from tournament.models.events import Player
from tournament.restrictions.models import ForbiddenPair

F_API = "/api/events/pm-event-f/"
F_PAGE = "/events/pm-event-f/"
NOBODY: frozenset[str] = frozenset()
# The object is looked up within the address's event first: no such object there, 404 (an
# anonymous API caller is refused before); else the director of F is let through F's gate, and
# then finds no such object in F.
NOT_IN_F = {"director_other": 404}


def crossing(id: str, url_name: str, method: str, url: Any, probe: Any, **kw: Any) -> Write:
    api = kw.pop("api", True)
    if api:
        kw.setdefault("anonymous", 403)
    kw.setdefault("statuses", NOT_IN_F)
    if not api:
        kw.setdefault("anonymous", 302)
    return Write(id, url_name, method, url, probe, NOBODY, 200, api=api, **kw)


def _all_pairs(w: World) -> tuple[Any, ...]:
    """Every event's restrictions: one made under F's address would be F's."""
    return tuple(ForbiddenPair.objects.order_by("pk").values_list("event_id", "first_id"))


def _x_player(w: World) -> tuple[Any, ...]:
    """The registry's record of E's entry "x"."""
    return tuple(Player.objects.filter(pk=w.entries["x"].player_id).values_list("name", "club"))


WRITES = [
    crossing(
        "api: change E's entry under F's address",
        "api-entry-detail",
        "patch",
        lambda w: f"{F_API}entries/{w.entries['x'].pk}/",
        _entries,
        data=lambda w: {"status": "withdrawn"},
        refused=404,
    ),
    crossing(
        "api: enter a result of E's board under F's address",
        "api-board-detail",
        "patch",
        lambda w: f"{F_API}boards/{w.boards['pending'].pk}/",
        lambda w: _board(w, "pending"),
        data=lambda w: {**SCORESHEET, "replaces": "", "reason": "the scoresheet"},
        refused=404,
    ),
    crossing(
        "api: reopen E's board under F's address",
        "api-board-reopen",
        "post",
        lambda w: f"{F_API}boards/{w.boards['done'].pk}/reopen/",
        lambda w: _board(w, "done"),
        data=lambda w: {"reason": "the scoresheet was wrong"},
        refused=404,
    ),
    crossing(
        "api: remove E's role under F's address",
        "api-role-detail",
        "delete",
        lambda w: f"{F_API}roles/{w.role_rows['pm-event-e:arbiter'].pk}/",
        _roles,
        refused=404,
    ),
    crossing(
        "api: remove E's restriction under F's address",
        "api-restriction-detail",
        "delete",
        lambda w: f"{F_API}restrictions/{w.forbidden_pair.pk}/",
        _pairs,
    ),
    crossing(
        "api: keep E's entries apart under F's address",
        "api-event-restrictions",
        "post",
        lambda w: f"{F_API}restrictions/",
        _all_pairs,
        statuses={"director_other": 400},  # "not an entry of PM Event F"
        data=lambda w: {
            "first": w.entries["e7"].pk,
            "second": w.entries["e8"].pk,
            "reason": "siblings",
        },
    ),
    crossing(
        "api: approve E's entry request under F's address",
        "api-entry-request-approve",
        "post",
        lambda w: f"{F_API}entry-requests/{w.entry_request.pk}/approve/",
        _request,
        prepare=no_draft,
        refused=404,
    ),
    crossing(
        "api: refuse E's entry request under F's address",
        "api-entry-request-refuse",
        "post",
        lambda w: f"{F_API}entry-requests/{w.entry_request.pk}/refuse/",
        _request,
        data=lambda w: {"reason": "full"},
        refused=404,
    ),
    crossing(
        "page: withdraw E's entry under F's address",
        "entry-withdraw",
        "post",
        lambda w: f"{F_PAGE}entries/{w.entries['x'].pk}/withdraw/",
        _entries,
        api=False,
        prepare=no_draft,
        refused=404,
        anonymous=404,
    ),
    crossing(
        "page: correct E's entry under F's address",
        "entry-correct",
        "post",
        lambda w: f"{F_PAGE}entries/{w.entries['x'].pk}/correct/",
        _x_player,
        api=False,
        data=lambda w: {"name": "Xavier Crossed"},
        refused=404,
        anonymous=404,
    ),
    crossing(
        "page: reinstate E's entry under F's address",
        "entry-reinstate",
        "post",
        lambda w: f"{F_PAGE}entries/{w.entries['x'].pk}/reinstate/",
        _entries,
        api=False,
        refused=404,
        anonymous=404,
    ),
    crossing(
        "page: E's entry's byes under F's address",
        "entry-byes",
        "post",
        lambda w: f"{F_PAGE}entries/{w.entries['x'].pk}/byes/",
        _entries,
        api=False,
        data=lambda w: {"requested_byes": "4"},
        refused=404,
        anonymous=404,
    ),
    crossing(
        "page: withdraw E's entry as one's own under F's address",
        "my-entry-withdraw",
        "post",
        lambda w: f"{F_PAGE}my-entry/{w.entries['x'].pk}/withdraw/",
        _entries,
        api=False,
        prepare=no_draft,
        refused=404,
    ),
    crossing(
        "page: E's entry's byes as one's own under F's address",
        "my-entry-byes",
        "post",
        lambda w: f"{F_PAGE}my-entry/{w.entries['player'].pk}/byes/",
        _entries,
        api=False,
        data=lambda w: {"round_4": "0.5"},
        refused=404,
    ),
    crossing(
        "page: confirm E's board under F's address",
        "board-confirm",
        "post",
        lambda w: f"{F_PAGE}boards/{w.boards['pending'].pk}/confirm/",
        _confirmations,
        api=False,
        data=lambda w: dict(SCORESHEET),
        refused=404,
        anonymous=404,
    ),
    crossing(
        "page: remove E's role under F's address",
        "event-role-remove",
        "post",
        lambda w: f"{F_PAGE}roles/{w.role_rows['pm-event-e:arbiter'].pk}/remove/",
        _roles,
        api=False,
    ),
    crossing(
        "page: remove E's restriction under F's address",
        "event-restriction-remove",
        "post",
        lambda w: f"{F_PAGE}restrictions/{w.forbidden_pair.pk}/remove/",
        _pairs,
        api=False,
    ),
    crossing(
        "page: enter a result of E's board under F's address",
        "board-result",
        "post",
        lambda w: f"{F_PAGE}boards/{w.boards['pending'].pk}/result/",
        lambda w: _board(w, "pending"),
        api=False,
        data=lambda w: {**SCORESHEET, "replaces": "", "reason": "the scoresheet"},
        refused=404,
        anonymous=404,
    ),
    crossing(
        "page: reopen E's board under F's address",
        "board-reopen",
        "post",
        lambda w: f"{F_PAGE}boards/{w.boards['done'].pk}/reopen/",
        lambda w: _board(w, "done"),
        api=False,
        data=lambda w: {"reason": "the scoresheet was wrong"},
        refused=404,
        anonymous=404,
    ),
    crossing(
        "page: check E's entry in under F's address",
        "event-check-in-manage",
        "post",
        lambda w: f"{F_PAGE}check-in/manage/",
        _check_ins,
        api=False,
        data=lambda w: {"action": "in", "round": 2, "entry": w.entries["x"].pk},
        prepare=no_draft,
        # F's page again: "not an entry of this event"
        statuses={"director_other": 302, "arbiter_other": 302},
    ),
    crossing(
        "page: approve E's entry request under F's address",
        "entry-request-approve",
        "post",
        lambda w: f"{F_PAGE}entry-requests/{w.entry_request.pk}/approve/",
        _request,
        api=False,
        prepare=no_draft,
        refused=404,
        anonymous=404,
    ),
    crossing(
        "page: refuse E's entry request under F's address",
        "entry-request-refuse",
        "post",
        lambda w: f"{F_PAGE}entry-requests/{w.entry_request.pk}/refuse/",
        _request,
        api=False,
        data=lambda w: {"reason": "full"},
        refused=404,
        anonymous=404,
    ),
]
