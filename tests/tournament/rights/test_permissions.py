"""Who may do what: only an event's directors change it; drafts are theirs alone; published
pairings and results are public."""

from typing import Any

import pytest
from django.test import Client

from tests.factories import UserFactory, arbiter_of
from tests.tournament.helpers import api_as, event_with_players
from tournament.models.events import Board, Entry, Event, Round
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = pytest.mark.usefixtures("tasks_in_process")


@pytest.fixture
def event_in_draft(db: None) -> tuple[Event, Any, Round]:
    event, td = event_with_players(6, rounds=5)
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    return event, td, round_


def outsiders(event: Event) -> dict[str, Any]:
    return {
        "anonymous": None,
        "another user": UserFactory(username="stranger"),
        "arbiter": arbiter_of(event, "arb"),
    }


@pytest.mark.django_db
def test_only_directors_change_an_event_through_the_api(
    event_in_draft: tuple[Event, Any, Round],
) -> None:
    event, td, round_ = event_in_draft
    entry = event.entries.first()
    base = f"/api/events/{event.slug}"
    attempts = [
        ("patch", f"{base}/", {"name": "Hijacked"}),
        ("post", f"{base}/entries/", {"name": "Intruder"}),
        ("post", f"{base}/entries/import/", {"text": "name\nIntruder\n"}),
        ("patch", f"{base}/entries/{entry.pk}/", {"status": "withdrawn"}),
        ("post", f"{base}/rounds/1/publish/", {}),
        ("post", f"{base}/rounds/1/swap-boards/", {"board_a": 1, "board_b": 2, "reason": "x"}),
        ("delete", f"{base}/rounds/1/", {}),
        ("post", f"{base}/roles/", {"username": "stranger", "role": "director"}),
    ]
    for who, user in outsiders(event).items():
        api = api_as(user)
        for method, url, data in attempts:
            response = getattr(api, method)(url, data, format="json")
            # The draft round is hidden from a signed-in outsider (404); anyone else is refused.
            hidden = "/rounds/1/" in url and user is not None
            expected = 404 if hidden else 403
            assert response.status_code == expected, (who, method, url, response.status_code)
    event.refresh_from_db()
    assert event.name != "Hijacked" and event.entries.count() == 6
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT and event.roles.count() == 2


@pytest.mark.django_db
def test_drafts_are_hidden_and_published_rounds_are_public(
    event_in_draft: tuple[Event, Any, Round],
) -> None:
    event, td, round_ = event_in_draft
    for who, user in outsiders(event).items():
        api = api_as(user)
        assert api.get(f"/api/events/{event.slug}/rounds/").json() == [], who
        assert api.get(f"/api/events/{event.slug}/rounds/1/").status_code == 404, who
        board = round_.boards.first()
        assert api.get(f"/api/events/{event.slug}/boards/{board.pk}/").status_code == 404
        client = Client()
        if user is not None:
            client.force_login(user)
        assert client.get(f"/events/{event.slug}/rounds/1/").status_code == 404, who
        assert "Pair round" not in client.get(f"/events/{event.slug}/").content.decode()
    assert api_as(td).get(f"/api/events/{event.slug}/rounds/1/").json()["status"] == "draft"
    publish_round(round_=round_, user=td)
    public = api_as(None).get(f"/api/events/{event.slug}/rounds/1/")
    assert public.status_code == 200 and len(public.json()["boards"]) == 3
    page = Client().get(f"/events/{event.slug}/rounds/1/")
    assert (
        page.status_code == 200
        and round_.boards.first().sides[0].player.name in page.content.decode()
    )


@pytest.mark.django_db
def test_only_directors_enter_results_but_the_log_is_for_arbiters_too(
    event_in_draft: tuple[Event, Any, Round],
) -> None:
    event, td, round_ = event_in_draft
    publish_round(round_=round_, user=td)
    board = round_.boards.first()
    url = f"/api/events/{event.slug}/boards/{board.pk}/"
    for who, user in outsiders(event).items():
        response = api_as(user).patch(url, {"result": "1-0"}, format="json")
        assert response.status_code == 403, who
        client = Client()
        if user is not None:
            client.force_login(user)
        page = client.post(f"/events/{event.slug}/boards/{board.pk}/result/", {"result": "1-0"})
        if user is None:  # asked to log in first
            assert page.status_code == 302, who
            assert page["Location"].startswith("/accounts/login/"), who
        else:
            assert page.status_code == 403, who
    board.refresh_from_db()
    assert board.result == "" and not board.corrections.exists()
    arbiter = Event.objects.get(pk=event.pk).roles.get(role="arbiter").user
    assert api_as(arbiter).get(f"/api/events/{event.slug}/corrections/").status_code == 200
    stranger = api_as(UserFactory(username="nobody"))
    assert stranger.get(f"/api/events/{event.slug}/corrections/").status_code == 403
    assert api_as(None).get(f"/api/events/{event.slug}/pairing-changes/").status_code == 403


@pytest.mark.django_db
def test_director_pages_send_others_to_log_in_or_refuse_them(
    event_in_draft: tuple[Event, Any, Round],
) -> None:
    event, td, round_ = event_in_draft
    anonymous = Client().get(f"/events/{event.slug}/entries/")
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    stranger = Client()
    stranger.force_login(UserFactory(username="stranger"))
    for url in ("entries/", "edit/", "roles/", "log/"):
        assert stranger.get(f"/events/{event.slug}/{url}").status_code == 403, url
    entry = event.entries.first()
    assert stranger.post(f"/events/{event.slug}/entries/{entry.pk}/withdraw/").status_code == 403
    assert stranger.post(f"/events/{event.slug}/rounds/1/publish/").status_code == 403
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.ACTIVE
    assert Round.objects.get(pk=round_.pk).status == Round.Status.DRAFT
    assert not Board.objects.filter(round=round_, result="1-0").exists()


@pytest.mark.django_db
def test_a_director_adds_an_arbiter_and_cannot_remove_the_last_director() -> None:
    event, td = event_with_players(2)
    UserFactory(username="ann")
    api = api_as(td)
    added = api.post(
        f"/api/events/{event.slug}/roles/", {"username": "ann", "role": "arbiter"}, format="json"
    )
    assert added.status_code == 201, added.content
    director_role = event.roles.get(role="director")
    refused = api.delete(f"/api/events/{event.slug}/roles/{director_role.pk}/")
    assert refused.status_code == 400 and refused.json()["field"] == "role"
    unknown = api.post(
        f"/api/events/{event.slug}/roles/", {"username": "nobody", "role": "arbiter"}, format="json"
    )
    assert unknown.status_code == 400 and unknown.json()["field"] == "username"
    assert event.roles.count() == 2
