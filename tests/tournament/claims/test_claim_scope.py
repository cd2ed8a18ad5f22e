"""Issue 25, item 2 (claim laundering): a claim is decided by someone other than the claimant,
who directs every event the player has entered, or by a registrar or claim approver. The
director of F who enters event E's player in F cannot hand that player to anyone, himself
included."""

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.factories import EntryFactory, EventFactory, PlayerFactory, UserFactory, director_of
from tests.tournament.helpers import api_as
from tournament.accounts import verification
from tournament.claims.models import PlayerClaim
from tournament.claims.services import approve_claim, claim_player
from tournament.entries.services import add_entry
from tournament.errors import NotAllowed
from tournament.models.decisions import Decision
from tournament.models.events import Player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def laundering_setup() -> tuple[Player, Any, Any]:
    """Event E's player, entered by the director of F in F too; E's and F's directors."""
    event_e, event_f = EventFactory(name="Event E"), EventFactory(name="Event F")
    player = PlayerFactory(name="Erin Example")
    EntryFactory(event=event_e, player=player)
    director_e = director_of(event_e, "director_e")
    director_f = director_of(event_f, "director_f")
    add_entry(event=event_f, user=director_f, player=player)
    return player, director_e, director_f


def test_the_director_of_f_cannot_approve_a_sign_ups_claim_of_es_player() -> None:
    player, _, director_f = laundering_setup()
    claim = claim_player(user=UserFactory(username="newcomer"), player=player)

    api = api_as(director_f).post(f"/api/claims/{claim.pk}/approve/")
    client_of(director_f).post(reverse("claim-approve", args=[claim.pk]))
    with pytest.raises(NotAllowed):
        approve_claim(claim=claim, user=director_f)

    assert api.status_code == 403
    assert PlayerClaim.objects.get(pk=claim.pk).status == Decision.PENDING
    assert Player.objects.get(pk=player.pk).user_id is None


def test_the_claims_list_of_the_director_of_f_leaves_out_es_player() -> None:
    player, _, director_f = laundering_setup()
    claim_player(user=UserFactory(username="newcomer"), player=player)

    listed = api_as(director_f).get("/api/claims/")
    page = client_of(director_f).get(reverse("claims"))

    assert listed.status_code == 200
    assert listed.json() == []
    assert page.status_code == 200
    assert "Erin Example" not in page.content.decode()


def test_nobody_decides_their_own_claim_not_even_staff_or_a_superuser() -> None:
    player, _, director_f = laundering_setup()
    own = claim_player(user=director_f, player=player)
    refused = api_as(director_f).post(f"/api/claims/{own.pk}/approve/")
    assert refused.status_code == 403
    assert refused.json()["code"] == "own_claim"
    PlayerClaim.objects.filter(pk=own.pk).delete()

    root = get_user_model().objects.create_superuser("root", "root@example.org", "pw-root-1234")
    verification.mark_verified(user=root, source="test")
    mine = claim_player(user=root, player=player)
    with pytest.raises(NotAllowed):
        approve_claim(claim=mine, user=root)
    assert api_as(root).get("/api/claims/").json() == []
    assert PlayerClaim.objects.get(pk=mine.pk).status == Decision.PENDING
    assert Player.objects.get(pk=player.pk).user_id is None


def test_a_director_of_every_event_the_player_entered_decides() -> None:
    player, director_e, director_f = laundering_setup()
    claim = claim_player(user=UserFactory(username="newcomer"), player=player)
    # E's director alone does not direct F, where the player is entered too.
    assert api_as(director_e).post(f"/api/claims/{claim.pk}/approve/").status_code == 403
    director_e.event_roles.create(event=director_f.event_roles.get().event, role="director")

    approved = api_as(director_e).post(f"/api/claims/{claim.pk}/approve/")

    assert approved.status_code == 200
    assert Player.objects.get(pk=player.pk).user.username == "newcomer"


def test_a_registrar_decides_the_claim_of_a_player_of_any_event() -> None:
    player, _, _ = laundering_setup()
    claim = claim_player(user=UserFactory(username="newcomer"), player=player)
    staff = UserFactory(username="staffer", is_staff=True)

    refused = api_as(staff).post(f"/api/claims/{claim.pk}/refuse/", {"reason": "not you"})

    assert refused.status_code == 200
    assert PlayerClaim.objects.get(pk=claim.pk).status == Decision.REFUSED


def test_a_player_without_entries_is_decided_by_registrars_only() -> None:
    player = PlayerFactory(name="Never Played")
    director = director_of(EventFactory(), "td")
    claim = claim_player(user=UserFactory(username="newcomer"), player=player)

    assert api_as(director).post(f"/api/claims/{claim.pk}/approve/").status_code == 403
    assert PlayerClaim.objects.get(pk=claim.pk).status == Decision.PENDING
