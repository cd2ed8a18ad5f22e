"""Each event's lag allowance for fair clocks (issue 29, docs/clocks.md): 2 s per clock operation
and a 6 s bank by default, set by a director on the event form or through the API, refused by
name when out of range; an event of the Challenges (no clock of the site's) is not asked."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EventCreatorFactory, EventFactory, director_of
from tests.html_forms import form_with
from tests.tournament.helpers import api_as
from tournament.models.events import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def shown(page: str) -> set[str]:
    rows = re.findall(r'<div class="field" data-field="([a-z_]+)"( hidden)?', page)
    return {name for name, hidden in rows if not hidden}


def test_a_new_event_has_the_default_allowance_and_the_form_shows_it() -> None:
    client = Client()
    client.force_login(EventCreatorFactory(username="maker"))
    page = client.get(reverse("event-create")).content.decode()
    assert {"clock_lag_cap_ms", "clock_lag_bank_ms"} <= shown(page)
    sent = form_with(page, "ruleset").data()
    assert sent["clock_lag_cap_ms"] == ["2000"] and sent["clock_lag_bank_ms"] == ["6000"]
    sent |= {"name": ["Autumn Open"]}
    assert client.post(reverse("event-create"), sent).status_code == 302
    event = Event.objects.get(name="Autumn Open")
    assert (event.clock_lag_cap_ms, event.clock_lag_bank_ms) == (2000, 6000)


def test_a_director_sets_the_allowance_on_the_form_and_a_page_without_it_keeps_it() -> None:
    event = EventFactory(ruleset="mso")
    client = Client()
    client.force_login(director_of(event))
    edit = reverse("event-edit", args=[event.slug])
    sent = form_with(client.get(edit).content.decode(), "ruleset").data()
    changed = sent | {"clock_lag_cap_ms": ["1000"], "clock_lag_bank_ms": ["3000"]}
    assert client.post(edit, changed).status_code == 302
    event.refresh_from_db()
    assert (event.clock_lag_cap_ms, event.clock_lag_bank_ms) == (1000, 3000)
    older = {k: v for k, v in sent.items() if not k.startswith("clock_lag")}
    assert client.post(edit, older).status_code == 302
    event.refresh_from_db()
    assert (event.clock_lag_cap_ms, event.clock_lag_bank_ms) == (1000, 3000)


def test_the_form_refuses_an_allowance_out_of_range_next_to_its_field() -> None:
    event = EventFactory(ruleset="mso")
    client = Client()
    client.force_login(director_of(event))
    edit = reverse("event-edit", args=[event.slug])
    sent = form_with(client.get(edit).content.decode(), "ruleset").data()
    response = client.post(edit, sent | {"clock_lag_cap_ms": ["20000"]})
    assert response.status_code == 200
    assert response.context["form"].errors["clock_lag_cap_ms"]
    event.refresh_from_db()
    assert event.clock_lag_cap_ms == 2000


def test_the_api_sets_the_allowance_and_refuses_it_out_of_range_by_name() -> None:
    event = EventFactory(ruleset="mso")
    api = api_as(director_of(event))
    url = f"/api/events/{event.slug}/"
    response = api.patch(url, {"clock_lag_cap_ms": 1500, "clock_lag_bank_ms": 0}, format="json")
    assert response.status_code == 200, response.content
    assert (response.json()["clock_lag_cap_ms"], response.json()["clock_lag_bank_ms"]) == (1500, 0)
    refused = api.patch(url, {"clock_lag_bank_ms": 600_000}, format="json")
    assert refused.status_code == 400
    assert refused.json() == {
        "clock_lag_bank_ms": ["Ensure this value is less than or equal to 60000."]
    }
    event.refresh_from_db()
    assert (event.clock_lag_cap_ms, event.clock_lag_bank_ms) == (1500, 0)


def test_an_event_of_challenges_is_not_asked_for_a_lag_allowance() -> None:
    event = EventFactory(ruleset="challenges", table_size=4)
    client = Client()
    client.force_login(director_of(event))
    page = client.get(reverse("event-edit", args=[event.slug])).content.decode()
    assert not shown(page) & {"clock_lag_cap_ms", "clock_lag_bank_ms"}
