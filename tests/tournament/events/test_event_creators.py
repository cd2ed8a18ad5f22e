"""Who may create events: anyone may sign up as a player, so creating an event (and with it
directing, which approves claims and merges the registry) needs ``tournament.add_event``."""

import pytest
from django.test import Client

from tests.factories import EventCreatorFactory, UserFactory
from tests.tournament.helpers import api_as
from tournament.errors import NotAllowed
from tournament.events.services import create_event
from tournament.models.events import Event, EventRole

pytestmark = pytest.mark.usefixtures("tasks_in_process")

EVENT = {"name": "Club Night", "rounds": 3}


@pytest.mark.django_db
def test_a_signed_up_person_cannot_create_an_event_by_page_api_or_service(client: Client) -> None:
    person = UserFactory(username="ann@example.org")
    client.force_login(person)
    page = client.get("/events/new/")
    assert page.status_code == 403
    assert "may create events" in page.content.decode()
    assert client.post("/events/new/", EVENT).status_code == 403
    home = client.get("/").content.decode()
    assert "/events/new/" not in home
    api = api_as(person).post("/api/events/", EVENT, format="json")
    assert api.status_code == 403 and api.json()["code"] == "cannot_create_events"
    with pytest.raises(NotAllowed):
        create_event(user=person, data=EVENT)
    assert not Event.objects.exists() and not EventRole.objects.exists()


@pytest.mark.django_db
def test_a_director_the_admins_named_creates_one_and_directs_it(client: Client) -> None:
    td = EventCreatorFactory(username="td")
    client.force_login(td)
    assert "/events/new/" in client.get("/").content.decode()
    response = api_as(td).post("/api/events/", EVENT, format="json")
    assert response.status_code == 201, response.content
    event = Event.objects.get(name="Club Night")
    assert EventRole.objects.filter(event=event, user=td, role=EventRole.Role.DIRECTOR).exists()
