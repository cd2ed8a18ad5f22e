"""The event form asks for the options that apply to the chosen ruleset, players per table and
pairing system, each as a field of its own (issue 28: "Ruleset options" was raw JSON, and an
MSO event was asked for its "Challenges, round by round"). What is sent for a field that does
not apply is not saved, and the director is told; the options are stored as the engine's
overrides of the ruleset."""

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EventCreatorFactory, EventFactory, director_of
from tests.html_forms import form_with
from tournament.events.forms import EventForm
from tournament.models.events import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

ENGINE = ("placement_rule", "bonus_placements", "board_radius", "track", "rack_size")
CHALLENGE = ("challenge_sequence", "challenge_mode", "dice_setup")


def form(**fields: Any) -> dict[str, Any]:
    """The form as a director with the page's script sends it: the fields that apply."""
    data = {
        "name": "Autumn Open",
        "ruleset": "mso",
        "pairing_system": "swiss",
        "rounds": "5",
        "clock_minutes": "10",
        "bye_value": "1.0",
        "tiebreak_preset": "mso-ingenious",
    }
    return {**data, **fields}


def shown(page: str) -> set[str]:
    """The fields the page shows before its script runs (the ones not marked hidden)."""
    rows = re.findall(r'<div class="field" data-field="([a-z_]+)"( hidden)?', page)
    return {name for name, hidden in rows if not hidden}


def director() -> Client:
    client = Client()
    client.force_login(EventCreatorFactory(username="maker"))
    return client


def test_the_options_are_fields_of_their_own_and_no_raw_json() -> None:
    page = director().get(reverse("event-create")).content.decode()
    assert 'name="ruleset_options"' not in page and "JSON" not in page
    for name in (*ENGINE, "swap_allowed", *CHALLENGE):
        assert f'name="{name}"' in page
    assert 'id="event-form-spec"' in page and "event-form.js" in page
    mso = shown(page)  # a new event is MSO, paired Swiss or all-play-all (auto)
    assert {*ENGINE, "swap_allowed", "acceleration", "bye_value"} <= mso
    assert not mso & {*CHALLENGE, "table_size", "tiebreak_custom"}


def test_an_event_of_challenges_is_asked_for_its_challenges_not_the_board_games_options() -> None:
    event = EventFactory(ruleset="challenges", table_size=4, ruleset_options={"mode": "full"})
    client = Client()
    client.force_login(director_of(event))
    page = client.get(reverse("event-edit", args=[event.slug])).content.decode()
    fields = shown(page)
    assert {*CHALLENGE, "table_size", "pairing_system"} <= fields
    assert not fields & {*ENGINE, "swap_allowed", "bye_value", "tiebreak_preset", "acceleration"}
    assert '<option value="full" selected>' in page


def test_tables_of_four_are_asked_for_no_acceleration() -> None:
    event = EventFactory(ruleset="standard", table_size=4, pairing_system="swiss")
    client = Client()
    client.force_login(director_of(event))
    fields = shown(client.get(reverse("event-edit", args=[event.slug])).content.decode())
    assert {"table_size", *ENGINE, "keep_apart"} <= fields
    assert "acceleration" not in fields  # the tables' Swiss has none


def test_a_round_robin_and_a_solitaire_event_drop_what_does_not_pair_them() -> None:
    robin = EventForm(form(pairing_system="double-round-robin"))
    assert not robin.applies("acceleration") and not robin.applies("keep_apart")
    alone = EventForm(form(ruleset="solitaire"))
    assert not alone.applies("pairing_system") and not alone.applies("bye_value")
    assert not alone.applies("rack_size") and alone.applies("board_radius")


@pytest.mark.parametrize(
    ("fields", "stored"),
    [
        ({}, {}),
        ({"placement_rule": "touch", "bonus_placements": "placement", "track": "18"}, {}),
        ({"placement_rule": "first-round"}, {"placement_rule": "first-round"}),
        (
            {"bonus_placements": "none", "swap_allowed": "no"},
            {"bonuses": False, "swap_allowed": False},
        ),
        ({"board_radius": "7", "rack_size": "5"}, {"radius": 7, "rack_size": 5}),
        ({"track": "36"}, {"track": 36}),
    ],
)
def test_mso_options_are_stored_as_the_engines_overrides(
    fields: dict[str, str], stored: dict[str, Any]
) -> None:
    response = director().post(reverse("event-create"), form(**fields))
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Event.objects.get(name="Autumn Open").ruleset_options == stored


def test_the_double_track_chosen_is_the_events_track() -> None:
    assert EventFactory(ruleset="mso", ruleset_options={"track": 36}).track == 36
    assert EventFactory(ruleset="mso").track == 18


def test_tables_of_four_store_their_options_against_the_standard_game() -> None:
    data = form(ruleset="standard", table_size="4", bonus_placements="placement")
    assert director().post(reverse("event-create"), data).status_code == 302
    event = Event.objects.get(name="Autumn Open")
    assert (event.table_size, event.ruleset_options) == (4, {"bonus_per": "placement"})


def test_an_event_of_challenges_stores_its_own_options() -> None:
    data = form(
        ruleset="challenges",
        table_size="3",
        challenge_sequence="dice; tile",
        challenge_mode="full",
        dice_setup="no-roll",
    )
    response = director().post(reverse("event-create"), data)
    assert response.status_code == 302
    event = Event.objects.get(name="Autumn Open")
    assert event.ruleset_options == {
        "challenges": ["dice", "tile"],
        "mode": "full",
        "setup_roll": False,
    }


def test_what_does_not_apply_is_not_saved_and_the_director_is_told() -> None:
    client = director()
    data = form(challenge_sequence="card, dice", challenge_mode="full")
    response = client.post(reverse("event-create"), data, follow=True)
    page = response.content.decode()
    event = Event.objects.get(name="Autumn Open")
    assert event.ruleset_options == {}
    assert "Challenges, round by round does not apply to this event" in page
    assert "The tables are recorded does not apply to this event" in page


def test_a_field_that_does_not_apply_keeps_the_events_value() -> None:
    event = EventFactory(ruleset="mso", pairing_system="swiss", acceleration="baku")
    client = Client()
    client.force_login(director_of(event))
    edit = reverse("event-edit", args=[event.slug])
    data = form(name=event.name, pairing_system="round-robin", rounds="3")
    data.pop("bye_value")  # applies, but left out: the event's stays (it is required)
    response = client.post(edit, {**data, "bye_value": "0.5"})
    assert response.status_code == 302
    event.refresh_from_db()
    # The acceleration does not apply to an all-play-all: not sent, it is kept as it was.
    assert (event.pairing_system, event.acceleration) == ("round-robin", "baku")


def test_options_the_form_has_no_field_for_stay_and_leave_with_their_ruleset() -> None:
    event = EventFactory(ruleset="mso", ruleset_options={"players": [2], "track": 36})
    client = Client()
    client.force_login(director_of(event))
    edit = reverse("event-edit", args=[event.slug])
    sent = form_with(client.get(edit).content.decode(), "ruleset").data()
    assert client.post(edit, sent).status_code == 302
    event.refresh_from_db()
    assert event.ruleset_options == {"players": [2], "track": 36}

    to_standard = sent | {"ruleset": ["standard"], "table_size": ["2"]}
    page = client.post(edit, to_standard, follow=True).content.decode()
    event.refresh_from_db()
    assert event.ruleset == "standard"
    assert "players" not in event.ruleset_options
    assert "The options players of the former ruleset do not apply: removed." in page


def test_an_mso_event_sent_with_a_table_size_is_still_refused_next_to_the_field() -> None:
    response = director().post(reverse("event-create"), form(table_size="4"))
    assert response.status_code == 200
    assert response.context["form"].errors["table_size"] == [
        "MSO games are for 2 players: there cannot be 4 players per table."
    ]
    assert 'data-field="table_size" data-error' in response.content.decode()


def test_options_left_as_shown_for_another_ruleset_are_the_chosen_rulesets_own() -> None:
    """Without the page's script the new-event form shows MSO's options; a director who picks
    the standard game and leaves them gets the standard game's, not MSO's."""
    client = director()
    sent = form_with(client.get(reverse("event-create")).content.decode(), "ruleset").data()
    assert sent["placement_rule"] == ["touch"] and sent["bonus_placements"] == ["placement"]
    sent |= {"name": ["Plain Standard"], "ruleset": ["standard"], "table_size": ["2"]}
    assert client.post(reverse("event-create"), sent).status_code == 302
    assert Event.objects.get(name="Plain Standard").ruleset_options == {}
    changed = sent | {"name": ["Touch Standard"], "placement_rule": ["first-round"]}
    changed |= {"bonus_placements": ["none"]}
    assert client.post(reverse("event-create"), changed).status_code == 302
    assert Event.objects.get(name="Touch Standard").ruleset_options == {"bonuses": False}
