"""The user names behind an event's roles are for its directors: not on the public event
page, not in the roles API."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EventFactory, EventRoleFactory, UserFactory, director_of
from tests.tournament.helpers import api_as
from tournament.models.events import EventRole

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


@pytest.mark.django_db
def test_the_public_event_page_names_no_staff_accounts(client: Any) -> None:
    from tests.factories import director_of

    event = EventFactory()
    director = director_of(event, username="td-secret")
    assert (
        "td-secret" not in client.get(reverse("event-detail", args=[event.slug])).content.decode()
    )
    client.force_login(director)
    assert "td-secret" in client.get(reverse("event-detail", args=[event.slug])).content.decode()


def test_the_roles_endpoint_names_users_to_the_events_directors_only() -> None:
    event = EventFactory()
    director = director_of(event, "td-secret-name")
    EventRoleFactory(event=event, user=UserFactory(username="arb-name"), role="arbiter")
    url = f"/api/events/{event.slug}/roles/"

    anonymous = Client().get(url)
    assert anonymous.status_code == 403
    assert b"td-secret-name" not in anonymous.content
    stranger = api_as(UserFactory(username="stranger")).get(url)
    assert stranger.status_code == 403 and b"arb-name" not in stranger.content
    other_director = api_as(director_of(EventFactory(), "other-td")).get(url)
    assert other_director.status_code == 403

    listed = api_as(director).get(url)
    assert listed.status_code == 200
    assert {(r["name"], r["role"]) for r in listed.json()} == {
        ("td-secret-name", EventRole.Role.DIRECTOR),
        ("arb-name", EventRole.Role.ARBITER),
    }
    staff = api_as(UserFactory(username="staffer", is_staff=True)).get(url)
    assert staff.status_code == 200 and len(staff.json()) == 2
