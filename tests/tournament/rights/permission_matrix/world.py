"""The world every cell of the matrix runs against, the ten roles, and how a cell is judged.

Two events, E and F, each with a director, an arbiter, entrants and a published round with
boards; E also has a draft round 2, a festival, a pending online entry request, a forbidden pair
and pending claims; the registry has unowned players to merge and a merge to undo. A row of the
matrix names the event it concerns ("E" or "F"): "director" is that event's director and
"director_other" the other event's (the same for arbiters); "player" is the entrant the write
concerns (seated on board 1 of E's round 1) and "opponent" the entrant across that board.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import Permission
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from games.recording.setup import game_for_board
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
)
from tournament.claims.models import PlayerClaim
from tournament.entries.models import EntryRequest
from tournament.festivals.services import create_festival
from tournament.models.events import Board, Entry, Event, EventRole, Festival, Player, Result, Round
from tournament.registry.models import PlayerMerge
from tournament.restrictions.models import ForbiddenPair

ROLES = (
    "anonymous",
    "stranger",
    "player",
    "opponent",
    "arbiter",
    "arbiter_other",
    "director",
    "director_other",
    "registrar",
    "staff",
)
SIGNED_IN = frozenset(ROLES) - {"anonymous"}
# The event's own officials, and everyone with power beyond one event.
DIRECTOR = frozenset({"director"})
ARBITERS = frozenset({"director", "arbiter"})
REGISTRY = frozenset({"registrar", "staff"})


@dataclass
class World:
    users: dict[str, Any]
    events: dict[str, Event]
    entries: dict[str, Entry]
    boards: dict[str, Board]
    players: dict[str, Player]
    claims: dict[str, PlayerClaim]
    festivals: dict[str, Festival]
    entry_request: EntryRequest
    forbidden_pair: ForbiddenPair
    merge: PlayerMerge
    role_rows: dict[str, EventRole] = field(default_factory=dict)

    def user_for(self, role: str, event: str) -> Any:
        """The user who plays `role` for a write that concerns event `event` ("E" or "F")."""
        if role == "anonymous":
            return None
        if event == "F" and role in ("director", "director_other", "arbiter", "arbiter_other"):
            role = role.removesuffix("_other") if role.endswith("_other") else f"{role}_other"
        return self.users[role]


def _user(username: str, **fields: Any) -> Any:
    """A person who signs in by session: no password to hash (hashing thirteen would cost more
    than the whole matrix)."""
    return UserFactory(username=username, password=None, **fields)


def _with(user: Any, *codenames: str) -> Any:
    user.user_permissions.add(
        *Permission.objects.filter(content_type__app_label="tournament", codename__in=codenames)
    )
    return user


def _owned(user: Any, name: str) -> Player:
    return PlayerFactory(name=name, user=user)


def build_world() -> World:
    users = {
        "stranger": _user("pm-stranger"),
        "player": _user("pm-player"),
        "opponent": _user("pm-opponent"),
        "arbiter": _user("pm-arbiter-e"),
        "arbiter_other": _user("pm-arbiter-f"),
        # Directors as the site's administrators name them: they may create events.
        "director": _with(_user("pm-director-e"), "add_event"),
        "director_other": _with(_user("pm-director-f"), "add_event"),
        "registrar": _with(_user("pm-registrar"), "keep_registry", "approve_claims"),
        "staff": _user("pm-staff", is_staff=True),
        "claimant": _user("pm-claimant"),
        "claimant_two": _user("pm-claimant-two"),
        "requester": _user("pm-requester"),
        "festival_owner": _with(_user("pm-festival-owner"), "add_event"),
    }
    e = EventFactory(
        name="PM Event E",
        slug="pm-event-e",
        rounds=5,
        status=Event.Status.RUNNING,
        entry_open=True,
        entry_approval=True,
        check_in_required=True,
        start_date=datetime.date(2026, 8, 20),
        end_date=datetime.date(2026, 8, 21),
    )
    f = EventFactory(
        name="PM Event F",
        slug="pm-event-f",
        rounds=5,
        status=Event.Status.RUNNING,
        entry_open=True,
        entry_approval=False,
        check_in_required=True,
    )
    g = EventFactory(name="PM Event G", slug="pm-event-g", rounds=5)
    roles = [
        (e, "director", EventRole.Role.DIRECTOR),
        (e, "arbiter", EventRole.Role.ARBITER),
        (f, "director_other", EventRole.Role.DIRECTOR),
        (f, "arbiter_other", EventRole.Role.ARBITER),
        (g, "festival_owner", EventRole.Role.DIRECTOR),
    ]
    role_rows = {
        f"{event.slug}:{who}": EventRole.objects.create(event=event, user=users[who], role=role)
        for event, who, role in roles
    }
    # Festivals as their directors make them (the service names its creator its director where
    # festivals have directors of their own); E is in E's director's, G in another director's.
    festival = create_festival(
        user=users["director"],
        data={
            "name": "PM Festival",
            "starts": datetime.date(2026, 8, 15),
            "ends": datetime.date(2026, 8, 23),
            "venue": "JW3, London",
        },
    )
    other_festival = create_festival(
        user=users["festival_owner"],
        data={
            "name": "PM Other Festival",
            "starts": datetime.date(2026, 9, 1),
            "ends": datetime.date(2026, 9, 5),
        },
    )
    Event.objects.filter(pk=e.pk).update(festival=festival)
    Event.objects.filter(pk=g.pk).update(festival=other_festival)

    players = {
        "player": _owned(users["player"], "Petra Player"),
        "opponent": _owned(users["opponent"], "Otto Opponent"),
        "requester": _owned(users["requester"], "Rita Requester"),
        "x": PlayerFactory(name="Xavier Unclaimed"),  # entered in E only
        "y": PlayerFactory(name="Yvonne Unclaimed"),  # entered in E and F
        "survivor": PlayerFactory(name="Sam Survivor"),
        "absorbed": PlayerFactory(name="Sam Survivor (2)"),
        "kept": PlayerFactory(name="Kim Kept"),
        "gone": PlayerFactory(name="Kim Kept (2)"),
    }
    entries = {
        "player": EntryFactory(event=e, player=players["player"], starting_rank=1),
        "opponent": EntryFactory(event=e, player=players["opponent"], starting_rank=2),
        "x": EntryFactory(event=e, player=players["x"], starting_rank=3),
        "y": EntryFactory(event=e, player=players["y"], starting_rank=4),
    }
    for rank in range(5, 9):
        entries[f"e{rank}"] = EntryFactory(event=e, starting_rank=rank)
    entries["f_y"] = EntryFactory(event=f, player=players["y"], starting_rank=1)
    for rank in range(2, 5):
        entries[f"f{rank}"] = EntryFactory(event=f, starting_rank=rank)

    round_1 = RoundFactory(
        event=e, number=1, status=Round.Status.PUBLISHED, published_at=timezone.now()
    )
    boards = {
        "pending": BoardFactory(
            round=round_1, number=1, sides=[entries["player"], entries["opponent"]]
        ),
        "done": BoardFactory(
            round=round_1,
            number=2,
            sides=[entries["x"], entries["y"]],
            result=Result.FIRST_WINS,
            lowest=(11, 8),
        ),
        "e3": BoardFactory(round=round_1, number=3, sides=[entries["e5"], entries["e6"]]),
        "e4": BoardFactory(round=round_1, number=4, sides=[entries["e7"], entries["e8"]]),
    }
    round_2 = RoundFactory(event=e, number=2, status=Round.Status.DRAFT)
    order = ["player", "x", "opponent", "y", "e5", "e7", "e6", "e8"]
    for number in range(4):
        BoardFactory(
            round=round_2,
            number=number + 1,
            sides=[entries[order[2 * number]], entries[order[2 * number + 1]]],
        )
    f_round = RoundFactory(event=f, number=1, status=Round.Status.PUBLISHED)
    boards["f"] = BoardFactory(round=f_round, number=1, sides=[entries["f_y"], entries["f2"]])
    game_for_board(boards["pending"])
    game_for_board(boards["f"])

    claims = {
        "x": PlayerClaim.objects.create(user=users["claimant"], player=players["x"], message="me"),
        "y": PlayerClaim.objects.create(
            user=users["claimant_two"], player=players["y"], message="me"
        ),
    }
    entry_request = EntryRequest.objects.create(
        event=e, player=players["requester"], user=users["requester"]
    )
    forbidden_pair = ForbiddenPair.objects.create(
        event=e, first=entries["e5"], second=entries["e6"], reason="siblings"
    )
    merge = PlayerMerge.objects.create(
        survivor=players["kept"], absorbed=players["gone"], reason="the same person"
    )
    Player.objects.filter(pk=players["gone"].pk).update(merged_into=players["kept"])
    open_sessions(users)
    return World(
        users=users,
        events={"E": e, "F": f, "G": g},
        entries=entries,
        boards=boards,
        players=players,
        claims=claims,
        festivals={"this": festival, "other": other_festival},
        entry_request=entry_request,
        forbidden_pair=forbidden_pair,
        merge=merge,
        role_rows=role_rows,
    )


Probe = Callable[[World], object]
Prepare = Callable[[World, Any], None]


@dataclass(frozen=True)
class Write:
    """One row of the matrix: a write, who may do it, and how the database shows it was done.

    ``probe`` reads what the write changes; an allowed role must change it and get ``ok``, a
    refused role must leave it as it was and get ``refused`` (``anonymous`` for the anonymous
    visitor when that differs, e.g. a page's redirect to the login). ``prepare`` puts the world
    in the state the write needs (inside the cell's own transaction)."""

    id: str
    url_name: str
    method: str
    url: Callable[[World], str]
    probe: Probe
    allowed: frozenset[str]
    ok: int
    refused: int = 403
    anonymous: int | None = None
    data: Callable[[World], dict[str, Any]] = lambda w: {}
    event: str = "E"
    api: bool = True
    multipart: bool = False
    prepare: Prepare | None = None
    statuses: dict[str, int] = field(default_factory=dict)

    def expected_status(self, role: str) -> int:
        if role in self.statuses:
            return self.statuses[role]
        if role in self.allowed:
            return self.ok
        if role == "anonymous" and self.anonymous is not None:
            return self.anonymous
        return self.refused


def client_for(write: Write, user: Any) -> Client:
    """A client signed in as `user`: the API by force_authenticate, a page by the session the
    world made for them (a login per cell would write a session and last_login each time)."""
    if write.api:
        api = APIClient()
        if user is not None:
            api.force_authenticate(user)
        return api
    client = Client()
    if user is not None:
        client.cookies[settings.SESSION_COOKIE_NAME] = _sessions[user.pk]
    return client


_sessions: dict[int, str] = {}


def open_sessions(users: dict[str, Any]) -> None:
    """A signed-in session per person, as django.contrib.auth.login stores one."""
    engine = import_module(settings.SESSION_ENGINE)
    for user in users.values():
        session = engine.SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.save()
        _sessions[user.pk] = session.session_key


def perform(world: World, write: Write, role: str) -> tuple[int, object, object, bytes]:
    """The cell: the write as `role`; the status, and the probe before and after."""
    user = world.user_for(role, write.event)
    if write.prepare is not None:
        write.prepare(world, user)
    before = write.probe(world)
    client = client_for(write, user)
    call = getattr(client, write.method)
    data = write.data(world)
    if write.api and not write.multipart:
        response = call(write.url(world), data, format="json")
    else:
        response = call(write.url(world), data)
    return response.status_code, before, write.probe(world), response.content[:300]


def judge(world: World, write: Write, role: str) -> None:
    status, before, after, body = perform(world, write, role)
    expected = write.expected_status(role)
    said = f"{write.id} as {role} ({status} {body!r})"
    if role in write.allowed:
        assert after != before, f"{said}: allowed, but nothing changed"
    else:
        assert after == before, f"{said}: refused, but {before!r} -> {after!r}"
    assert status == expected, f"{said}: status {status}, expected {expected}"
