"""A choice's label inside a sentence keeps the capital of a German noun and is lower case in
English: a round's status, a late entry's scoring, a role (tournament.text.in_sentence)."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.factories import PlayerFactory
from tests.tournament.helpers import draft_round, event_with_players, play_round
from tournament.entries.services import add_entry
from tournament.text import in_sentence

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def page(user: Any, url: str, language: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client.get(url).content.decode()


def test_a_draft_rounds_status_in_a_sentence() -> None:
    event, td = event_with_players(4, rounds=3, system="swiss")
    draft_round(event, td)
    url = reverse("event-detail", args=[event.slug])
    assert "Runde 1 prüfen (Entwurf)" in page(td, url, "de")
    assert "Review round 1 (draft)" in page(td, url, "en")


def test_a_late_entrys_scoring_in_a_sentence() -> None:
    event, td = event_with_players(4, rounds=3, system="swiss")
    play_round(event, td)
    add_entry(event=event, user=td, player=PlayerFactory(), missed_rounds="half")
    url = reverse("event-entries", args=[event.slug])
    assert "Eingestiegen in Runde 2 (Freilose mit halbem Punkt)" in page(td, url, "de")
    assert "Joined in round 2 (half-point byes)" in page(td, url, "en")


def test_in_sentence_follows_the_active_language() -> None:
    with translation.override("de"):
        assert in_sentence("Turnierleiter") == "Turnierleiter"
    with translation.override("en-gb"):
        assert in_sentence("Director") == "director"
