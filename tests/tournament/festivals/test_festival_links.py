"""Festivals are reachable (issue 28): the header and the home page link them, and a festival's
page adds an event to itself, through the event form with the festival chosen (its directors'
event joins at once; another director's asks to join)."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EventCreatorFactory, UserFactory
from tournament.festivals.models import FestivalRequest, FestivalRole
from tournament.models.events import Event, Festival

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

NEW_EVENT = {
    "name": "Festival Blitz",
    "ruleset": "mso",
    "pairing_system": "auto",
    "rounds": "5",
    "clock_minutes": "5",
    "bye_value": "1.0",
    "tiebreak_preset": "mso-ingenious",
}


def a_festival() -> Festival:
    return Festival.objects.create(
        name="MSO 2027",
        starts=datetime.date(2027, 8, 20),
        ends=datetime.date(2027, 8, 28),
        time_zone="Europe/London",
    )


def test_the_header_and_the_home_page_link_the_festivals() -> None:
    client = Client()
    home = client.get(reverse("home")).content.decode()  # no festival yet
    listing = reverse("festival-list")
    header = home[home.index('<nav aria-label="Site">') : home.index("</nav>")]
    assert f'<a href="{listing}">Festivals</a>' in header
    main = home[home.index("<main>") :]
    assert f'<a href="{listing}">All festivals</a>' in main and "No festival yet" in main
    a_festival()
    assert "MSO 2027" in client.get(reverse("home")).content.decode()


def test_a_festivals_director_adds_an_event_that_joins_at_once() -> None:
    festival = a_festival()
    director = EventCreatorFactory(username="organiser")
    FestivalRole.objects.create(festival=festival, user=director)
    client = Client()
    client.force_login(director)
    page = client.get(reverse("festival-detail", args=[festival.slug])).content.decode()
    add = f"{reverse('event-create')}?festival={festival.pk}"
    assert f'href="{add}">Add an event</a>' in page
    form = client.get(add).content.decode()
    assert f'<option value="{festival.pk}" selected>MSO 2027</option>' in form
    response = client.post(add, {**NEW_EVENT, "festival": str(festival.pk)})
    assert response.status_code == 302
    assert Event.objects.get(name="Festival Blitz").festival_id == festival.pk


def test_another_director_adds_an_event_that_asks_to_join() -> None:
    festival = a_festival()
    client = Client()
    client.force_login(EventCreatorFactory(username="td"))
    page = client.get(reverse("festival-detail", args=[festival.slug])).content.decode()
    assert "Add an event" in page and "An event you add asks to join" in page
    add = f"{reverse('event-create')}?festival={festival.pk}"
    client.post(add, {**NEW_EVENT, "festival": str(festival.pk)})
    event = Event.objects.get(name="Festival Blitz")
    assert event.festival_id is None
    assert FestivalRequest.objects.get(event=event).festival == festival


def test_a_visitor_who_may_not_create_events_is_offered_none() -> None:
    festival = a_festival()
    client = Client()
    assert (
        "Add an event"
        not in client.get(reverse("festival-detail", args=[festival.slug])).content.decode()
    )
    client.force_login(UserFactory(username="player"))
    assert (
        "Add an event"
        not in client.get(reverse("festival-detail", args=[festival.slug])).content.decode()
    )
