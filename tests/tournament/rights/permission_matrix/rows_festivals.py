"""Rows of the matrix: a festival's own directors name and remove each other and decide the
events that ask to join it. "director" is the festival's director (who made it, and directs E
in it); "director_other" directs F, which asks to join."""

from __future__ import annotations

from typing import Any

from tests.tournament.rights.permission_matrix.world import DIRECTOR, World, Write
from tournament.festivals.models import FestivalRequest, FestivalRole


def _directors(w: World) -> tuple[Any, ...]:
    roles = FestivalRole.objects.filter(festival=w.festivals["this"]).order_by("pk")
    return tuple(roles.values_list("user_id", flat=True))


def _asked(w: World) -> tuple[Any, ...]:
    rows = FestivalRequest.objects.filter(festival=w.festivals["this"]).order_by("pk")
    return tuple(rows.values_list("event_id", "status"))


def a_second_director(w: World, user: Any) -> None:
    FestivalRole.objects.create(festival=w.festivals["this"], user=w.users["festival_owner"])


def f_asks_to_join(w: World, user: Any) -> None:
    FestivalRequest.objects.create(
        festival=w.festivals["this"], event=w.events["F"], requested_by=w.users["director_other"]
    )


def _second_director(w: World) -> int:
    festival, user = w.festivals["this"], w.users["festival_owner"]
    return FestivalRole.objects.get(festival=festival, user=user).pk


def _request(w: World) -> int:
    return FestivalRequest.objects.get(festival=w.festivals["this"], event=w.events["F"]).pk


def festival_page(id: str, url_name: str, url: Any, probe: Any, **kw: Any) -> Write:
    kw.setdefault("anonymous", 302)
    return Write(id, url_name, "post", url, probe, DIRECTOR, 302, api=False, **kw)


WRITES = [
    festival_page(
        "page: name a festival director",
        "festival-directors",
        lambda w: f"/festivals/{w.festivals['this'].slug}/directors/",
        _directors,
        data=lambda w: {"username": "pm-stranger", "reason": "runs the Pentamind"},
    ),
    festival_page(
        "page: remove a festival director",
        "festival-director-remove",
        lambda w: f"/festivals/{w.festivals['this'].slug}/directors/{_second_director(w)}/remove/",
        _directors,
        data=lambda w: {"reason": "has left"},
        prepare=a_second_director,
    ),
    festival_page(
        "page: let an event into the festival",
        "festival-request-approve",
        lambda w: f"/festivals/{w.festivals['this'].slug}/requests/{_request(w)}/approve/",
        _asked,
        prepare=f_asks_to_join,
    ),
    festival_page(
        "page: keep an event out of the festival",
        "festival-request-decline",
        lambda w: f"/festivals/{w.festivals['this'].slug}/requests/{_request(w)}/decline/",
        _asked,
        data=lambda w: {"reason": "not a mind sport"},
        prepare=f_asks_to_join,
    ),
]
