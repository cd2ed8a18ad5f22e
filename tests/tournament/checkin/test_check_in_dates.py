"""Issue 28: check-in times and the registry's undone merges are dated as the reader's language
writes dates (Django's formats: "20. August 2030 09:00" on German pages, "20 Aug 2030 09:00" on
English ones), not in one hand-made format for everyone."""

import datetime
import zoneinfo
from typing import Any

import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.factories import (
    EventFactory,
    PlayerFactory,
    UserFactory,
    director_of,
    with_registry_rights,
)
from tests.tournament.helpers import event_with_players
from tournament.checkin import services as checkin
from tournament.errors import DomainError
from tournament.models.events import Entry, Event
from tournament.registry.merge import merge_players, undo_merge

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

LONDON = zoneinfo.ZoneInfo("Europe/London")
OPENS = datetime.datetime(2030, 8, 20, 9, 0, tzinfo=LONDON)
CLOSES = datetime.datetime(2030, 8, 20, 9, 45, tzinfo=LONDON)


def page(user: Any, url: str, language: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def with_window() -> tuple[Event, Any, Entry, Any]:
    event, td = event_with_players(4, rounds=5, check_in_required=True, system="swiss")
    entry = event.entries.select_related("player").order_by("starting_rank").first()
    assert entry is not None
    ann = UserFactory(username="ann")
    entry.player.user = ann
    entry.player.save(update_fields=["user"])
    checkin.set_window(event=event, user=td, round_number=1, opens_at=OPENS, closes_at=CLOSES)
    return event, td, entry, ann


def test_the_windows_page_dates_a_window_in_the_readers_language() -> None:
    event, td, _entry, _ann = with_window()
    url = reverse("event-check-in-windows", args=[event.slug])
    german = page(td, url, "de")
    assert "20. August 2030 09:00" in german and "20. August 2030 09:45" in german
    assert "20 Aug 2030" not in german
    assert "20 Aug 2030 09:00" in page(td, url, "en")


def test_a_players_check_in_time_is_in_the_readers_language() -> None:
    event, _td, entry, ann = with_window()
    with time_machine.travel(OPENS + datetime.timedelta(minutes=5), tick=False):
        checkin.check_in(entry=entry, user=ann)
        url = reverse("event-check-in", args=[event.slug])
        german = page(ann, url, "de")
        english = page(ann, url, "en")
    assert "20. August 09:05" in german
    assert "20 August 09:05" in english


def test_a_closed_window_is_refused_with_the_readers_date() -> None:
    event, _td, entry, ann = with_window()
    closed = time_machine.travel(CLOSES, tick=False)
    with closed, translation.override("de"), pytest.raises(DomainError) as late:
        checkin.check_in(entry=entry, user=ann)
    assert late.value.message == (
        "Der Check-in für Runde 1 endete um 20. August 2030 09:45 (Europe/London): Wenden Sie "
        "sich an einen Turnierleiter."
    )


def test_an_undone_merge_is_dated_in_the_readers_language() -> None:
    td = with_registry_rights(director_of(EventFactory()))
    kept, gone = PlayerFactory(name="Anna Hartley"), PlayerFactory(name="A. Hartley")
    with time_machine.travel(datetime.datetime(2026, 11, 28, 14, 30, tzinfo=LONDON), tick=False):
        merge = merge_players(survivor=kept, absorbed=gone, user=td, reason="dup")
        undo_merge(merge=merge, user=td, reason="two people")
    url = reverse("registry-merges")
    german = page(td, url, "de")
    assert "Rückgängig gemacht am 28. November 2026 14:30 von" in german
    assert "Undone 28 Nov 2026 14:30 by" in page(td, url, "en")
