"""The round page in the reader's words, English and German: the pairing system by its name on
the event form (never the stored code), and why a player has no game this round."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import PlayerFactory
from tests.tournament.helpers import draft_round, event_with_players, play_round
from tournament.entries.services import add_entry
from tournament.models.events import Round
from tournament.results.services import set_board_result
from tournament.rounds.public import absence_reason
from tournament.rounds.services import publish_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def page(user: Any, slug: str, number: int, language: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client.get(reverse("event-round", args=[slug, number])).content.decode()


@pytest.mark.parametrize(
    ("system", "size", "english", "german"),
    [
        ("swiss", 2, "Swiss", "Schweizer System"),
        ("round-robin", 2, "All-play-all (Berger tables)", "Rundenturnier (Berger-Tabellen)"),
        ("swiss", 4, "Swiss", "Schweizer System"),
        ("round-robin", 3, "All-play-all", "Rundenturnier"),
        (
            "double-round-robin",
            2,
            "Double all-play-all (everyone meets twice)",
            "Doppeltes Rundenturnier (jeder trifft jeden zweimal)",
        ),
    ],
)
def test_the_round_names_its_pairing_system(
    system: str, size: int, english: str, german: str
) -> None:
    event, td = event_with_players(9 if size == 3 else 8, rounds=3, system=system, table_size=size)
    round_ = draft_round(event, td)
    assert round_.system == system
    for language, name in (("en", english), ("de", german)):
        text = page(td, event.slug, 1, language)
        assert f"</a> · {name}</p>" in text, language
        assert f"· {system}<" not in text, language


def test_a_late_entrants_missed_round_says_why_in_the_readers_language() -> None:
    event, td = event_with_players(6, rounds=3, system="swiss")
    play_round(event, td)
    add_entry(event=event, user=td, player=PlayerFactory(name="Zora Late"))
    english = page(None, event.slug, 1, "en")
    assert "Zora Late (absent (zero): late entry)" in english
    german = page(None, event.slug, 1, "de")
    assert "Zora Late (Abwesend (null): späte Meldung)" in german
    assert "missed round" not in german


def test_a_requested_bye_needs_no_reason_beside_its_name() -> None:
    event, td = event_with_players(5, rounds=3, system="swiss")
    wants = event.entries.get(starting_rank=5)
    wants.requested_byes = [1]
    wants.save(update_fields=["requested_byes"])
    round_ = publish_round(round_=draft_round(event, td), user=td)
    assert round_.status == Round.Status.PUBLISHED
    german = page(None, event.slug, 1, "de")
    assert f"{wants.player.name} (Gewünschtes Freilos (halber Punkt))" in german


def test_a_reason_typed_by_a_person_is_kept_as_typed() -> None:
    assert absence_reason("away at a wedding") == "away at a wedding"
    assert absence_reason("late entry: missed round 3") == "late entry"
    assert absence_reason("requested bye (½ point) in round 2") == ""


def test_the_directors_result_form_offers_no_result_in_german() -> None:
    event, td = event_with_players(4, rounds=3, system="swiss")
    publish_round(round_=draft_round(event, td), user=td)
    assert "— kein Ergebnis —" in page(td, event.slug, 1, "de")
    assert "— no result —" in page(td, event.slug, 1, "en")


def test_the_swap_form_names_each_players_board_in_german() -> None:
    event, td = event_with_players(8, rounds=3, system="swiss", table_size=4)
    draft_round(event, td)
    german = page(td, event.slug, 1, "de")
    assert "(Brett 1)</option>" in german and "(board 1)" not in german


def test_the_log_names_a_result_by_its_name_not_its_code() -> None:
    event, td = event_with_players(4, rounds=3, system="swiss")
    round_ = publish_round(round_=draft_round(event, td), user=td)
    board = round_.boards.order_by("number").first()
    assert board is not None
    set_board_result(board=board, user=td, result="1/2-1/2", first_lowest=9, second_lowest=9)
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(td)
    log = client.get(reverse("event-log", args=[event.slug])).content.decode()
    assert "keins → ½-½" in log and "1/2-1/2" not in log
