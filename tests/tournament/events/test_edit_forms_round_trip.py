"""Every edit form round-trips: rendered, then submitted as a browser submits it unchanged, it
changes nothing stored (issue 25, item 11: dates rendered as 28/11/2026 in date inputs were
emptied on save, and a duplicate solitaire event became an MSO one).

Each case renders the edit page as the user who may edit, reads its form with the browser's
rules (tests/html_forms.py), posts those values back and compares every field of the stored
object before and after, in English and in German (the date format was the locale's).
"""

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.db import models
from django.forms.models import model_to_dict
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    director_of,
)
from tests.html_forms import form_with
from tournament.checkin.models import CheckInWindow
from tournament.models.events import Event, Festival, Round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

LANGUAGES = ["en-gb", "de"]
NOV_28 = datetime.date(2026, 11, 28)


@dataclass
class Case:
    """An edit page: the object it edits, who may edit it, and a field only its form has."""

    page: str
    obj: models.Model
    user: Any
    field: str
    action: str | None = None  # when more forms of the page have the field


def _festival() -> Festival:
    return Festival.objects.create(
        name="Mind Sports Olympiad 2026",
        starts=NOV_28,
        ends=NOV_28 + datetime.timedelta(days=9),
        venue="JW3, London",
        time_zone="Europe/London",
    )


EVENT_KINDS: dict[str, dict[str, Any]] = {
    "mso pairs": {"ruleset": "mso", "table_size": 2, "keep_apart": ["club", "country"]},
    "standard, tables of 3": {"ruleset": "standard", "table_size": 3, "bye_value": "0.5"},
    "standard, tables of 4, options": {
        "ruleset": "standard",
        "table_size": 4,
        "ruleset_options": {"placement_rule": "touch"},
        "tiebreak_chain": ["progressive_level", "results_between"],  # a custom list
    },
    "partnership": {"ruleset": "partnership", "table_size": 4, "pairing_system": "swiss"},
    "duplicate solitaire": {"ruleset": "solitaire", "table_size": 1, "rounds": 3},
    "challenges": {
        "ruleset": "challenges",
        "table_size": 3,
        "ruleset_options": {"challenges": ["dice", "card"], "mode": "full"},
    },
}


def plain_event_case() -> Case:
    """An event as created with the model's defaults: no festival, nothing ticked."""
    event = EventFactory(name="Plain Open", start_date=NOV_28, end_date=NOV_28)
    return Case(reverse("event-edit", args=[event.slug]), event, director_of(event), "ruleset")


def event_case(kind: str) -> Case:
    event = EventFactory(
        name=f"Autumn {kind}",
        start_date=NOV_28,
        end_date=NOV_28 + datetime.timedelta(days=1),
        festival=_festival(),
        entry_open=True,
        check_in_required=True,
        requested_bye_points=["0", "1"],
        acceleration="baku",
        **EVENT_KINDS[kind],
    )
    return Case(reverse("event-edit", args=[event.slug]), event, director_of(event), "ruleset")


def festival_case() -> Case:
    festival = _festival()
    organiser = UserFactory(username="organiser", is_staff=True, is_superuser=True)
    return Case(reverse("festival-edit", args=[festival.slug]), festival, organiser, "starts")


def check_in_window_case() -> Case:
    event = EventFactory(check_in_required=True)
    zone = timezone.get_current_timezone()
    opens = datetime.datetime(2026, 11, 28, 9, 30, tzinfo=zone)
    window = CheckInWindow.objects.create(
        event=event, round_number=1, opens_at=opens, closes_at=opens + datetime.timedelta(hours=1)
    )
    page = reverse("event-check-in-windows", args=[event.slug]) + "?round=1"
    return Case(page, window, director_of(event), "opens_at")


def own_byes_case() -> Case:
    user = UserFactory(username="ann@example.org")
    player = PlayerFactory(user=user)
    event = EventFactory(requested_bye_points=["0.5", "1"])
    # As the service stores them: every round's value, the default ½ too.
    points = {"3": "0.5", "5": "1"}
    entry = EntryFactory(event=event, player=player, requested_byes=[3, 5])
    entry.requested_bye_points = points
    entry.save()
    return Case(reverse("my-entry", args=[event.slug]), entry, user, "round_3")


def entry_byes_case() -> Case:
    event = EventFactory(requested_bye_points=["0", "0.5", "1"])
    points = {"2": "0.5", "6": "0"}
    entry = EntryFactory(event=event, requested_byes=[2, 6], requested_bye_points=points)
    page = reverse("event-entries", args=[event.slug])
    action = reverse("entry-byes", args=[event.slug, entry.pk])
    return Case(page, entry, director_of(event), "requested_byes", action)


def notify_case() -> Case:
    user = UserFactory(username="bo@example.org")
    player = PlayerFactory(user=user, notify=True)
    return Case(reverse("account"), player, user, "notify")


def board_result_case() -> Case:
    board = BoardFactory(result="1-0", lowest=(9, 7))
    event = board.round.event
    page = reverse("board-result", args=[event.slug, board.pk])
    return Case(page, board, director_of(event), "result")


def round_challenge_case() -> Case:
    event = EventFactory(ruleset="challenges", table_size=3, rounds=3)
    round_ = RoundFactory(event=event, number=1, status=Round.Status.DRAFT, challenge="dice")
    page = reverse("event-round", args=[event.slug, 1])
    return Case(page, round_, director_of(event), "challenge")


CASES: dict[str, Callable[[], Case]] = {
    **{f"event: {kind}": (lambda kind=kind: event_case(kind)) for kind in EVENT_KINDS},
    "event: the model's defaults": plain_event_case,
    "festival": festival_case,
    "check-in window": check_in_window_case,
    "a player's own requested byes": own_byes_case,
    "an entry's requested byes": entry_byes_case,
    "e-mail notifications": notify_case,
    "a board's result": board_result_case,
    "a draft round's challenge": round_challenge_case,
}


def stored(obj: models.Model) -> dict[str, Any]:
    obj.refresh_from_db()
    return model_to_dict(obj)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", list(CASES))
def test_an_edit_form_submitted_unchanged_changes_nothing(name: str, language: str) -> None:
    case = CASES[name]()
    before = stored(case.obj)
    client = Client(headers={"accept-language": language})
    client.force_login(case.user)
    page = client.get(case.page)
    assert page.status_code == 200
    form = form_with(page.content.decode(), case.field, case.action)

    response = client.post(form.action or case.page, form.data())

    assert response.status_code == 302, response.content.decode()[:3000]
    assert stored(case.obj) == before


def test_a_date_input_holds_the_date_in_iso_format_in_german() -> None:
    """What a browser can read, whatever the language: 2026-11-28, not 28.11.2026."""
    case = event_case("mso pairs")
    client = Client(headers={"accept-language": "de"})
    client.force_login(case.user)
    form = form_with(client.get(case.page).content.decode(), "start_date")
    assert form.data()["start_date"] == ["2026-11-28"]
    assert form.data()["end_date"] == ["2026-11-29"]


def test_the_event_form_shows_a_solitaire_event_as_duplicate_solitaire() -> None:
    case = event_case("duplicate solitaire")
    client = Client()
    client.force_login(case.user)
    form = form_with(client.get(case.page).content.decode(), "ruleset")
    assert form.data()["ruleset"] == [Event.Ruleset.SOLITAIRE]
    assert form.data()["table_size"] == ["1"]
