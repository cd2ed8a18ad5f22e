"""The festival page's schedule in the reader's words: each day with its weekday and its date as
the language writes it (German with the day's dot), from Django's own date formats."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournament.festivals.builders import TwoEvents

pytestmark = pytest.mark.django_db


def schedule(language: str) -> str:
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get(reverse("festival-detail", args=["mso-2026"]))
    assert page.status_code == 200
    text = page.content.decode()
    return text[text.index('id="schedule-heading"') :]


def test_the_schedule_days_in_german_have_a_comma_and_the_days_dot(two_events: TwoEvents) -> None:
    german = schedule("de")
    assert "Donnerstag, 20. August 2026" in german and "Freitag, 21. August 2026" in german
    assert "Donnerstag 20 August" not in german


def test_the_schedule_days_in_english(two_events: TwoEvents) -> None:
    english = schedule("en")
    assert "Thursday, 20 Aug 2026" in english and "Saturday, 22 Aug 2026" in english
