"""A hybrid event's entry may play online (a remote player): the director says so on the
entries page; a venue or an online event offers no such choice."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EntryFactory, EventFactory, director_of
from tournament.models.events import Entry
from tournament.models.where import EventPlayed

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def test_a_director_marks_a_remote_player_of_a_hybrid_event(client: Client) -> None:
    event = EventFactory(boards_played=EventPlayed.HYBRID)
    entry = EntryFactory(event=event, player__name="Ada Byron")
    client.force_login(director_of(event))
    page = client.get(reverse("event-entries", args=[event.slug])).content.decode()
    where = reverse("entry-where", args=[event.slug, entry.pk])
    assert f'action="{where}"' in page and 'name="plays_online"' in page

    response = client.post(where, {"plays_online": "1"}, follow=True)
    assert "Ada Byron plays online." in response.content.decode()
    assert Entry.objects.get(pk=entry.pk).plays_online is True
    assert event.log_entries.filter(kind="where").count() == 1

    client.post(where, {})  # the box unticked: at the venue again
    assert Entry.objects.get(pk=entry.pk).plays_online is False


def test_a_venue_event_offers_no_choice_and_refuses_one(client: Client) -> None:
    event = EventFactory(boards_played=EventPlayed.VENUE)
    entry = EntryFactory(event=event)
    client.force_login(director_of(event))
    page = client.get(reverse("event-entries", args=[event.slug])).content.decode()
    assert 'name="plays_online"' not in page
    where = reverse("entry-where", args=[event.slug, entry.pk])
    response = client.post(where, {"plays_online": "1"}, follow=True)
    assert "only in a hybrid event" in response.content.decode()
    assert Entry.objects.get(pk=entry.pk).plays_online is False


def test_a_stranger_cannot_move_an_entry_online(client: Client) -> None:
    event = EventFactory(boards_played=EventPlayed.HYBRID)
    entry = EntryFactory(event=event)
    client.post(reverse("entry-where", args=[event.slug, entry.pk]), {"plays_online": "1"})
    assert Entry.objects.get(pk=entry.pk).plays_online is False


def test_the_choice_speaks_german(client: Client) -> None:
    event = EventFactory(boards_played=EventPlayed.HYBRID)
    EntryFactory(event=event)
    client.force_login(director_of(event))
    html = client.get(
        reverse("event-entries", args=[event.slug]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Spielt online" in html
