"""The permission matrix for players: a signed-in player reads their own private data and writes
only their own check-in, entry, confirmation and settings; everything a director or an arbiter
does stays theirs. Scripts sign in with a token, and get the same answers."""

from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, UserFactory, arbiter_of
from tests.tournament.helpers import api_as, event_with_players
from tournament.checkin.models import CheckIn
from tournament.claims.models import PlayerClaim
from tournament.confirmations.models import ResultConfirmation
from tournament.models.events import Board, Entry, Event, Player, Round
from tournament.models.tables import SEATED
from tournament.notifications.models import Notification
from tournament.registry.models import PlayerMerge
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def linked(entry: Entry, username: str) -> Any:
    """The entry's player, claimed by an account."""
    user = UserFactory(username=username, email=f"{username}@example.org")
    Player.objects.filter(pk=entry.player_id).update(user=user)
    return user


def by_token(user: Any) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return api


@pytest.fixture
def published() -> tuple[Event, Any, Round, dict[str, Any]]:
    """Round 1 published (check-in for round 2 open), four of the six entries claimed."""
    event, td = event_with_players(6, rounds=3, system="swiss", check_in_required=False)
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    publish_round(round_=Round.objects.get(pk=round_.pk), user=td)
    Event.objects.filter(pk=event.pk).update(check_in_required=True)
    event.refresh_from_db()
    entries = list(event.entries.order_by("starting_rank"))
    people = {f"p{n}": linked(entries[n], f"p{n}") for n in range(4)}
    return event, td, Round.objects.get(pk=round_.pk), people


def board_of(round_: Round, user: Any) -> Board:
    return next(
        b
        for b in round_.boards.prefetch_related(*SEATED)
        if user.pk in {side.player.user_id for side in b.sides}
    )


@pytest.mark.parametrize("signed_in", [api_as, by_token])
def test_a_player_reads_only_their_own_private_data(
    published: tuple[Event, Any, Round, dict[str, Any]], signed_in: Any
) -> None:
    event, td, round_, people = published
    p0, p1 = people["p0"], people["p1"]
    Notification.objects.create(
        player=Player.objects.get(user=p1), event=event, key="x", subject="Bob's", body="."
    )
    api = signed_in(p0)
    me = api.get("/api/me/").json()
    assert me["player"]["id"] == Player.objects.get(user=p0).pk
    games = api.get("/api/me/games/")
    assert games.status_code == 200
    text = games.content.decode()
    assert Player.objects.get(user=p0).name in text
    assert "Bob's" not in api.get("/api/me/notifications/").content.decode()
    # A director's lists are not a player's.
    assert api.get(f"/api/events/{event.slug}/check-ins/").status_code == 403
    assert api.get("/api/claims/").json()["code"] == "not_claim_approver"
    for anonymous in ("/api/me/", "/api/me/games/", "/api/me/notifications/"):
        assert APIClient().get(anonymous).status_code == 403, anonymous


@pytest.mark.parametrize("signed_in", [api_as, by_token])
def test_a_player_writes_only_their_own_check_in_entry_confirmation_and_settings(
    published: tuple[Event, Any, Round, dict[str, Any]], signed_in: Any
) -> None:
    event, td, round_, people = published
    p0 = people["p0"]
    api = signed_in(p0)
    mine = event.entries.get(player__user=p0)
    theirs = event.entries.get(player__user=people["p1"])
    base = f"/api/events/{event.slug}"

    # Their own: allowed.
    assert api.post(f"{base}/check-in/", {"round": 2}, format="json").status_code == 201
    assert CheckIn.objects.filter(entry=mine, round_number=2).exists()
    assert api.patch("/api/me/", {"notify": False}, format="json").status_code == 200
    assert Player.objects.get(user=p0).notify is False
    board = board_of(round_, p0)
    word = {"result": "1-0", "first_lowest": 12, "second_lowest": 9}  # levels break ties here
    said = api.post(f"/api/boards/{board.pk}/confirm/", word, format="json")
    assert said.status_code == 200, said.content
    assert ResultConfirmation.objects.get(board=board).user == p0
    shown = api.get(f"{base}/boards/{board.pk}/").json()
    assert (shown["confirmation"], shown["result"]) == ("awaiting", "")
    withdrawn = api.patch(f"{base}/entries/{mine.pk}/", {"status": "withdrawn"}, format="json")
    assert withdrawn.status_code == 200, withdrawn.content
    mine.refresh_from_db()
    assert mine.status == Entry.Status.WITHDRAWN

    # Anyone else's, or a director's: refused, and nothing changes.
    refused = [
        ("patch", f"{base}/entries/{theirs.pk}/", {"status": "withdrawn"}),
        ("patch", f"{base}/", {"name": "Hijacked"}),
        ("post", f"{base}/rounds/2/publish/", {}),
        ("post", f"{base}/roles/", {"username": "p0", "role": "director"}),
        ("put", f"{base}/check-in-windows/2/", {"opens_at": "2026-01-01T10:00:00Z"}),
        ("post", "/api/players/merge/", {"survivor": mine.player_id, "absorbed": 1, "reason": "x"}),
        ("post", "/api/events/", {"name": "My own event"}),
        ("patch", f"/api/players/{theirs.player_id}/", {"name": "Renamed"}),
    ]
    other_board = next(b for b in round_.boards.all() if b.pk != board.pk and len(b.side_ids) > 1)
    refused.append(("post", f"/api/boards/{other_board.pk}/confirm/", {"result": "1-0"}))
    for method, url, data in refused:
        response = getattr(api, method)(url, data, format="json")
        expected = 404 if url.endswith("/rounds/2/publish/") else 403  # round 2 is not paired
        assert response.status_code == expected, (method, url, response.status_code)
    theirs.refresh_from_db()
    event.refresh_from_db()
    assert theirs.status == Entry.Status.ACTIVE and event.name != "Hijacked"
    assert not ResultConfirmation.objects.filter(board=other_board).exists()
    assert not PlayerMerge.objects.exists() and Event.objects.count() == 1
    assert event.roles.filter(user=p0).count() == 0
    assert Round.objects.filter(event=event).count() == 1


def test_a_claim_is_decided_by_a_registrar_or_the_players_director_never_by_a_player(
    published: tuple[Event, Any, Round, dict[str, Any]],
) -> None:
    event, td, _round, people = published
    newcomer = UserFactory(username="newcomer")
    unclaimed = event.entries.filter(player__user__isnull=True).first()
    assert unclaimed is not None
    claim = PlayerClaim.objects.create(user=newcomer, player=unclaimed.player)
    arbiter = arbiter_of(event, "arb")
    for who in (people["p0"], newcomer, arbiter, UserFactory(username="stranger")):
        response = api_as(who).post(f"/api/claims/{claim.pk}/approve/", {}, format="json")
        assert response.status_code == 403, (who.username, response.status_code)
    claim.refresh_from_db()
    assert claim.status == "pending"
    approved = api_as(td).post(f"/api/claims/{claim.pk}/approve/", {}, format="json")
    assert approved.status_code == 200, approved.content
    assert Player.objects.get(pk=unclaimed.player_id).user == newcomer


def test_a_player_of_another_event_cannot_check_in_or_enter_where_it_is_closed(
    published: tuple[Event, Any, Round, dict[str, Any]],
) -> None:
    event, _td, _round, _people = published
    outsider = UserFactory(username="outsider")
    PlayerFactory(name="Outsider", user=outsider)
    api = api_as(outsider)
    base = f"/api/events/{event.slug}"
    assert api.post(f"{base}/check-in/", {"round": 2}, format="json").status_code == 403
    assert api.post(f"{base}/enter/", {}, format="json").status_code == 400
    assert not event.entries.filter(player__user=outsider).exists()
