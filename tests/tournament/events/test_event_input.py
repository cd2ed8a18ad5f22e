"""A bad event, on the API or the director's pages, gets a clear message naming what is
wrong and changes nothing; a good one with engine overrides is accepted."""

from typing import Any

import pytest
from django.test import Client

from tests.factories import EventCreatorFactory
from tests.tournament.helpers import api_as, event_with_players
from tournament.models.events import Event

pytestmark = pytest.mark.usefixtures("tasks_in_process")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        ({"name": " "}, "name", "may not be blank"),
        ({"name": "X", "bye_value": "0.7"}, "bye_value", "0, ½ or 1"),
        ({"name": "X", "tiebreak_chain": ["buchholz", "nonsense"]}, "tiebreak_chain", "nonsense"),
        ({"name": "X", "rounds": 0}, "rounds", ""),
        ({"name": "X", "pairing_system": "knockout"}, "pairing_system", ""),
        (
            {"name": "X", "start_date": "2026-08-21", "end_date": "2026-08-20"},
            "end_date",
            "end before it starts",
        ),
        ({"name": "X", "ruleset_options": [1, 2]}, "ruleset_options", "JSON object"),
        ({"name": "X", "ruleset_options": {"speed": 3}}, "ruleset_options", "speed"),
        ({"name": "X", "ruleset_options": {"players": [4]}}, "ruleset_options", "two players"),
    ],
)
def test_a_bad_event_is_refused_with_the_field_named(data: dict, field: str, words: str) -> None:
    api = api_as(EventCreatorFactory(username="td"))
    response = api.post("/api/events/", data, format="json")
    assert response.status_code == 400, response.content
    body = response.json()
    assert body.get("field") == field or field in body, body
    assert words in str(body)
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_the_pages_show_what_is_wrong_and_change_nothing(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event, td = event_with_players(4, rounds=3)
    client = Client()
    client.force_login(td)
    edit = client.post(
        f"/events/{event.slug}/edit/",
        {
            "name": event.name,
            "ruleset": "mso",
            "pairing_system": "auto",
            "rounds": "3",
            "clock_minutes": "10",
            "bye_value": "1.0",
            "tiebreak_preset": "custom",
            "tiebreak_custom": "buchholz, astrology",
            "rack_size": "9",  # the engine's options are the form's own fields now
        },
    )
    page = edit.content.decode()
    assert edit.status_code == 200
    assert "unknown tie-break &#x27;astrology&#x27;" in page
    assert "9 is not one of the available choices" in page
    event.refresh_from_db()
    assert event.tiebreak_chain == [
        "results_between",
        "progressive_difference",
        "progressive_level",
    ]
    added = client.post(f"/events/{event.slug}/entries/add/", {"name": "", "club": "Leeds"})
    assert "Choose a registry player or type a new player" in added.content.decode()
    entry = event.entries.first()
    byes = client.post(
        f"/events/{event.slug}/entries/{entry.pk}/byes/", {"requested_byes": "2, x"}, follow=True
    )
    assert "&#x27;x&#x27; is not a round number" in byes.content.decode()
    entry.refresh_from_db()
    assert entry.requested_byes == []
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/events/{event.slug}/rounds/pair/")
    swap = client.post(
        f"/events/{event.slug}/rounds/1/swap/",
        {"first": entry.pk, "second": entry.pk, "reason": "x"},
        follow=True,
    )
    assert "Choose two different players." in swap.content.decode()
    no_reason = client.post(
        f"/events/{event.slug}/rounds/1/swap-boards/",
        {"board_a": "1", "board_b": "2", "reason": ""},
        follow=True,
    )
    assert "reason: This field is required." in no_reason.content.decode()
    assert not event.round_set.get(number=1).pairing_changes.exists()
    paired_again = client.post(f"/events/{event.slug}/rounds/pair/", follow=True)
    assert "Round 1 is a draft: publish or delete it first." in paired_again.content.decode()
    assert event.round_set.count() == 1


@pytest.mark.django_db
def test_an_event_with_engine_overrides_and_a_custom_chain_is_accepted() -> None:
    api = api_as(EventCreatorFactory(username="td"))
    response = api.post(
        "/api/events/",
        {
            "name": "Standard first round",
            "ruleset_options": {"placement_rule": "first-round"},
            "tiebreak_chain": ["buchholz", "spread"],
            "bye_value": "0.5",
            "clock_minutes": 15,
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    event = Event.objects.get(slug=response.json()["slug"])
    assert event.ruleset_options == {"placement_rule": "first-round"}
    assert event.tiebreak_chain == ["buchholz", "spread"] and str(event.bye_value) == "0.5"
    assert event.clock_minutes == 15
