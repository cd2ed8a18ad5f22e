"""The event form says whether an online player's call of the arbiter pauses the clocks
(games/control_room: the call pauses through the clocks' one write); by default it does not."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EventFactory, director_of
from tests.html_forms import form_with
from tournament.models.events import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def test_the_director_says_a_call_pauses_the_clocks_and_can_take_it_back(client: Client) -> None:
    event = EventFactory()
    assert event.online_call_pauses_clock is False
    client.force_login(director_of(event))
    page = reverse("event-edit", args=[event.slug])
    data = form_with(client.get(page).content.decode(), "name").data()
    assert "online_call_pauses_clock" not in data  # unticked
    data["online_call_pauses_clock"] = ["on"]
    assert client.post(page, data).status_code == 302
    assert Event.objects.get(pk=event.pk).online_call_pauses_clock is True
    data = form_with(client.get(page).content.decode(), "name").data()
    assert data["online_call_pauses_clock"] == ["on"]
    del data["online_call_pauses_clock"]
    assert client.post(page, data).status_code == 302
    assert Event.objects.get(pk=event.pk).online_call_pauses_clock is False
