"""A director's change of an event's settings reaches its cached public page at once, and the
settings players live by (online entry, check-in) are in the event log."""

import pytest
from django.test import Client

from tests.tournament.helpers import event_with_players
from tournament.events.models import EventLogEntry
from tournament.events.services import update_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def test_turning_on_check_in_and_online_entry_is_logged_and_shown_at_once(
    django_capture_on_commit_callbacks: object,
) -> None:
    event, td = event_with_players(4, rounds=3)
    page = f"/events/{event.slug}/"
    assert "check in" not in Client().get(page).content.decode().lower()  # cached now
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        update_event(event=event, user=td, data={"check_in_required": True, "entry_open": True})
    shown = Client().get(page).content.decode().lower()
    assert "check in" in shown and "enter this event" not in shown  # players sign in to enter
    log = [e.description for e in EventLogEntry.objects.filter(event=event)]
    assert "Check in required: yes." in log and "Entry open: yes." in log
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        update_event(event=event, user=td, data={"check_in_required": False})
    assert "Check in required: no." in [e.description for e in event.log_entries.all()]
    assert "check in" not in Client().get(page).content.decode().lower()
