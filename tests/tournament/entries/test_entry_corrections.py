"""A director corrects an entry's name, club, country or rating (issue 28: once entered they
could not be corrected): the registry's record is corrected, so every page says it, and the
event's log says who changed what from what; a record other directors' events share is a
registrar's to correct; a bad value is refused naming its field and changes nothing."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import (
    EntryFactory,
    EventFactory,
    PlayerFactory,
    director_of,
    registrar,
)
from tournament.entries.services import correct_entry
from tournament.errors import DomainError, NotAllowed
from tournament.events.models import EventLogEntry
from tournament.models.events import Entry, EventRole

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def an_entry(**player: Any) -> tuple[Entry, Any]:
    event = EventFactory(name="Autumn Open")
    fields = {"name": "Ada Lovelase", "club": "Leeds", "country": "ENG", "rating": 1800} | player
    entry = EntryFactory(event=event, player=PlayerFactory(**fields), starting_rank=1)
    return entry, director_of(event)


def corrections(entry: Entry) -> list[str]:
    found = entry.event.log_entries.filter(kind=EventLogEntry.Kind.CORRECTION)
    return list(found.values_list("description", flat=True))


def test_a_director_corrects_the_name_and_rating_and_the_log_says_old_and_new() -> None:
    entry, td = an_entry()
    said = correct_entry(
        entry=entry,
        user=td,
        player_fields={"name": "Ada Lovelace", "club": "Leeds", "country": "eng", "rating": 1850},
    )
    entry.player.refresh_from_db()
    assert (entry.player.name, entry.player.country, entry.player.rating) == (
        "Ada Lovelace",
        "ENG",
        1850,
    )
    assert said == ["Ada Lovelase: name “Ada Lovelase” → “Ada Lovelace”, rating 1800 → 1850"]
    assert corrections(entry) == [f"Entry #1 corrected: {said[0]}."]
    logged = entry.event.log_entries.get(kind=EventLogEntry.Kind.CORRECTION)
    assert logged.user == td and logged.at is not None


def test_nothing_differing_changes_and_logs_nothing() -> None:
    entry, td = an_entry()
    fields = {"name": "Ada Lovelase", "club": "Leeds", "country": "ENG", "rating": 1800}
    assert correct_entry(entry=entry, user=td, player_fields=fields) == []
    assert corrections(entry) == []


@pytest.mark.parametrize(
    ("fields", "field"),
    [({"name": " "}, "name"), ({"country": "E1"}, "country"), ({"rating": 5000}, "rating")],
)
def test_a_bad_value_is_refused_naming_its_field(fields: dict[str, Any], field: str) -> None:
    entry, td = an_entry()
    with pytest.raises(DomainError) as refused:
        correct_entry(entry=entry, user=td, player_fields=fields)
    assert refused.value.field == field
    entry.player.refresh_from_db()
    assert entry.player.name == "Ada Lovelase" and corrections(entry) == []


def test_a_record_another_directors_event_shares_is_for_a_registrar() -> None:
    entry, td = an_entry()
    other = EventFactory(name="Winter Open")
    EntryFactory(event=other, player=entry.player, starting_rank=1)
    with pytest.raises(NotAllowed, match="also entered in Winter Open"):
        correct_entry(entry=entry, user=td, player_fields={"name": "Ada King"})
    entry.player.refresh_from_db()
    assert entry.player.name == "Ada Lovelase"

    # Directing both, the director corrects it, and both events' logs say so.
    EventRole.objects.create(event=other, user=td, role=EventRole.Role.DIRECTOR)
    correct_entry(entry=entry, user=td, player_fields={"name": "Ada King"})
    assert other.log_entries.get(kind="correction").description.endswith("(from Autumn Open)")

    keeper = registrar()
    EventRole.objects.create(event=entry.event, user=keeper, role=EventRole.Role.DIRECTOR)
    correct_entry(entry=entry, user=keeper, player_fields={"club": "York"})
    entry.player.refresh_from_db()
    assert (entry.player.name, entry.player.club) == ("Ada King", "York")


def test_a_partnership_teams_partner_is_corrected_with_the_team() -> None:
    event = EventFactory(ruleset="partnership", table_size=4)
    first, partner = PlayerFactory(name="Ann Ash"), PlayerFactory(name="Ben Bow", rating=1500)
    entry = EntryFactory(event=event, player=first, partner=partner, starting_rank=1)
    td = director_of(event)
    correct_entry(
        entry=entry,
        user=td,
        player_fields={"name": "Ann Ash"},
        partner_fields={"name": "Ben Bowe", "rating": 1550},
    )
    partner.refresh_from_db()
    assert (partner.name, partner.rating) == ("Ben Bowe", 1550)
    with pytest.raises(DomainError) as refused:
        correct_entry(entry=entry, user=td, player_fields={}, partner_fields={"country": "123"})
    assert refused.value.field == "partner_country"


def test_the_page_corrects_and_returns_to_the_row() -> None:
    entry, td = an_entry()
    client = Client()
    client.force_login(td)
    page = reverse("entry-correct", args=[entry.event.slug, entry.pk])
    form = client.get(page).content.decode()
    assert 'value="Ada Lovelase"' in form and 'value="1800"' in form
    sent = {"name": "Ada Lovelace", "club": "Leeds", "country": "ENG", "rating": "1800"}
    response = client.post(page, sent)
    assert response.status_code == 302
    assert response["Location"].endswith(f"/entries/#entry-{entry.pk}")
    entry.player.refresh_from_db()
    assert entry.player.name == "Ada Lovelace"
    refused = client.post(page, {**sent, "country": "E1"})
    assert refused.status_code == 200
    assert "must be a code of 2 or 3 letters" in refused.content.decode()
    entries = client.get(reverse("event-entries", args=[entry.event.slug])).content.decode()
    assert f'href="{page}"' in entries  # each row offers the correction
