"""Claims of registry players: a person claims their player (or adds themselves), a director of
an event the player played in, or a registrar, approves or refuses; races end in one link."""

from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from tests.factories import (
    EntryFactory,
    EventFactory,
    PlayerFactory,
    UserFactory,
    arbiter_of,
    director_of,
)
from tests.tournament.races import Call, together
from tournament.claims.models import PlayerClaim
from tournament.claims.services import (
    OTHER_CLAIM_APPROVED,
    approve_claim,
    claim_player,
    create_own_player,
    refuse_claim,
    withdraw_claim,
)
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.models.decisions import Decision
from tournament.models.events import Player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def person(name: str = "ann@example.org") -> Any:
    return UserFactory(username=name, email=name, first_name=name.split("@")[0].title())


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def played_in_event() -> tuple[Player, Any]:
    """A registry player with an entry in an event, and that event's director."""
    event = EventFactory()
    player = PlayerFactory(name="Ann Hartley")
    EntryFactory(event=event, player=player)
    return player, director_of(event, "td")


def registrar(name: str = "registrar", perm: str = "keep_registry") -> Any:
    user = UserFactory(username=name)
    user.user_permissions.add(Permission.objects.get(codename=perm))
    return type(user).objects.get(pk=user.pk)  # a fresh object: no cached permissions


def test_claim_then_approve_on_the_pages_links_the_player() -> None:
    player, td = played_in_event()
    merged = PlayerFactory(name="Ann Hartley (old)", merged_into=player)
    ann = person()
    client = client_of(ann)
    search = client.get(reverse("account-claim"), {"q": "hartley"}).content.decode()
    assert f'href="{reverse("account-claim-player", args=[player.pk])}"' in search
    assert f"player-{merged.pk}" not in search  # merged duplicates are hidden
    response = client.post(
        reverse("account-claim-player", args=[player.pk]), {"message": "I play for Cambridge"}
    )
    assert response.status_code == 302 and response["Location"] == reverse("account")
    claim = PlayerClaim.objects.get()
    assert (claim.user, claim.player, claim.status) == (ann, player, Decision.PENDING)
    assert claim.message == "I play for Cambridge"
    assert b"A director or a registrar will decide" in client.get(reverse("account")).content

    claims_page = client_of(td).get(reverse("claims")).content.decode()
    assert "I play for Cambridge" in claims_page
    response = client_of(td).post(reverse("claim-approve", args=[claim.pk]))
    assert response.status_code == 302
    player.refresh_from_db()
    claim.refresh_from_db()
    assert player.user == ann
    assert claim.status == Decision.APPROVED and claim.decided_by == td and claim.decided_at
    account = client.get(reverse("account")).content.decode()
    assert "Ann Hartley" in account and "My games" in account
    # Taken now: another person sees it so, and cannot claim it.
    bob = client_of(person("bob@example.org"))
    search = bob.get(reverse("account-claim"), {"q": "hartley"}).content.decode()
    assert "Taken" in search
    refused = bob.post(reverse("account-claim-player", args=[player.pk]), {"message": ""})
    assert "Ann Hartley is already linked to an account." in refused.content.decode()


def test_one_pending_claim_per_person() -> None:
    first, second = PlayerFactory(), PlayerFactory()
    ann = person()
    claim_player(user=ann, player=first, message="")
    with pytest.raises(Conflict) as refused:
        claim_player(user=ann, player=second, message="")
    assert "You have already claimed " + first.name in refused.value.message
    assert PlayerClaim.objects.count() == 1
    # Withdrawn, the person may claim another.
    withdraw_claim(user=ann)
    assert PlayerClaim.objects.get().status == Decision.REFUSED
    claim_player(user=ann, player=second, message="")
    assert PlayerClaim.objects.filter(status=Decision.PENDING).get().player == second


def test_a_claim_is_refused_for_a_linked_or_merged_player_or_a_person_with_a_player() -> None:
    linked = PlayerFactory(user=person("owner@example.org"))
    with pytest.raises(Conflict, match="already linked to an account"):
        claim_player(user=person(), player=linked)
    survivor = PlayerFactory()
    merged = PlayerFactory(merged_into=survivor)
    with pytest.raises(DomainError, match="merged into another record") as exc:
        claim_player(user=person("c@example.org"), player=merged)
    assert exc.value.field == "player"
    has_one = person("d@example.org")
    PlayerFactory(user=has_one, name="Dora")
    with pytest.raises(Conflict, match="already linked to Dora"):
        claim_player(user=has_one, player=survivor)
    with pytest.raises(DomainError, match="longer than 300") as long:
        claim_player(user=person("e@example.org"), player=survivor, message="x" * 301)
    assert long.value.field == "message"
    assert not PlayerClaim.objects.exists()


def test_a_refused_claim_shows_its_reason_to_the_person() -> None:
    player, td = played_in_event()
    ann = person()
    claim = claim_player(user=ann, player=player, message="me")
    page = client_of(td)
    no_reason = page.post(reverse("claim-refuse", args=[claim.pk]), {"reason": " "}, follow=True)
    assert b"Say why the claim is refused." in no_reason.content
    claim.refresh_from_db()
    assert claim.status == Decision.PENDING
    page.post(reverse("claim-refuse", args=[claim.pk]), {"reason": "Ann is my daughter, not you"})
    claim.refresh_from_db()
    assert claim.status == Decision.REFUSED and claim.decided_by == td and claim.decided_at
    assert claim.reason == "Ann is my daughter, not you"
    player.refresh_from_db()
    assert player.user is None
    account = client_of(ann).get(reverse("account")).content.decode()
    assert "was refused" in account and "Ann is my daughter, not you" in account
    with pytest.raises(Conflict, match="already decided"):
        approve_claim(claim=claim, user=td)


@pytest.mark.parametrize("who", ["director", "registrar", "approver", "superuser", "staff"])
def test_who_may_approve(who: str) -> None:
    player, td = played_in_event()
    claim = claim_player(user=person(), player=player)
    decider = {
        "director": lambda: td,
        "registrar": lambda: registrar(),
        "approver": lambda: registrar("approver", "approve_claims"),
        "superuser": lambda: UserFactory(username="root", is_superuser=True),
        "staff": lambda: UserFactory(username="staff", is_staff=True),
    }[who]()
    listed = client_of(decider).get(reverse("claims"))
    assert listed.status_code == 200 and f"claim-{claim.pk}" in listed.content.decode()
    approve_claim(claim=claim, user=decider)
    player.refresh_from_db()
    assert player.user == claim.user


@pytest.mark.parametrize(
    "who", ["claimant", "player", "arbiter", "other arbiter", "other director", "nobody"]
)
def test_who_may_not_approve(who: str) -> None:
    player, _td = played_in_event()
    ann = person()
    claim = claim_player(user=ann, player=player)
    elsewhere = EventFactory()  # the player played here too
    EntryFactory(event=elsewhere, player=player)
    other_event = EventFactory()
    decider = {
        "claimant": lambda: ann,
        "player": lambda: PlayerFactory(user=person("p@example.org")).user,
        # An arbiter of an event the player played in: arbiters record games, not people.
        "arbiter": lambda: arbiter_of(elsewhere, "arb"),
        "other arbiter": lambda: arbiter_of(other_event, "arb2"),
        "other director": lambda: director_of(other_event, "td2"),
        "nobody": lambda: UserFactory(username="nobody"),
    }[who]()
    with pytest.raises(NotAllowed, match="may decide this claim"):
        approve_claim(claim=claim, user=decider)
    with pytest.raises(NotAllowed):
        refuse_claim(claim=claim, user=decider, reason="no")
    client = client_of(decider)
    page = client.get(reverse("claims"))
    if who == "other director":
        assert page.status_code == 200 and f"claim-{claim.pk}" not in page.content.decode()
    else:
        assert page.status_code == 403
    client.post(reverse("claim-approve", args=[claim.pk]))
    claim.refresh_from_db()
    player.refresh_from_db()
    assert claim.status == Decision.PENDING and player.user is None


def test_the_claims_page_sends_anonymous_visitors_to_log_in() -> None:
    response = Client().get(reverse("claims"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_two_claims_of_one_player_one_approval_wins_the_other_is_a_conflict() -> None:
    player, td = played_in_event()
    first = claim_player(user=person("a@example.org"), player=player)
    second = claim_player(user=person("b@example.org"), player=player)
    # Both approvers loaded their pages before either decided.
    stale_first = PlayerClaim.objects.get(pk=first.pk)
    stale_second = PlayerClaim.objects.get(pk=second.pk)
    approve_claim(claim=stale_first, user=td)
    with pytest.raises(Conflict, match="already decided") as lost:
        approve_claim(claim=stale_second, user=registrar())
    assert lost.value.status_code == 409
    player.refresh_from_db()
    second.refresh_from_db()
    assert player.user == first.user
    assert second.status == Decision.REFUSED and second.reason == OTHER_CLAIM_APPROVED
    # On the page, the loser is told why and nothing changes.
    again = client_of(td).post(reverse("claim-approve", args=[second.pk]), follow=True)
    assert b"was already decided" in again.content


def test_approval_refuses_a_player_linked_meanwhile_or_a_person_with_a_player() -> None:
    player, td = played_in_event()
    claim = claim_player(user=person(), player=player)
    Player.objects.filter(pk=player.pk).update(user=person("admin-linked@example.org"))
    with pytest.raises(Conflict, match="linked to another account meanwhile"):
        approve_claim(claim=claim, user=td)
    other = PlayerFactory()
    EntryFactory(event=player.entries.get().event, player=other)
    bob = person("bob@example.org")
    claim_b = claim_player(user=bob, player=other)
    PlayerFactory(user=bob)  # linked by an admin meanwhile
    with pytest.raises(Conflict, match="already linked to a player") as exc:
        approve_claim(claim=claim_b, user=td)
    assert exc.value.status_code == 409
    other.refresh_from_db()
    assert other.user is None
    assert PlayerClaim.objects.filter(status=Decision.PENDING).count() == 2


def test_a_person_adds_themselves_to_the_registry_linked_at_once() -> None:
    PlayerFactory(name="Ann Hartley", club="Cambridge")
    ann = person()
    client = client_of(ann)
    form = client.get(reverse("account-new-player")).content.decode()
    assert 'value="Ann"' in form  # the display name, as a start
    same = client.post(
        reverse("account-new-player"), {"name": "ann hartley", "club": "CAMBRIDGE"}
    ).content.decode()
    assert "The registry already has Ann Hartley (Cambridge): claim that player" in same
    bad = client.post(reverse("account-new-player"), {"name": "Ann Hartley", "country": "E1"})
    assert "must be a code of 2 or 3 letters" in bad.content.decode()
    response = client.post(
        reverse("account-new-player"), {"name": "Ann Hartley", "club": "Oxford", "country": "eng"}
    )
    assert response.status_code == 302
    mine = Player.objects.get(user=ann)
    assert (mine.name, mine.club, mine.country) == ("Ann Hartley", "Oxford", "ENG")
    assert not PlayerClaim.objects.exists()  # no approval for a brand-new record
    # Once linked, the claim pages send the person back to their account.
    assert client.get(reverse("account-claim"))["Location"] == reverse("account")
    with pytest.raises(Conflict, match="already linked"):
        create_own_player(user=ann, name="Ann Again")


def test_adding_oneself_waits_for_a_pending_claim_to_be_withdrawn() -> None:
    ann = person()
    claim_player(user=ann, player=PlayerFactory())
    with pytest.raises(Conflict, match="withdraw that claim first"):
        create_own_player(user=ann, name="Ann New")
    assert not Player.objects.filter(user=ann).exists()


def test_the_api_claims_approves_and_refuses() -> None:
    from rest_framework.test import APIClient

    player, td = played_in_event()
    ann = person()
    api = APIClient()
    api.force_authenticate(ann)
    made = api.post("/api/claims/", {"player": player.pk, "message": "me"}, format="json")
    assert made.status_code == 201 and made.json()["status"] == "pending"
    again = api.post("/api/claims/", {"player": player.pk}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "claim_pending"
    missing = api.post("/api/claims/", {"player": 999999}, format="json")
    assert missing.status_code == 400 and missing.json()["field"] == "player"
    assert api.get("/api/claims/").status_code == 403  # a claimant decides nothing
    assert api.post(f"/api/claims/{made.json()['id']}/approve/").status_code == 403

    director = APIClient()
    director.force_authenticate(td)
    listed = director.get("/api/claims/").json()
    assert [c["id"] for c in listed] == [made.json()["id"]]
    # The director sees the claimant's display name, not the address (issue 25, item 5).
    assert listed[0]["display_name"] == "Ann" and "ann@example.org" not in str(listed)
    refused = director.post(f"/api/claims/{made.json()['id']}/refuse/", {}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "reason"
    approved = director.post(f"/api/claims/{made.json()['id']}/approve/")
    assert approved.status_code == 200 and approved.json()["status"] == "approved"
    player.refresh_from_db()
    assert player.user == ann
    assert director.get("/api/claims/").json() == []
    assert director.post("/api/claims/999999/approve/").status_code == 404
    assert APIClient().get("/api/claims/").status_code == 403


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_approvals_sent_at_once_link_the_player_once(postgres: None) -> None:
    player, td = played_in_event()
    first = claim_player(user=person("a@example.org"), player=player)
    second = claim_player(user=person("b@example.org"), player=player)
    answers = together(
        [
            Call(td, "post", f"/api/claims/{first.pk}/approve/"),
            Call(registrar(), "post", f"/api/claims/{second.pk}/approve/"),
        ]
    )
    assert sorted(a.status for a in answers) == [200, 409], answers
    lost = next(a for a in answers if a.status == 409)
    assert "already decided" in lost.detail or "meanwhile" in lost.detail
    player.refresh_from_db()
    winner = first if answers[0].status == 200 else second
    assert player.user_id == winner.user_id
    assert PlayerClaim.objects.filter(status=Decision.APPROVED).count() == 1


def test_withdrawing_on_the_account_page_lets_the_person_search_again() -> None:
    ann = person()
    claim_player(user=ann, player=PlayerFactory(name="Zed Zebra"))
    client = client_of(ann)
    assert b"Withdraw the claim" in client.get(reverse("account")).content
    done = client.post(reverse("account-claim-withdraw"), follow=True).content.decode()
    assert "Your claim is withdrawn." in done
    assert "was refused" not in done and "Find yourself in the registry" in done
    assert PlayerClaim.objects.get().status == Decision.REFUSED
    again = client.post(reverse("account-claim-withdraw"), follow=True).content.decode()
    assert "You have no claim waiting for a decision." in again
