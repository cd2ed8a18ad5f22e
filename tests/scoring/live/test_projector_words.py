"""The projector's legend names the tie-breaks as the language writes them inside a sentence:
German nouns keep their capital ("DV Direkter Vergleich"), English is lower case ("RB results
between")."""

import pytest
from django.core.cache import cache
from django.test import Client

from tests.scoring.builders import rulebook_example

pytestmark = pytest.mark.django_db


def legend(slug: str, language: str) -> str:
    cache.clear()
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    body = client.get(f"/events/{slug}/projector/screens/").content.decode()
    start = body.index('class="pj-legend"', body.index('data-screen="standings-1"'))
    return body[start : body.index("</p>", start)]


def test_the_german_legend_keeps_the_capitals_of_its_nouns() -> None:
    ev = rulebook_example()
    german = legend(ev.event.slug, "de")
    assert "DV Direkter Vergleich" in german
    assert "FD Fortlaufende Differenz" in german and "FS Fortlaufender Stand" in german
    assert "direkter vergleich" not in german


def test_the_english_legend_names_each_tie_break() -> None:
    ev = rulebook_example()
    english = legend(ev.event.slug, "en")
    assert "RB results between" in english and "PD progressive difference" in english
