"""Duplicate solitaire is a ruleset of the event form: created there, and edited there it stays
as stored (issue 26 item 6: the edit form showed and saved it as MSO for 2 players)."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EventCreatorFactory
from tests.html_forms import form_with
from tournament.models.events import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def created_through_the_page(client: Client) -> Event:
    page = client.get(reverse("event-create")).content.decode()
    data = form_with(page, "ruleset").data()
    assert "solitaire" in page  # offered among the rulesets
    data |= {"name": ["Solo Night"], "ruleset": ["solitaire"], "rounds": ["3"]}
    response = client.post(reverse("event-create"), data)
    assert response.status_code == 302
    return Event.objects.get(name="Solo Night")


def test_a_solitaire_event_made_on_the_form_stays_solitaire_when_edited() -> None:
    client = Client()
    client.force_login(EventCreatorFactory(username="maker"))
    event = created_through_the_page(client)
    assert (event.ruleset, event.table_size) == (Event.Ruleset.SOLITAIRE, 1)
    edit = reverse("event-edit", args=[event.slug])
    form = form_with(client.get(edit).content.decode(), "ruleset")
    assert form.data()["ruleset"] == ["solitaire"]
    data = form.data() | {"venue": ["Conway Hall"]}  # an unrelated field
    assert client.post(edit, data).status_code == 302
    event.refresh_from_db()
    assert (event.ruleset, event.table_size, event.venue) == ("solitaire", 1, "Conway Hall")


def test_the_solitaire_edit_form_sent_back_unchanged_changes_nothing() -> None:
    client = Client()
    client.force_login(EventCreatorFactory(username="maker"))
    event = created_through_the_page(client)
    before = Event.objects.filter(pk=event.pk).values().get()
    edit = reverse("event-edit", args=[event.slug])
    form = form_with(client.get(edit).content.decode(), "ruleset")
    assert client.post(edit, form.data()).status_code == 302
    assert Event.objects.filter(pk=event.pk).values().get() == before
