"""An empty custom tie-break list and a second event of one name are refused with a message
naming what is wrong, by the service, the form and the API."""

import pytest
from django.test import Client

from tests.factories import EventCreatorFactory
from tests.tournament.helpers import api_as
from tournament.errors import DomainError
from tournament.events.services import create_event, update_event
from tournament.models.events import Event

pytestmark = pytest.mark.usefixtures("tasks_in_process")


EVENT_FORM = {
    "venue": "JW3",
    "ruleset": "mso",
    "pairing_system": "swiss",
    "rounds": "7",
    "clock_minutes": "10",
    "bye_value": "1.0",
    "tiebreak_preset": "mso-ingenious",
}


# --- an empty custom tie-break list -----------------------------------------------------------


@pytest.mark.django_db
def test_an_empty_custom_tiebreak_list_is_refused_on_the_form(client: Client) -> None:
    client.force_login(EventCreatorFactory(username="td"))
    data = {**EVENT_FORM, "name": "Empty Tie-breaks", "tiebreak_preset": "custom"}
    response = client.post("/events/new/", {**data, "tiebreak_custom": " , "})
    assert response.status_code == 200
    assert "Name at least one tie-break for a custom list, or choose a preset." in (
        response.content.decode()
    )
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_an_empty_tiebreak_list_is_refused_by_the_service_and_the_api() -> None:
    td = EventCreatorFactory(username="td")
    with pytest.raises(DomainError) as refused:
        create_event(user=td, data={"name": "No Ties", "tiebreak_chain": []})
    assert refused.value.field == "tiebreak_chain"
    assert "The tie-break list is empty" in refused.value.message
    response = api_as(td).post(
        "/api/events/", {"name": "No Ties", "tiebreak_chain": []}, format="json"
    )
    assert response.status_code == 400 and response.json()["field"] == "tiebreak_chain"
    assert not Event.objects.exists()


# --- a second event of one name ---------------------------------------------------------------


@pytest.mark.django_db
def test_a_duplicate_event_name_is_refused_by_service_form_and_api(client: Client) -> None:
    td = EventCreatorFactory(username="td")
    first = create_event(user=td, data={"name": "MSO Ingenious Open"})
    with pytest.raises(DomainError) as refused:
        create_event(user=td, data={"name": "  mso ingenious OPEN "})
    assert refused.value.field == "name"
    assert "There is already an event called 'mso ingenious OPEN'" in refused.value.message

    other = create_event(user=td, data={"name": "MSO Ingenious Blitz"})
    with pytest.raises(DomainError):
        update_event(event=other, user=td, data={"name": "MSO INGENIOUS OPEN"})
    # An event keeps its own name when saved again.
    update_event(event=first, user=td, data={"name": "MSO Ingenious Open", "rounds": 5})

    client.force_login(td)
    page = client.post("/events/new/", {**EVENT_FORM, "name": "MSO Ingenious Open"})
    assert page.status_code == 200
    assert "There is already an event called" in page.content.decode()
    api = api_as(td).post("/api/events/", {"name": "mso ingenious open"}, format="json")
    assert api.status_code == 400 and api.json()["field"] == "name"
    assert Event.objects.count() == 2
