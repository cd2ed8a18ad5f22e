"""Issue 28: the event form in the reader's language: the tie-break presets by their names, what
the custom list takes, and what is wrong with a custom list (on the page and through the API)."""

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import EventCreatorFactory
from tournament.models.events import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def form_page(language: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(EventCreatorFactory(username="td"))
    response = client.get(reverse("event-create"))
    assert response.status_code == 200
    return response.content.decode()


def test_the_presets_and_the_custom_lists_help_are_german_on_a_german_page() -> None:
    german = form_page("de")
    assert "MSO Ingenious: Direkter Vergleich, Fortlaufende Differenz, Fortlaufender Stand" in (
        german
    )
    assert "MSO Zwei-Spieler: Gegeneinander, Spanne, Sonneborn-Berger" in german
    assert "Schach: Buchholz, Sonneborn-Berger, Kumulativ" in german
    assert "Schlüssel durch Kommas getrennt, in ihrer Reihenfolge: buchholz (Buchholz)," in german
    assert ">MSO two-player" not in german and "Comma-separated" not in german
    english = form_page("en")
    assert "MSO two-player: Head-to-head" in english
    assert "Comma-separated keys, in order: buchholz (Buchholz)" in english


def test_an_unknown_custom_tiebreak_is_named_in_german_on_a_german_page() -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(EventCreatorFactory(username="td"))
    data = {
        "name": "Wortpokal",
        "ruleset": "mso",
        "pairing_system": "auto",
        "rounds": "3",
        "clock_minutes": "10",
        "bye_value": "1.0",
        "tiebreak_preset": "custom",
        "tiebreak_custom": "buchholz, astrologie, buchholz",
    }
    response = client.post(reverse("event-create"), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Feinwertung 2: unbekannte Feinwertung &#x27;astrologie&#x27;" in page
    assert "Feinwertung 3: &#x27;buchholz&#x27; kommt mehr als einmal vor" in page
    assert not Event.objects.exists()


def test_the_api_refuses_an_unknown_tiebreak_in_the_callers_language() -> None:
    api = APIClient(HTTP_ACCEPT_LANGUAGE="de")
    api.force_login(EventCreatorFactory(username="td"))
    body = {"name": "X", "tiebreak_chain": ["buchholz", "koya"]}
    response = api.post("/api/events/", body, format="json")
    assert response.status_code == 400
    assert "Feinwertungen: Feinwertung 2: unbekannte Feinwertung 'koya'." in str(response.json())
    assert not Event.objects.exists()
