"""Rows of the matrix: people and the registry (accounts, tokens, claims, registry players,
merges) through the API and the pages, and festivals (pages)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from tests.tournament.rights.permission_matrix.world import (
    DIRECTOR,
    REGISTRY,
    SIGNED_IN,
    World,
    Write,
)
from tournament.claims.models import PlayerClaim
from tournament.models.events import Event, Festival, Player
from tournament.registry.models import PlayerMerge

# Who has no player of their own and so may claim one.
WITHOUT_PLAYER = SIGNED_IN - {"player", "opponent"}
WITH_PLAYER = frozenset({"player", "opponent"})
NOBODY: frozenset[str] = frozenset()
# A director passes the claims page's gate (they decide some claims); the service refuses a claim
# beyond their events, and the page says so on the claims page it returns to.
SERVICE_REFUSES = {"director": 302, "director_other": 302}


def _tokens(w: World) -> tuple[Any, ...]:
    return tuple(Token.objects.order_by("user_id").values_list("user_id", flat=True))


def _display_names(w: World) -> tuple[Any, ...]:
    return tuple(get_user_model().objects.order_by("pk").values_list("pk", "first_name"))


def _notify(w: World) -> tuple[Any, ...]:
    return tuple(Player.objects.order_by("pk").values_list("pk", "notify"))


def _claims(w: World) -> tuple[Any, ...]:
    return tuple(PlayerClaim.objects.order_by("pk").values_list("pk", "user_id", "status"))


def _claim(name: str) -> Any:
    return lambda w: PlayerClaim.objects.get(pk=w.claims[name].pk).status


def _own_claim(w: World) -> tuple[Any, ...]:
    return tuple(PlayerClaim.objects.filter(player__name="Zoe Own Claim").values_list("status"))


def _own_claim_pk() -> int:
    return PlayerClaim.objects.get(player__name="Zoe Own Claim").pk


def _players(w: World) -> tuple[Any, ...]:
    return tuple(
        Player.objects.order_by("pk").values_list("pk", "name", "club", "user_id", "merged_into")
    )


def _merge(w: World) -> tuple[Any, ...]:
    row = PlayerMerge.objects.get(pk=w.merge.pk)
    return (row.undone_at, Player.objects.get(pk=w.players["gone"].pk).merged_into_id)


def _festival(w: World) -> tuple[Any, ...]:
    f = Festival.objects.get(pk=w.festivals["this"].pk)
    return (f.name, f.venue, f.starts, f.ends, f.time_zone)


def _festivals(w: World) -> int:
    return Festival.objects.count()


def _event_festival(w: World) -> int | None:
    return Event.objects.get(pk=w.events["E"].pk).festival_id


def _other_festival_events(w: World) -> int:
    return Event.objects.filter(festival=w.festivals["other"]).count()


def _new_event_in(w: World, festival: Festival) -> dict[str, Any]:
    from tests.tournament.rights.permission_matrix.rows_pages import new_event_form

    return {**new_event_form(), "festival": festival.pk}


def everyone_has_a_token(w: World, user: Any) -> None:
    for person in w.users.values():
        Token.objects.get_or_create(user=person)


def an_own_claim(w: World, user: Any) -> None:
    """A claim by the acting person of a player entered in E: nobody decides their own."""
    from tests.factories import EntryFactory, PlayerFactory

    player = PlayerFactory(name="Zoe Own Claim")
    EntryFactory(event=w.events["E"], player=player, starting_rank=50)
    # The anonymous visitor has none: theirs is tried against a stranger's claim.
    claimant = user if user is not None else w.users["stranger"]
    PlayerClaim.objects.create(user=claimant, player=player, message="me")


def an_unclaimed_player(w: World, user: Any) -> None:
    from tests.factories import PlayerFactory

    PlayerFactory(name="Una Unclaimed")


def _unclaimed(w: World) -> int:
    return Player.objects.get(name="Una Unclaimed").pk


def _event_page(w: World) -> tuple[Any, ...]:
    e = Event.objects.get(pk=w.events["E"].pk)
    return (e.venue, e.festival_id)


def _edit_event_form(w: World, festival: Festival, venue: str = "") -> dict[str, Any]:
    """The edit form as it is rendered (the stored event), with the festival and venue given."""
    from tournament.events.forms import EventForm

    data: dict[str, Any] = {}
    for name, value in EventForm.initial_of(Event.objects.get(pk=w.events["E"].pk)).items():
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif hasattr(value, "isoformat"):
            data[name] = value.isoformat()
        elif value is not None:
            data[name] = value
    data["festival"] = festival.pk
    if venue:
        data["venue"] = venue
    return data


FESTIVAL_FORM = {
    "name": "PM Festival renamed",
    "venue": "Elsewhere",
    "starts": "2026-08-16",
    "ends": "2026-08-24",
    "time_zone": "Europe/Berlin",
}


WRITES = [
    Write(
        "api: revoke your API token",
        "api-token",
        "delete",
        lambda w: "/api/token/",
        _tokens,
        SIGNED_IN,
        204,
        prepare=everyone_has_a_token,
    ),
    Write(
        "api: your notification switch",
        "api-me",
        "patch",
        lambda w: "/api/me/",
        _notify,
        WITH_PLAYER,
        200,
        refused=400,  # the switch belongs to a claimed player: "claim your player first"
        anonymous=403,
        data=lambda w: {"notify": False},
    ),
    Write(
        "api: claim a registry player",
        "api-claims",
        "post",
        lambda w: "/api/claims/",
        _claims,
        WITHOUT_PLAYER,
        201,
        refused=409,  # a person with a player claims no second one
        anonymous=403,
        data=lambda w: {"player": _unclaimed(w), "message": "it is me"},
        prepare=an_unclaimed_player,
    ),
    Write(
        "api: approve a claim (player entered in E only)",
        "api-claim-approve",
        "post",
        lambda w: f"/api/claims/{w.claims['x'].pk}/approve/",
        _claim("x"),
        DIRECTOR | REGISTRY,
        200,
    ),
    Write(
        "api: approve a claim (player entered in E and F)",
        "api-claim-approve",
        "post",
        lambda w: f"/api/claims/{w.claims['y'].pk}/approve/",
        _claim("y"),
        REGISTRY,
        200,
    ),
    Write(
        "api: approve your own claim",
        "api-claim-approve",
        "post",
        lambda w: (
            f"/api/claims/{PlayerClaim.objects.get(player__name='Zoe Own Claim').pk}/approve/"
        ),
        _own_claim,
        NOBODY,
        200,
        statuses={"anonymous": 403},
        prepare=an_own_claim,
    ),
    Write(
        "api: refuse a claim (player entered in E only)",
        "api-claim-refuse",
        "post",
        lambda w: f"/api/claims/{w.claims['x'].pk}/refuse/",
        _claim("x"),
        DIRECTOR | REGISTRY,
        200,
        data=lambda w: {"reason": "not the same person"},
    ),
    Write(
        "api: refuse a claim (player entered in E and F)",
        "api-claim-refuse",
        "post",
        lambda w: f"/api/claims/{w.claims['y'].pk}/refuse/",
        _claim("y"),
        REGISTRY,
        200,
        data=lambda w: {"reason": "not the same person"},
    ),
    Write(
        "api: add a registry player",
        "api-player-list",
        "post",
        lambda w: "/api/players/",
        _players,
        REGISTRY,
        201,
        data=lambda w: {"name": "Nina New"},
    ),
    Write(
        "api: edit a registry player (PATCH)",
        "api-player-detail",
        "patch",
        lambda w: f"/api/players/{w.players['x'].pk}/",
        _players,
        REGISTRY,
        200,
        data=lambda w: {"club": "Hijacked"},
    ),
    Write(
        "api: edit a registry player (PUT)",
        "api-player-detail",
        "put",
        lambda w: f"/api/players/{w.players['x'].pk}/",
        _players,
        REGISTRY,
        200,
        data=lambda w: {"name": "Xavier Renamed", "club": "Hijacked", "country": "ENG"},
    ),
    Write(
        "api: merge two registry players",
        "api-merge",
        "post",
        lambda w: "/api/players/merge/",
        _players,
        REGISTRY,
        201,
        data=lambda w: {
            "survivor": w.players["survivor"].pk,
            "absorbed": w.players["absorbed"].pk,
            "reason": "the same person",
        },
    ),
    Write(
        "api: undo a merge",
        "api-merge-undo",
        "post",
        lambda w: f"/api/players/merges/{w.merge.pk}/undo/",
        _merge,
        REGISTRY,
        200,
        data=lambda w: {"reason": "two people after all"},
    ),
    # ------------------------------------------------------------ the pages
    Write(
        "page: your notification switch",
        "account-notify",
        "post",
        lambda w: "/account/notify/",
        _notify,
        WITH_PLAYER,
        302,
        refused=302,  # back to the account page, saying "claim your player first"
        api=False,
        data=lambda w: {},
    ),
    Write(
        "page: your display name",
        "account-display-name",
        "post",
        lambda w: "/account/name/",
        _display_names,
        SIGNED_IN,  # each signed-in person names themselves, nobody else
        302,
        refused=302,
        api=False,
        data=lambda w: {"display_name": "A new name"},
    ),
    Write(
        "page: make your API token",
        "account-token",
        "post",
        lambda w: "/account/token/",
        _tokens,
        SIGNED_IN,
        302,
        refused=302,
        api=False,
    ),
    Write(
        "page: revoke your API token",
        "account-token-revoke",
        "post",
        lambda w: "/account/token/revoke/",
        _tokens,
        SIGNED_IN,
        302,
        refused=302,
        api=False,
        prepare=everyone_has_a_token,
    ),
    Write(
        "page: claim a registry player",
        "account-claim-player",
        "post",
        lambda w: f"/account/claim/{_unclaimed(w)}/",
        _claims,
        WITHOUT_PLAYER,
        302,
        refused=302,
        api=False,
        data=lambda w: {"message": "it is me"},
        prepare=an_unclaimed_player,
    ),
    Write(
        "page: withdraw your claim",
        "account-claim-withdraw",
        "post",
        lambda w: "/account/claim/withdraw/",
        _claims,
        SIGNED_IN,
        302,
        refused=302,
        api=False,
        prepare=an_own_claim,
    ),
    Write(
        "page: make your own registry player",
        "account-new-player",
        "post",
        lambda w: "/account/new-player/",
        _players,
        WITHOUT_PLAYER,
        302,
        refused=302,
        api=False,
        data=lambda w: {"name": "Mia Myself", "club": "", "country": "ENG"},
    ),
    Write(
        "page: approve a claim (player entered in E only)",
        "claim-approve",
        "post",
        lambda w: f"/claims/{w.claims['x'].pk}/approve/",
        _claim("x"),
        DIRECTOR | REGISTRY,
        302,
        anonymous=302,
        statuses=SERVICE_REFUSES,
        api=False,
    ),
    Write(
        "page: approve a claim (player entered in E and F)",
        "claim-approve",
        "post",
        lambda w: f"/claims/{w.claims['y'].pk}/approve/",
        _claim("y"),
        REGISTRY,
        302,
        anonymous=302,
        statuses=SERVICE_REFUSES,
        api=False,
    ),
    Write(
        "page: refuse a claim (player entered in E and F)",
        "claim-refuse",
        "post",
        lambda w: f"/claims/{w.claims['y'].pk}/refuse/",
        _claim("y"),
        REGISTRY,
        302,
        anonymous=302,
        statuses=SERVICE_REFUSES,
        api=False,
        data=lambda w: {"reason": "not the same person"},
    ),
    Write(
        "page: merge two registry players",
        "registry-merge",
        "post",
        lambda w: "/players/merge/",
        _players,
        REGISTRY,
        302,
        anonymous=302,
        api=False,
        data=lambda w: {
            "a": w.players["survivor"].pk,
            "b": w.players["absorbed"].pk,
            "survivor": "a",
            "reason": "the same person",
            "confirm": "1",
        },
    ),
    Write(
        "page: undo a merge",
        "registry-merge-undo",
        "post",
        lambda w: f"/players/merges/{w.merge.pk}/undo/",
        _merge,
        REGISTRY,
        302,
        anonymous=302,
        api=False,
        data=lambda w: {"reason": "two people after all"},
    ),
    Write(
        "page: create a festival",
        "festival-create",
        "post",
        lambda w: "/festivals/new/",
        _festivals,
        frozenset({"director", "director_other"}),
        302,
        anonymous=302,
        api=False,
        data=lambda w: {**FESTIVAL_FORM, "name": "PM New Festival"},
    ),
    Write(
        "page: edit the festival",
        "festival-edit",
        "post",
        lambda w: f"/festivals/{w.festivals['this'].slug}/edit/",
        _festival,
        DIRECTOR,
        302,
        anonymous=302,
        api=False,
        data=lambda w: dict(FESTIVAL_FORM),
    ),
    Write(
        "page: edit the event",
        "event-edit",
        "post",
        lambda w: "/events/pm-event-e/edit/",
        _event_page,
        DIRECTOR,
        302,
        anonymous=302,
        api=False,
        data=lambda w: _edit_event_form(w, w.festivals["this"], venue="Elsewhere"),
    ),
    Write(
        "page: put the event into another director's festival",
        "event-edit",
        "post",
        lambda w: "/events/pm-event-e/edit/",
        _event_festival,
        NOBODY,
        302,
        anonymous=302,
        statuses={"director": 302},  # saved; the event asks to join, and counts nowhere until then
        api=False,
        data=lambda w: _edit_event_form(w, w.festivals["other"]),
    ),
    Write(
        "page: create an event in another director's festival",
        "event-create",
        "post",
        lambda w: "/events/new/",
        _other_festival_events,
        NOBODY,
        302,
        anonymous=302,
        # Created; the event asks to join, and counts nowhere until the festival approves.
        statuses={"director": 302, "director_other": 302},
        api=False,
        data=lambda w: _new_event_in(w, w.festivals["other"]),
    ),
]
