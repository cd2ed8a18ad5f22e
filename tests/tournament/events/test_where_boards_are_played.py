"""The event form says where the event's boards are played: at the venue, online or both."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EventFactory, director_of
from tests.html_forms import form_with
from tournament.errors import DomainError
from tournament.events.services import update_event
from tournament.models.events import Event
from tournament.models.where import EventPlayed

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def test_an_event_is_played_at_the_venue_unless_its_director_says_otherwise(
    client: Client,
) -> None:
    event = EventFactory()
    assert event.boards_played == EventPlayed.VENUE
    td = director_of(event)
    client.force_login(td)
    page = reverse("event-edit", args=[event.slug])
    form = form_with(client.get(page).content.decode(), "boards_played")
    data = form.data()
    assert data["boards_played"] == [EventPlayed.VENUE]
    data["boards_played"] = [EventPlayed.HYBRID]
    response = client.post(page, data)
    assert response.status_code == 302, response.content.decode()[:500]
    assert Event.objects.get(pk=event.pk).boards_played == EventPlayed.HYBRID


def test_a_page_without_the_field_keeps_where_the_boards_are_played(client: Client) -> None:
    event = EventFactory(boards_played=EventPlayed.ONLINE)
    client.force_login(director_of(event))
    page = reverse("event-edit", args=[event.slug])
    data = form_with(client.get(page).content.decode(), "boards_played").data()
    del data["boards_played"]  # an older page
    assert client.post(page, data).status_code == 302
    assert Event.objects.get(pk=event.pk).boards_played == EventPlayed.ONLINE


def test_the_service_refuses_a_place_that_is_not_one() -> None:
    event = EventFactory()
    with pytest.raises(DomainError) as refused:
        update_event(event=event, user=director_of(event), data={"boards_played": "moon"})
    assert refused.value.field == "boards_played"


def test_the_field_speaks_german(client: Client) -> None:
    event = EventFactory()
    client.force_login(director_of(event))
    html = client.get(
        reverse("event-edit", args=[event.slug]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Wo die Bretter gespielt werden" in html
    assert "Hybrid: am Spielort und online" in html
