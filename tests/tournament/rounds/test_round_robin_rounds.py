"""An all-play-all has the Berger table's rounds (n - 1 for an even field, n for an odd one) and
no more: no impossible round is paired or left "being paired", and the event finishes with the
table's last round."""

from typing import Any

import pytest
from django.test import Client

from tests.tournament.helpers import event_with_players, hand_result
from tournament.errors import DomainError
from tournament.events.services import update_event
from tournament.models.events import Event, Round
from tournament.results.services import set_board_result
from tournament.rounds.selectors import round_robin_rounds
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def play_round(event: Event, user: Any) -> Round:
    """Pair, publish and enter every result of the next round."""
    round_ = start_pairing(event=event, user=user)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT, round_.pairing_error
    publish_round(round_=round_, user=user)
    for board in round_.boards.filter(result=""):
        set_board_result(board=board, user=user, **hand_result(round_.number, board.number))
    round_.refresh_from_db()
    return round_


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "system", "table"), [(6, "auto", 5), (5, "round-robin", 5)])
def test_round_one_is_not_paired_while_the_event_has_more_rounds_than_the_table(
    players: int, system: str, table: int
) -> None:
    event, td = event_with_players(players, rounds=7, system=system)
    with pytest.raises(DomainError) as refused:
        start_pairing(event=event, user=td)
    message = refused.value.message
    assert f"all-play-all of {players} players takes {table} rounds" in message
    assert "set to 7" in message and f"set its rounds to {table}" in message
    assert refused.value.field == "rounds"
    assert not event.round_set.exists()

    update_event(event=event, user=td, data={"rounds": table})
    assert start_pairing(event=event, user=td).number == 1


@pytest.mark.django_db
def test_a_partial_all_play_all_and_a_swiss_are_not_limited_by_the_table() -> None:
    fewer, td = event_with_players(6, rounds=3)
    assert start_pairing(event=fewer, user=td).number == 1
    swiss, td2 = event_with_players(4, rounds=7, system="swiss", director="td2")
    assert start_pairing(event=swiss, user=td2).number == 1


@pytest.mark.django_db
def test_once_round_one_is_paired_the_rounds_cannot_exceed_the_table() -> None:
    event, td = event_with_players(6, rounds=5)
    play_round(event, td)
    with pytest.raises(DomainError, match="has 5 rounds .* cannot be set to 6") as refused:
        update_event(event=event, user=td, data={"rounds": 6})
    assert refused.value.field == "rounds"
    event.refresh_from_db()
    assert event.rounds == 5
    update_event(event=event, user=td, data={"rounds": 4})  # fewer is a director's call
    event.refresh_from_db()
    assert event.rounds == 4


@pytest.mark.django_db
def test_the_edit_page_says_why_more_rounds_are_refused(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event, td = event_with_players(4, rounds=3)
    play_round(event, td)
    client = Client()
    client.force_login(td)
    edit = client.post(
        f"/events/{event.slug}/edit/",
        {
            "name": event.name,
            "ruleset": "mso",
            "pairing_system": "auto",
            "rounds": "5",
            "clock_minutes": "10",
            "bye_value": "1.0",
            "tiebreak_preset": "mso-ingenious",
            "ruleset_options": "{}",
        },
    )
    assert edit.status_code == 200
    assert "has 3 rounds (its Berger table): the event cannot be set to 5" in edit.content.decode()
    event.refresh_from_db()
    assert event.rounds == 3


@pytest.mark.django_db
def test_an_event_set_to_more_rounds_than_its_table_finishes_with_the_table(
    django_capture_on_commit_callbacks: Any,
) -> None:
    # Set before these checks existed (or by hand in the database): 4 players, 6 rounds.
    event, td = event_with_players(4, rounds=3)
    play_round(event, td)
    Event.objects.filter(pk=event.pk).update(rounds=6)
    event.refresh_from_db()
    assert round_robin_rounds(event) == 3
    play_round(event, td)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    play_round(event, td)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED, "the table's last round is the event's last"

    with pytest.raises(DomainError, match="has 3 rounds, all of them paired: there is no round 4"):
        start_pairing(event=event, user=td)
    assert not event.round_set.filter(number=4).exists(), "no round left stuck being paired"

    # The event page offers no fourth round, and the pairing page refuses it in words.
    client = Client()
    client.force_login(td)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "Pair round 4" not in page
    with django_capture_on_commit_callbacks(execute=True):
        refused = client.post(f"/events/{event.slug}/rounds/pair/", follow=True)
    assert "there is no round 4" in refused.content.decode()
    assert not event.round_set.filter(number=4).exists()
