"""A draft's notes and its boards' reasons in the reader's language: the pairing task stores them
as notes (an English template and its arguments), the round page and the API say them in German
or English; a round paired before notes were kept (plain English strings) still reads."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from tests.tournament.helpers import api_as, draft_round, event_with_players, play_round
from tournament.models.events import Event, Round
from tournament.rounds.selectors import note_texts, reason_text
from tournament.rounds.services import swap_players
from tournament.rounds.table_pairing import SEEDS_SPREAD
from tournament.text import note_text

from .test_table_rounds import play as play_tables

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def page(user: Any, event: Event, number: int, language: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    response = client.get(reverse("event-round", args=[event.slug, number]))
    assert response.status_code == 200
    return response.content.decode()


def said(round_: Round, language: str) -> list[str]:
    """The round's notes and its boards' reasons, as a reader of ``language`` gets them."""
    with translation.override(language):
        boards = round_.boards.order_by("number")
        return [*note_texts(round_), *(reason_text(b) for b in boards)]


def assert_said_in_each_language(td: Any, round_: Round) -> tuple[str, str]:
    english, german = said(round_, "en-gb"), said(round_, "de")
    assert english and all(english) and len(english) == len(german)
    english_page = page(td, round_.event, round_.number, "en")
    german_page = page(td, round_.event, round_.number, "de")
    for en, de in zip(english, german, strict=True):
        assert en != de, f"no German for {en!r}"
        assert escape(en) in english_page, en
        assert escape(de) in german_page, de
        assert escape(en) not in german_page, f"English on the German page: {en!r}"
        assert escape(de) not in english_page, f"German on the English page: {de!r}"
    return english_page, german_page


def test_a_swiss_draft_says_its_notes_and_reasons_in_german() -> None:
    event, td = event_with_players(7, rounds=4, system="swiss", acceleration="baku")
    play_round(event, td)
    wants = event.entries.get(starting_rank=3)
    wants.requested_byes = [2]
    wants.save(update_fields=["requested_byes"])
    round_ = draft_round(event, td)
    english, german = assert_said_in_each_language(td, round_)
    # The words inside a note are translated too: the acceleration, why a player moves first,
    # the requested bye's points.
    assert "Baku acceleration (round 2 of 2 accelerated)" in english
    assert "Baku-Beschleunigung (Runde 2 von 2 beschleunigten)" in german
    assert "Punktgruppe" in german and "heruntergelost" in german
    assert "beginnt (mehr Nachzüge (1) als Anzüge (0))" in german
    assert "moves first (more seconds (1) than firsts (0))" in english
    assert "gewünschtes Freilos (½ Punkt) in Runde 2" in german
    assert "requested bye (½ point) in round 2" in english


def test_an_all_play_all_draft_says_its_notes_and_reasons_in_german() -> None:
    event, td = event_with_players(5, rounds=5, system="round-robin")
    round_ = draft_round(event, td)
    english, german = assert_said_in_each_language(td, round_)
    assert (
        "round robin of 5 players by the Berger table (table numbers = starting ranks)" in english
    )
    assert "Rundenturnier mit 5 Spielern nach der Berger-Tabelle" in german
    assert "Freilos: #" in german and "ungerade Spielerzahl, Rundenturnier, Runde 1" in german


def test_a_draft_at_tables_says_its_notes_and_reasons_in_german() -> None:
    event, td = event_with_players(9, rounds=3, system="swiss", table_size=3)
    play_tables(event, td)
    round_ = draft_round(event, td)
    english, german = assert_said_in_each_language(td, round_)
    assert "9 Spieler an Tischen zu 3, 3, 3" in german
    assert "9 players at tables of 3, 3, 3" in english
    assert "hat Sitz 1 (bisher 0 erste Sitze)" in german
    assert "sits first (0 first seats before)" in english


def test_round_one_at_tables_keeps_its_seeds_note_in_german() -> None:
    event, td = event_with_players(8, rounds=3, system="swiss", table_size=4)
    round_ = draft_round(event, td)
    assert SEEDS_SPREAD.as_json() in round_.notes
    assert_said_in_each_language(td, round_)


def test_a_directors_swap_is_said_in_german_with_their_own_words() -> None:
    event, director = event_with_players(4, rounds=3, system="swiss")
    td: Any = director
    round_ = draft_round(event, td)
    first, second = (b.sides[0] for b in round_.boards.order_by("number"))
    swap_players(round_=round_, user=td, first=first, second=second, reason="Handy am Brett")
    german = page(td, event, 1, "de")
    assert "vom Turnierleiter geändert: Handy am Brett" in german
    assert "changed by the director: Handy am Brett" in page(td, event, 1, "en")


def test_a_round_paired_before_notes_still_reads() -> None:
    event, td = event_with_players(4, rounds=3, system="swiss")
    round_ = draft_round(event, td)
    # As an older version stored them: English strings, the reason written out in English.
    old_note = "round robin of 4 players by the Berger table (table numbers = starting ranks)"
    Round.objects.filter(pk=round_.pk).update(notes=[SEEDS_SPREAD.text, old_note])
    old_reason = "score group 0: #1 v #3 (top half v bottom half); #1 moves first (no games yet)"
    round_.boards.filter(number=1).update(reasons=[], reason=old_reason)
    english, german = page(td, event, 1, "en"), page(td, event, 1, "de")
    assert escape(old_note) in english and escape(old_reason) in english
    assert "each quarter of the list" in english
    # What the catalogue holds is said in German, as the page always did; the rest as stored.
    assert "aus jedem Viertel der Liste" in german and "each quarter of the list" not in german
    assert escape(old_note) in german and escape(old_reason) in german


def test_a_note_not_written_by_this_site_is_shown_as_it_is() -> None:
    with translation.override("de"):
        assert note_text({"text": 3}) == "{'text': 3}"
        # A template whose arguments do not fit: the template as stored, never an error page.
        assert note_text({"text": "scores %(score)s", "args": {"points": "2"}}) == (
            "scores %(score)s"
        )
        assert note_text({"text": "scores %(score)s", "args": {"score": "2"}}) == "Punkte 2"
        assert note_text("no earlier table-mates") == "keine früheren Tischnachbarn"
        assert note_text("") == ""


def test_the_api_says_notes_and_reasons_in_the_requests_language_english_by_default() -> None:
    event, td = event_with_players(5, rounds=5, system="round-robin")
    draft_round(event, td)
    url = f"/api/events/{event.slug}/rounds/1/"
    english = api_as(td).get(url)
    assert english.status_code == 200
    body = english.json()
    # The strings clients read before notes were kept, unchanged.
    assert body["notes"] == [
        "round robin of 5 players by the Berger table (table numbers = starting ranks)"
    ]
    reasons = [b["reason"] for b in body["boards"]]
    assert "round robin round 1: #2 v #5 (Berger table 2-5; #2 moves first)" in reasons
    assert "bye: #1 (odd field, round robin round 1)" in reasons
    german = api_as(td).get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert german.status_code == 200
    body = german.json()
    assert body["notes"] == [
        "Rundenturnier mit 5 Spielern nach der Berger-Tabelle (Tabellennummern = Startränge)"
    ]
    reasons = [b["reason"] for b in body["boards"]]
    assert "Rundenturnier, Runde 1: #2 gegen #5 (Berger-Tabelle 2-5; #2 beginnt)" in reasons
    assert "Freilos: #1 (ungerade Spielerzahl, Rundenturnier, Runde 1)" in reasons
