"""Events at tables of 3 or 4: a director creates and edits them through the page, the service
and the API; the sizes a ruleset does not allow, and a change once round 1 is paired, are
refused naming ``table_size`` and change nothing; the event page says what the event plays."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EventCreatorFactory, EventFactory, RoundFactory, director_of
from tests.tournament.helpers import api_as
from tournament.errors import DomainError
from tournament.events.services import create_event, update_event
from tournament.models.events import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def form_data(**fields: Any) -> dict[str, Any]:
    data = {
        "name": "Standard Fours",
        "ruleset": "standard",
        "table_size": "4",
        "pairing_system": "swiss",
        "rounds": 5,
        "clock_minutes": 20,
        "bye_value": "1.0",
        "tiebreak_preset": "mso-ingenious",
        "requested_bye_points": ["0.5"],
    }
    return {**data, **fields}


def test_a_director_creates_a_tables_of_four_event_on_the_page(client: Client) -> None:
    client.force_login(EventCreatorFactory(username="maker"))
    form = client.get(reverse("event-create")).content.decode()
    assert 'name="table_size"' in form
    assert "Players per table" in form

    response = client.post(reverse("event-create"), form_data())

    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get(name="Standard Fours")
    assert (event.ruleset, event.table_size) == ("standard", 4)
    page = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    assert "Standard, tables of 4" in page


def test_the_edit_form_shows_the_table_size_and_keeps_it(client: Client) -> None:
    event = EventFactory(ruleset="standard", table_size=3)
    client.force_login(director_of(event))
    form = client.get(reverse("event-edit", args=[event.slug])).content.decode()
    assert '<option value="3" selected>' in form

    response = client.post(
        reverse("event-edit", args=[event.slug]), form_data(name=event.name, table_size="3")
    )

    assert response.status_code == 302
    event.refresh_from_db()
    assert event.table_size == 3
    page = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    assert "Standard, tables of 3" in page


def test_a_two_player_event_page_still_names_its_ruleset(client: Client) -> None:
    event = EventFactory()
    page = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    assert "MSO (2 players)" in page
    assert "tables of" not in page


def test_the_page_refuses_mso_at_tables_of_four_next_to_the_field(client: Client) -> None:
    client.force_login(EventCreatorFactory(username="maker"))

    response = client.post(reverse("event-create"), form_data(ruleset="mso"))

    assert response.status_code == 200
    assert response.context["form"].errors["table_size"] == [
        "MSO games are for 2 players: there cannot be 4 players per table."
    ]
    assert not Event.objects.filter(name="Standard Fours").exists()


def test_the_service_creates_and_edits_the_table_size_before_round_one() -> None:
    user = EventCreatorFactory(username="maker")
    event = create_event(user=user, data={"name": "Threes", "ruleset": "standard", "table_size": 3})
    assert event.table_size == 3

    update_event(event=event, user=user, data={"table_size": 4})

    event.refresh_from_db()
    assert event.table_size == 4


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"ruleset": "mso", "table_size": 4}, "MSO games are for 2 players"),
        ({"ruleset": "standard", "table_size": 5}, "Standard games are for 2, 3 or 4 players"),
        ({"ruleset": "standard", "table_size": 1}, "cannot be 1 players per table"),
        ({"ruleset": "standard", "table_size": "4"}, "whole number"),
        ({"ruleset": "standard", "table_size": True}, "whole number"),
    ],
)
def test_the_service_refuses_a_size_the_ruleset_does_not_allow(
    data: dict[str, Any], words: str
) -> None:
    user = EventCreatorFactory(username="maker")
    with pytest.raises(DomainError) as refused:
        create_event(user=user, data={"name": "Bad tables", **data})
    assert refused.value.field == "table_size"
    assert words in refused.value.message
    assert not Event.objects.filter(name="Bad tables").exists()


def test_mso_cannot_take_an_existing_table_events_ruleset_without_its_size() -> None:
    event = EventFactory(ruleset="standard", table_size=4)
    user = director_of(event)
    with pytest.raises(DomainError) as refused:
        update_event(event=event, user=user, data={"ruleset": "mso"})
    assert refused.value.field == "table_size"
    event.refresh_from_db()
    assert (event.ruleset, event.table_size) == ("standard", 4)


def test_the_table_size_is_locked_once_round_one_is_paired() -> None:
    event = EventFactory(ruleset="standard", table_size=4)
    user = director_of(event)
    RoundFactory(event=event, number=1)

    with pytest.raises(DomainError) as refused:
        update_event(event=event, user=user, data={"table_size": 3, "venue": "Elsewhere"})

    assert refused.value.field == "table_size"
    assert "table size cannot change once round 1 is paired" in refused.value.message
    event.refresh_from_db()
    assert (event.table_size, event.venue) == (4, "JW3, London")
    # Saving the same size again is no change.
    update_event(event=event, user=user, data={"table_size": 4, "venue": "Elsewhere"})
    event.refresh_from_db()
    assert event.venue == "Elsewhere"


def test_the_api_creates_reads_and_edits_the_table_size() -> None:
    api = api_as(EventCreatorFactory(username="maker"))

    created = api.post(
        "/api/events/",
        {"name": "API Fours", "ruleset": "standard", "table_size": 4},
        format="json",
    )

    assert created.status_code == 201, created.content
    assert created.json()["table_size"] == 4
    slug = created.json()["slug"]
    assert api.get(f"/api/events/{slug}/").json()["table_size"] == 4
    changed = api.patch(f"/api/events/{slug}/", {"table_size": 3}, format="json")
    assert changed.status_code == 200, changed.content
    assert Event.objects.get(slug=slug).table_size == 3


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"ruleset": "mso", "table_size": 4}, "MSO games are for 2 players"),
        ({"ruleset": "standard", "table_size": 5}, "cannot be 5 players per table"),
    ],
)
def test_the_api_refuses_a_bad_table_size_with_the_field_named(
    data: dict[str, Any], words: str
) -> None:
    api = api_as(EventCreatorFactory(username="maker"))

    response = api.post("/api/events/", {"name": "API Bad", **data}, format="json")

    assert response.status_code == 400, response.content
    assert response.json()["field"] == "table_size"
    assert words in response.json()["detail"]
    assert not Event.objects.filter(name="API Bad").exists()


def test_the_api_refuses_a_table_size_change_after_round_one() -> None:
    event = EventFactory(ruleset="standard", table_size=4)
    api = api_as(director_of(event))
    RoundFactory(event=event, number=1)

    response = api.patch(f"/api/events/{event.slug}/", {"table_size": 2}, format="json")

    assert response.status_code == 400, response.content
    assert response.json()["field"] == "table_size"
    event.refresh_from_db()
    assert event.table_size == 4


def test_the_admin_lists_the_table_size(client: Client) -> None:
    from django.contrib.auth import get_user_model

    EventFactory(name="Admin Fours", ruleset="standard", table_size=4)
    admin = get_user_model().objects.create_superuser("root", "root@example.com", "pw")
    client.force_login(admin)

    page = client.get(reverse("admin:tournament_event_changelist")).content.decode()

    assert "column-table_size" in page
