"""Online entry and a player's own entry: entering an open event (at once, or by a request a
director approves or refuses), the refusals, withdrawing one's own entry, requesting byes within
the event's rules; through the services, the pages and the API."""

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    director_of,
)
from tournament.entries.byes import set_requested_byes
from tournament.entries.models import EntryRequest
from tournament.entries.online import (
    approve_entry_request,
    enter_online,
    refuse_entry_request,
)
from tournament.entries.services import withdraw_entry
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.events.models import EventLogEntry
from tournament.models.decisions import Decision
from tournament.models.events import Board, Entry, Event, Player

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def linked_player(username: str = "alice", **fields: Any) -> tuple[Any, Player]:
    user = UserFactory(username=username)
    player = PlayerFactory(**fields)
    player.user = user
    player.save()
    return user, player


def open_event(**fields: Any) -> Event:
    return EventFactory(entry_open=True, **fields)


def messages_of(response: Any) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def online_log(event: Event) -> list[str]:
    found = event.log_entries.filter(kind=EventLogEntry.Kind.ONLINE_ENTRY)
    return list(found.values_list("description", flat=True))


# ---------------------------------------------------------------- the services


@pytest.mark.django_db
def test_an_open_event_without_approval_enters_the_player_at_once() -> None:
    event = open_event()
    EntryFactory(event=event, starting_rank=1)
    user, player = linked_player()
    entry = enter_online(event=event, user=user)
    assert isinstance(entry, Entry)
    assert entry.player == player and entry.starting_rank == 2 and entry.joined_round == 1
    assert online_log(event) == [f"{player.name} entered online as #2."]
    assert event.log_entries.get(kind="online-entry").user == user


@pytest.mark.django_db
def test_an_online_entry_after_round_one_is_a_late_entry() -> None:
    event = open_event(rounds=5)
    board = BoardFactory(round=RoundFactory(event=event, number=1, status="complete"))
    board.result = "1-0"
    board.save()
    user, player = linked_player()
    entry = enter_online(event=event, user=user)
    assert entry.joined_round == 2
    missed = Board.objects.filter(seats__entry=entry).distinct().get(round__number=1)
    assert missed.result == "absent" and missed.side_ids == [entry.pk]
    assert event.log_entries.filter(kind="late-entry").exists()


@pytest.mark.django_db
def test_with_approval_a_request_waits_and_a_director_approves_it() -> None:
    event = open_event(entry_approval=True)
    td = director_of(event)
    user, player = linked_player()
    request = enter_online(event=event, user=user)
    assert isinstance(request, EntryRequest) and request.status == Decision.PENDING
    assert not event.entries.exists()
    with pytest.raises(Conflict, match="already waiting"):
        enter_online(event=event, user=user)
    with pytest.raises(NotAllowed):
        approve_entry_request(entry_request=request, user=user)
    entry = approve_entry_request(entry_request=request, user=td)
    request.refresh_from_db()
    assert entry.player == player and request.status == Decision.APPROVED
    assert request.decided_by == td and request.decided_at is not None
    with pytest.raises(Conflict, match="already decided"):
        approve_entry_request(entry_request=request, user=td)
    assert online_log(event) == [
        f"{player.name} asked to enter online (waiting for approval).",
        f"Online entry of {player.name} approved (#1).",
    ]


@pytest.mark.django_db
def test_a_director_refuses_a_request_with_a_reason() -> None:
    event = open_event(entry_approval=True)
    td = director_of(event)
    user, player = linked_player()
    request = enter_online(event=event, user=user)
    with pytest.raises(DomainError, match="Say why") as refused:
        refuse_entry_request(entry_request=request, user=td, reason="  ")
    assert refused.value.field == "reason"
    refuse_entry_request(entry_request=request, user=td, reason="Event full")
    request.refresh_from_db()
    assert request.status == Decision.REFUSED and request.reason == "Event full"
    assert not event.entries.exists()
    assert online_log(event)[-1] == f"Online entry of {player.name} refused: Event full"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("setup", "code"),
    [
        ({"entry_open": False}, "entry_closed"),
        ({"entry_open": True, "status": "finished"}, "event_finished"),
    ],
)
def test_closed_and_finished_events_refuse(setup: dict[str, Any], code: str) -> None:
    event = EventFactory(**setup)
    user, _ = linked_player()
    with pytest.raises(DomainError) as refused:
        enter_online(event=event, user=user)
    assert refused.value.code == code
    assert not event.entries.exists() and not event.entry_requests.exists()


@pytest.mark.django_db
def test_double_entries_withdrawn_players_and_no_player_are_refused() -> None:
    event = open_event()
    user, player = linked_player()
    enter_online(event=event, user=user)
    with pytest.raises(DomainError, match="already entered") as double:
        enter_online(event=event, user=user)
    assert double.value.code == "already_entered"
    event.entries.update(status=Entry.Status.WITHDRAWN)
    with pytest.raises(DomainError, match="withdrew") as withdrawn:
        enter_online(event=event, user=user)
    assert withdrawn.value.code == "withdrawn"
    with pytest.raises(NotAllowed, match="claim your player"):
        enter_online(event=event, user=UserFactory(username="nobody"))
    assert event.entries.count() == 1


@pytest.mark.django_db
def test_a_player_withdraws_their_own_entry_only() -> None:
    event = open_event()
    user, player = linked_player()
    own = EntryFactory(event=event, player=player)
    other = EntryFactory(event=event)
    with pytest.raises(NotAllowed, match=other.player.name):
        withdraw_entry(entry=other, user=user)
    withdraw_entry(entry=own, user=user)
    own.refresh_from_db()
    other.refresh_from_db()
    assert own.status == "withdrawn" and other.status == "active"
    assert event.log_entries.get(kind="withdraw").user == user


@pytest.mark.django_db
def test_byes_within_the_events_values_and_only_for_rounds_not_paired() -> None:
    event = open_event(rounds=6, requested_bye_points=["0.5", "1"])
    user, player = linked_player()
    own = EntryFactory(event=event, player=player)
    entry = set_requested_byes(entry=own, user=user, rounds=[(3, "1"), 4])
    assert entry.requested_byes == [3, 4]
    assert entry.requested_bye_points == {"3": "1", "4": "0.5"}
    with pytest.raises(DomainError, match="not 0") as bad:
        set_requested_byes(entry=own, user=user, rounds=[(5, "0")])
    assert bad.value.field == "requested_byes"
    RoundFactory(event=event, number=1)
    with pytest.raises(DomainError, match="already paired"):
        set_requested_byes(entry=own, user=user, rounds=[1, 3, 4])
    other = EntryFactory(event=event)
    with pytest.raises(NotAllowed):
        set_requested_byes(entry=other, user=user, rounds=[5])
    own.refresh_from_db()
    other.refresh_from_db()
    assert own.requested_byes == [3, 4] and other.requested_byes == []


# ---------------------------------------------------------------- the pages


@pytest.mark.django_db
def test_the_event_page_offers_entry_and_the_player_enters(client: Client) -> None:
    event = open_event()
    user, player = linked_player()
    client.force_login(user)
    page = client.get(event.get_absolute_url()).content.decode()
    assert "Enter this event" in page and f'action="/events/{event.slug}/enter/"' in page
    response = client.post(f"/events/{event.slug}/enter/", follow=True)
    assert "You are entered in" in " ".join(messages_of(response))
    assert event.entries.get().player == player
    page = client.get(event.get_absolute_url()).content.decode()
    assert "Enter this event" not in page and "You are entered as #1" in page


@pytest.mark.django_db
def test_no_enter_button_on_a_closed_event_or_for_strangers(client: Client) -> None:
    closed = EventFactory()
    user, _ = linked_player()
    client.force_login(user)
    assert "Enter this event" not in client.get(closed.get_absolute_url()).content.decode()
    response = client.post(f"/events/{closed.slug}/enter/", follow=True)
    assert "does not take entries online" in " ".join(messages_of(response))
    assert not closed.entries.exists()
    anonymous = Client()
    opened = open_event()
    assert "Enter this event" not in anonymous.get(opened.get_absolute_url()).content.decode()
    response = anonymous.post(f"/events/{opened.slug}/enter/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not opened.entries.exists()
    unclaimed = Client()
    unclaimed.force_login(UserFactory(username="nobody"))
    page = unclaimed.get(opened.get_absolute_url()).content.decode()
    assert "Enter this event" not in page and 'href="/account/"' in page


@pytest.mark.django_db
def test_the_director_decides_waiting_entries_on_pages(client: Client) -> None:
    event = open_event(entry_approval=True)
    td = director_of(event)
    user, player = linked_player(name="Ada Waiting")
    other_user, other = linked_player("bob", name="Bob Refused")
    first = enter_online(event=event, user=user)
    second = enter_online(event=event, user=other_user)
    client.force_login(td)
    entries_page = client.get(f"/events/{event.slug}/entries/").content.decode()
    assert "Waiting for approval" in entries_page and "Ada Waiting" in entries_page
    requests_page = client.get(f"/events/{event.slug}/entry-requests/").content.decode()
    assert f"/entry-requests/{first.pk}/approve/" in requests_page
    client.post(f"/events/{event.slug}/entry-requests/{first.pk}/approve/")
    response = client.post(
        f"/events/{event.slug}/entry-requests/{second.pk}/refuse/", {"reason": ""}, follow=True
    )
    assert "Say why" in " ".join(messages_of(response))
    client.post(f"/events/{event.slug}/entry-requests/{second.pk}/refuse/", {"reason": "Full"})
    assert list(event.entries.values_list("player__name", flat=True)) == ["Ada Waiting"]
    second.refresh_from_db()
    assert second.status == Decision.REFUSED and second.reason == "Full"
    # The refused player sees why on the event page.
    player_client = Client()
    player_client.force_login(other_user)
    page = player_client.get(event.get_absolute_url()).content.decode()
    assert "Your last request was refused: Full" in page
    # A player cannot decide.
    third_user, _ = linked_player("carol")
    third = enter_online(event=event, user=third_user)
    player_client.post(f"/events/{event.slug}/entry-requests/{third.pk}/approve/")
    third.refresh_from_db()
    assert third.status == Decision.PENDING


@pytest.mark.django_db
def test_own_entry_page_withdraws_and_sets_byes(client: Client) -> None:
    event = open_event(rounds=5)
    user, player = linked_player()
    own = EntryFactory(event=event, player=player)
    other = EntryFactory(event=event)
    client.force_login(user)
    page = client.get(f"/events/{event.slug}/my-entry/").content.decode()
    assert 'name="round_5"' in page and "Withdraw from this event" in page
    response = client.post(
        f"/events/{event.slug}/my-entry/{own.pk}/byes/", {"round_2": "0.5"}, follow=True
    )
    assert "Your requested byes: 2." in " ".join(messages_of(response))
    response = client.post(f"/events/{event.slug}/my-entry/{own.pk}/byes/", {"round_3": "1"})
    assert (
        response.status_code == 200
        and "allows requested byes of ½ point(s) only" in response.content.decode()
    )
    own.refresh_from_db()
    assert own.requested_byes == [2]
    client.post(f"/events/{event.slug}/my-entry/{other.pk}/withdraw/")
    client.post(f"/events/{event.slug}/my-entry/{other.pk}/byes/", {"round_2": "0.5"})
    other.refresh_from_db()
    assert other.status == "active" and other.requested_byes == []
    client.post(f"/events/{event.slug}/my-entry/{own.pk}/withdraw/")
    own.refresh_from_db()
    assert own.status == "withdrawn"


@pytest.mark.django_db
def test_the_event_form_offers_online_entry(client: Client) -> None:
    event = EventFactory()
    client.force_login(director_of(event))
    page = client.get(f"/events/{event.slug}/edit/").content.decode()
    assert "Players may enter online" in page
    assert "Online entries wait for a director&#x27;s approval" in page


# ---------------------------------------------------------------- the API


@pytest.mark.django_db
def test_api_enter_without_and_with_approval() -> None:
    api = APIClient()
    event = open_event()
    user, player = linked_player()
    assert api.post(f"/api/events/{event.slug}/enter/").status_code == 403
    api.force_authenticate(user)
    made = api.post(f"/api/events/{event.slug}/enter/")
    assert made.status_code == 201 and made.json()["status"] == "entered"
    assert made.json()["entry"]["player"]["id"] == player.pk
    again = api.post(f"/api/events/{event.slug}/enter/")
    assert again.status_code == 400 and again.json()["code"] == "already_entered"
    closed = EventFactory()
    refused = api.post(f"/api/events/{closed.slug}/enter/")
    assert refused.status_code == 400 and refused.json()["field"] == "event"

    asks = open_event(entry_approval=True)
    td = director_of(asks)
    waiting = api.post(f"/api/events/{asks.slug}/entry-requests/")
    assert waiting.status_code == 201 and waiting.json()["status"] == "waiting"
    request_id = waiting.json()["request"]["id"]
    denied = api.post(f"/api/events/{asks.slug}/entry-requests/{request_id}/approve/")
    assert denied.status_code == 403
    director = APIClient()
    director.force_authenticate(td)
    listed = director.get(f"/api/events/{asks.slug}/entry-requests/?status=pending")
    assert [r["player"]["name"] for r in listed.json()] == [player.name]
    approved = director.post(f"/api/events/{asks.slug}/entry-requests/{request_id}/approve/")
    assert approved.status_code == 200 and approved.json()["player"]["id"] == player.pk
    assert asks.entries.get().player == player


@pytest.mark.django_db
def test_api_refuse_and_the_players_view_of_requests() -> None:
    event = open_event(entry_approval=True)
    td = director_of(event)
    user, player = linked_player()
    other_user, _ = linked_player("bob")
    mine = enter_online(event=event, user=user)
    enter_online(event=event, user=other_user)
    api = APIClient()
    api.force_authenticate(user)
    own = api.get(f"/api/events/{event.slug}/entry-requests/").json()
    assert [r["id"] for r in own] == [mine.pk]
    director = APIClient()
    director.force_authenticate(td)
    url = f"/api/events/{event.slug}/entry-requests/{mine.pk}/refuse/"
    blank = director.post(url, {"reason": ""}, format="json")
    assert blank.status_code == 400 and blank.json()["field"] == "reason"
    done = director.post(url, {"reason": "Too late"}, format="json")
    assert done.status_code == 200 and done.json()["status"] == "refused"
    assert api.get(f"/api/events/{event.slug}/entry-requests/").json()[0]["reason"] == "Too late"
    assert len(director.get(f"/api/events/{event.slug}/entry-requests/").json()) == 2


@pytest.mark.django_db
def test_api_own_entry_withdraw_and_byes_through_the_entry_endpoint() -> None:
    event = open_event(rounds=5)
    user, player = linked_player()
    own = EntryFactory(event=event, player=player)
    other = EntryFactory(event=event)
    api = APIClient()
    api.force_authenticate(user)
    url = f"/api/events/{event.slug}/entries/{own.pk}/"
    byes = api.patch(url, {"requested_byes": [3]}, format="json")
    assert byes.status_code == 200 and byes.json()["requested_byes"] == [3]
    bad = api.patch(url, {"requested_byes": [4], "requested_bye_points": {"4": "1"}}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "requested_byes"
    theirs = api.patch(f"/api/events/{event.slug}/entries/{other.pk}/", {"status": "withdrawn"})
    assert theirs.status_code == 403 and theirs.json()["code"] == "not_own_entry"
    gone = api.patch(url, {"status": "withdrawn"}, format="json")
    assert gone.status_code == 200 and gone.json()["status"] == "withdrawn"
    back = api.patch(url, {"status": "active"}, format="json")
    assert back.status_code == 403
    own.refresh_from_db()
    other.refresh_from_db()
    assert own.status == "withdrawn" and own.requested_byes == [3]
    assert other.status == "active"
    assert APIClient().patch(url, {"status": "active"}, format="json").status_code == 403
