"""Issue 28: an e-mail is written in its recipient's language: the one they last used on the
site (the page they signed in on, or the language they chose with the switch since); the site's
language for a recipient without an account or who has not signed in since."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    director_of,
)
from tests.tournament.confirmations.test_confirmations_tables import WORD, table_of_three
from tournament.accounts.models import LanguageUsed
from tournament.accounts.services import remember_language
from tournament.confirmations.services import confirm_result
from tournament.models.events import Event, Result, Round
from tournament.results.services import set_board_result
from tournament.rounds.services import publish_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

PASSWORD = "tile-hexagon-orange-47"


def sign_in(language: str, username: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    response = client.post(reverse("login"), {"username": username, "password": PASSWORD})
    assert response.status_code == 302
    return client


def game_of_two(capture: Any) -> tuple[Event, Any, Any]:
    """Round 1 of the Sommerpokal: Anna (an account) v Bob (only a contact address), a draft."""
    event = EventFactory(name="Sommerpokal")
    td = director_of(event)
    anna = UserFactory(username="anna", email="anna@example.org")
    anna.set_password(PASSWORD)
    anna.save()
    first = EntryFactory(event=event, player=PlayerFactory(name="Anna", user=anna), starting_rank=1)
    bob = PlayerFactory(name="Bob", contact="bob@example.org")
    second = EntryFactory(event=event, player=bob, starting_rank=2)
    round_ = RoundFactory(event=event, number=1, status=Round.Status.DRAFT)
    BoardFactory(round=round_, number=1, sides=[first, second])
    return event, td, round_


def mail_to(outbox: list[Any], address: str) -> Any:
    found = [m for m in outbox if m.to == [address]]
    assert len(found) == 1, [m.to for m in outbox]
    return found[0]


def test_a_player_who_signed_in_on_a_german_page_gets_a_german_round_mail(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    _event, td, round_ = game_of_two(django_capture_on_commit_callbacks)
    sign_in("de", "anna")

    with django_capture_on_commit_callbacks(execute=True):
        publish_round(round_=round_, user=td)

    anna = mail_to(mailoutbox, "anna@example.org")
    assert anna.subject == "Runde 1 von Sommerpokal: Brett 1"
    assert "Hallo Anna," in anna.body
    bob = mail_to(mailoutbox, "bob@example.org")  # no account: the site's language
    assert bob.subject == "Round 1 of Sommerpokal: board 1"
    assert "Hello Bob," in bob.body


def test_a_result_mail_speaks_each_players_language(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    _event, td, round_ = game_of_two(django_capture_on_commit_callbacks)
    sign_in("de", "anna")
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(round_=round_, user=td)
    mailoutbox.clear()
    board = round_.boards.get()

    with django_capture_on_commit_callbacks(execute=True):
        set_board_result(board=board, user=td, result=Result.DRAW)

    anna = mail_to(mailoutbox, "anna@example.org")
    assert anna.subject == "Sommerpokal: Runde 1, Brett 1: Anna ½-½ Bob"
    assert "(vom Turnierleiter eingetragen)" in anna.body
    bob = mail_to(mailoutbox, "bob@example.org")
    assert bob.subject == "Sommerpokal: Round 1, board 1: Anna ½-½ Bob"
    assert "(entered by the director)" in bob.body


def test_the_language_switch_changes_the_language_of_the_mails(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    _event, td, round_ = game_of_two(django_capture_on_commit_callbacks)
    client = sign_in("de", "anna")
    switched = client.post(reverse("set_language"), {"language": "en-gb", "next": "/"})
    assert switched.status_code == 302
    assert LanguageUsed.objects.get(user__username="anna").language == "en-gb"

    with django_capture_on_commit_callbacks(execute=True):
        publish_round(round_=round_, user=td)

    assert mail_to(mailoutbox, "anna@example.org").subject == "Round 1 of Sommerpokal: board 1"


def test_an_account_that_has_not_signed_in_since_gets_the_sites_language(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    _event, td, round_ = game_of_two(django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(round_=round_, user=td)
    assert mail_to(mailoutbox, "anna@example.org").subject == "Round 1 of Sommerpokal: board 1"


def test_only_a_language_the_site_speaks_is_kept_and_only_a_change_is_written() -> None:
    anna = UserFactory(username="anna")
    assert remember_language(user=anna, language="de-at")  # German, the site's variant
    assert LanguageUsed.objects.get(user=anna).language == "de"
    assert not remember_language(user=anna, language="de")  # unchanged: no write
    assert not remember_language(user=anna, language="xx")
    assert not remember_language(user=anna, language="")
    assert LanguageUsed.objects.get(user=anna).language == "de"


def test_a_sign_up_mail_to_an_address_with_an_account_speaks_its_owners_language(
    mailoutbox: list[Any],
) -> None:
    """Someone signs up on an English page with the address of an account whose owner reads
    German: the note to that address is in German."""
    owner = UserFactory(username="kim@example.org", email="kim@example.org")
    remember_language(user=owner, language="de")
    data = {
        "email": "kim@example.org",
        "display_name": "Kim",
        "password": PASSWORD,
        "password2": PASSWORD,
    }
    assert Client(HTTP_ACCEPT_LANGUAGE="en").post(reverse("signup"), data).status_code == 302
    assert mail_to(mailoutbox, "kim@example.org").subject == "Ihr Konto bei testserver"


def test_a_dispute_reaches_each_of_the_staff_in_their_language(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    s = table_of_three()
    remember_language(user=s.arb, language="de")
    with django_capture_on_commit_callbacks(execute=True):
        confirm_result(board=s.board, user=s.players[0], **WORD)
        confirm_result(board=s.board, user=s.players[1], levels=[[7, 9], [9, 10], [3, 11]])

    arbiter = mail_to(mailoutbox, "arb@example.org")
    assert arbiter.subject.endswith(": Runde 1, Brett 1 ist strittig")
    assert "Hallo arb," in arbiter.body
    director = mail_to(mailoutbox, "td@example.org")
    assert director.subject.endswith(": Round 1, board 1 is disputed")
