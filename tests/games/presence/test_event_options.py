"""The online boards' alert options on the event form (tournament/models/where.py): shown with
their defaults, set by a director, a blank window or long think meaning none, a page without them
keeping them, and a value out of range refused next to its field."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EventFactory, director_of
from tests.html_forms import form_with
from tests.tournament.helpers import api_as
from tournament.models.events import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

NAMES = (
    "online_disconnect_alert_seconds",
    "online_first_move_seconds",
    "online_long_think_seconds",
)


def values(event: Event) -> tuple[int | None, ...]:
    event.refresh_from_db()
    return tuple(getattr(event, name) for name in NAMES)


def test_a_director_sets_the_online_alerts_and_a_blank_window_is_none() -> None:
    event = EventFactory(ruleset="mso")
    assert values(event) == (60, None, 120)
    client = Client()
    client.force_login(director_of(event))
    edit = reverse("event-edit", args=[event.slug])
    page = client.get(edit).content.decode()
    shown = set(re.findall(r'data-field="(online_[a-z_]+)"', page))
    # The event's options for online boards, in their own section: the alerts among them.
    others = {
        "online_delay_seconds",
        "online_delay_placements",
        "online_call_pauses_clock",
        "online_absent_lose",
        "online_partners_see_racks",
    }
    assert shown == set(NAMES) | others
    sent = form_with(page, "ruleset").data()
    assert (sent["online_disconnect_alert_seconds"], sent["online_first_move_seconds"]) == (
        ["60"],
        [""],
    )
    changed = sent | {
        "online_disconnect_alert_seconds": ["90"],
        "online_first_move_seconds": ["300"],
        "online_long_think_seconds": [""],
    }
    assert client.post(edit, changed).status_code == 302
    assert values(event) == (90, 300, None)
    older = {k: v for k, v in sent.items() if not k.startswith("online_")}
    assert client.post(edit, older).status_code == 302
    assert values(event) == (90, 300, None)


def test_an_alert_out_of_range_is_refused_next_to_its_field() -> None:
    event = EventFactory(ruleset="mso")
    client = Client()
    client.force_login(director_of(event))
    edit = reverse("event-edit", args=[event.slug])
    sent = form_with(client.get(edit).content.decode(), "ruleset").data()
    response = client.post(edit, sent | {"online_first_move_seconds": ["0"]})
    assert response.status_code == 200
    assert response.context["form"].errors["online_first_move_seconds"]
    assert values(event) == (60, None, 120)


def test_the_api_sets_the_online_alerts_and_refuses_them_out_of_range_by_name() -> None:
    event = EventFactory(ruleset="mso")
    api = api_as(director_of(event))
    url = f"/api/events/{event.slug}/"
    response = api.patch(
        url, {"online_first_move_seconds": 300, "online_long_think_seconds": None}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["online_first_move_seconds"] == 300
    assert values(event) == (60, 300, None)
    refused = api.patch(url, {"online_disconnect_alert_seconds": 0}, format="json")
    assert refused.status_code == 400
    assert set(refused.json()) == {"online_disconnect_alert_seconds"}
    assert values(event) == (60, 300, None)


def test_a_director_chooses_that_absent_players_lose_on_the_form_and_through_the_api() -> None:
    event = EventFactory(ruleset="mso")
    assert event.online_absent_lose is False
    client = Client()
    client.force_login(director_of(event))
    edit = reverse("event-edit", args=[event.slug])
    sent = form_with(client.get(edit).content.decode(), "ruleset").data()
    chosen = sent | {"online_first_move_seconds": ["300"], "online_absent_lose": ["on"]}
    assert client.post(edit, chosen).status_code == 302
    event.refresh_from_db()
    assert event.online_absent_lose is True
    api = api_as(director_of(event, username="td-api"))
    url = f"/api/events/{event.slug}/"
    response = api.patch(url, {"online_absent_lose": False}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["online_absent_lose"] is False
    event.refresh_from_db()
    assert event.online_absent_lose is False
