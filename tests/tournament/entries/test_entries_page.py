"""The entries page keeps the director where they work (issue 28): the add form stands before
the list, an add from the page's script (htmx) sends the form and the list back in place with
the new row marked and the search ready for the next player, an add without it returns to the
added row; Withdraw is a quiet action that asks on a page of its own before the one POST."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EntryFactory, EventFactory, PlayerFactory, director_of
from tournament.models.events import Entry, Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

HTMX = {"HTTP_HX_REQUEST": "true"}


def director_page() -> tuple[Event, Client]:
    event = EventFactory()
    for rank in (1, 2):
        EntryFactory(event=event, player=PlayerFactory(), starting_rank=rank)
    client = Client()
    client.force_login(director_of(event))
    return event, client


def test_the_add_form_stands_before_the_list() -> None:
    event, client = director_page()
    page = client.get(reverse("event-entries", args=[event.slug])).content.decode()
    assert page.index('id="add-heading"') < page.index('<table class="list entries">')
    assert 'hx-post="/events/' in page and 'hx-target="#entries-work"' in page


def test_an_add_without_the_script_returns_to_the_added_row() -> None:
    event, client = director_page()
    response = client.post(reverse("event-entry-add", args=[event.slug]), {"name": "Cleo Cole"})
    entry = Entry.objects.get(event=event, player__name="Cleo Cole")
    assert response.status_code == 302
    assert response["Location"] == f"/events/{event.slug}/entries/#entry-{entry.pk}"


def test_an_add_from_the_script_sends_the_form_and_the_list_back_in_place() -> None:
    event, client = director_page()
    url = reverse("event-entry-add", args=[event.slug])
    response = client.post(url, {"name": "Cleo Cole", "club": "Bath"}, **HTMX)
    part = response.content.decode()
    entry = Entry.objects.get(event=event, player__name="Cleo Cole")
    assert response.status_code == 200
    assert "<html" not in part  # a part of the page, swapped in where it stood
    assert "Cleo Cole is entered as #3." in part and 'role="status"' in part
    assert re.search(rf'<tr class="status-active just-added" id="entry-{entry.pk}">', part)
    assert 'id="registry-search"' in part and " autofocus" in part  # ready for the next
    assert 'value="Cleo Cole"' not in part  # a fresh form


def test_a_refused_add_from_the_script_shows_why_in_place() -> None:
    event, client = director_page()
    url = reverse("event-entry-add", args=[event.slug])
    response = client.post(url, {"name": "", "club": "Bath"}, **HTMX)
    part = response.content.decode()
    assert response.status_code == 200 and "<html" not in part
    assert "Choose a registry player or type a new player" in part
    assert 'value="Bath"' in part and event.entries.count() == 2


def test_withdraw_is_a_quiet_link_to_a_confirmation() -> None:
    event, client = director_page()
    entry = event.entries.get(starting_rank=1)
    withdraw = reverse("entry-withdraw", args=[event.slug, entry.pk])
    page = client.get(reverse("event-entries", args=[event.slug])).content.decode()
    assert f'<a class="button secondary" href="{withdraw}"' in page
    assert "danger" not in page and "data-confirm" not in page

    asked = client.get(withdraw)
    assert asked.status_code == 200
    text = asked.content.decode()
    assert f'<form method="post" action="{withdraw}"' in text
    assert "will not be paired again" in text
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ACTIVE  # asking changes nothing

    done = client.post(withdraw)
    assert done.status_code == 302
    assert done["Location"].endswith(f"/entries/#entry-{entry.pk}")
    entry.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN
