"""Races on a draft round: a delete against a publish, a swap, a board swap or another delete.
Exactly one of two racing requests is carried out; the other gets 409 naming the round, never
a 500, and the data stays whole (no boards or games of a deleted round)."""

from typing import Any

import pytest

from games.models import Game
from tests.tournament.helpers import event_with_players
from tests.tournament.races import Call, queued, together
from tournament.errors import Conflict
from tournament.models.events import Board, Event, Round
from tournament.rounds.models import PairingChange
from tournament.rounds.services import (
    compute_draft,
    delete_draft,
    publish_round,
    start_pairing,
    swap_boards,
    swap_entries,
)

pytestmark = pytest.mark.usefixtures("tasks_in_process")

DELETED = "Round 1's draft was deleted meanwhile: reload."


def draft() -> tuple[Event, Any, Round]:
    event, td = event_with_players(6, rounds=5)
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT and round_.boards.count() == 3
    return event, td, round_


def calls(event: Event, td: Any, round_: Round) -> dict[str, Call]:
    url = f"/api/events/{event.slug}/rounds/{round_.number}/"
    b1, b2 = round_.boards.get(number=1), round_.boards.get(number=2)
    return {
        "delete": Call(td, "delete", url),
        "publish": Call(td, "post", url + "publish/"),
        "swap": Call(
            td,
            "post",
            url + "swap/",
            {"first": b1.side_ids[0], "second": b2.side_ids[0], "reason": "x"},
        ),
        "swap_boards": Call(
            td, "post", url + "swap-boards/", {"board_a": 1, "board_b": 2, "reason": "x"}
        ),
    }


def holding_the_event(event: Event) -> Any:
    return lambda: Event.objects.select_for_update().get(pk=event.pk)


def assert_deleted(event: Event) -> None:
    assert not Round.objects.filter(event=event).exists()
    assert not Board.objects.filter(round__event=event).exists()
    assert not PairingChange.objects.filter(round__event=event).exists()
    assert not Game.objects.filter(board__round__event=event).exists()


def assert_published(event: Event) -> None:
    round_ = Round.objects.get(event=event, number=1)
    assert round_.status == Round.Status.PUBLISHED
    assert round_.boards.count() == 3
    assert Game.objects.filter(board__round=round_).count() == 3


@pytest.mark.django_db
@pytest.mark.parametrize("action", ["publish", "swap", "swap_boards", "delete"])
def test_a_draft_deleted_meanwhile_is_a_conflict_naming_the_round(action: str) -> None:
    event, td, round_ = draft()
    b1, b2 = round_.boards.get(number=1), round_.boards.get(number=2)
    one, two = b1.side_ids[0], b2.side_ids[0]  # read before the seats go with the round
    Round.objects.filter(pk=round_.pk).delete()  # another request, while this one waited
    act = {
        "publish": lambda: publish_round(round_=round_, user=td),
        "swap": lambda: swap_entries(
            round_=round_, user=td, first_id=one, second_id=two, reason="x"
        ),
        "swap_boards": lambda: swap_boards(
            round_=round_, user=td, board_a=1, board_b=2, reason="x"
        ),
        "delete": lambda: delete_draft(round_=round_, user=td),
    }[action]
    with pytest.raises(Conflict) as refused:
        act()
    assert refused.value.message == DELETED
    assert refused.value.code == "round_deleted"
    assert_deleted(event)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("other", ["publish", "swap", "swap_boards", "delete"])
def test_a_change_behind_a_delete_of_the_draft_gets_409(postgres: None, other: str) -> None:
    event, td, round_ = draft()
    requests = calls(event, td, round_)
    delete, change = queued(holding_the_event(event), [requests["delete"], requests[other]])
    assert delete.status == 204, delete
    assert change.status == 409, change
    assert (change.detail, change.body["code"]) == (DELETED, "round_deleted")
    assert_deleted(event)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("other", ["publish", "swap", "swap_boards"])
def test_a_delete_behind_a_change_of_the_draft(postgres: None, other: str) -> None:
    event, td, round_ = draft()
    requests = calls(event, td, round_)
    change, delete = queued(holding_the_event(event), [requests[other], requests["delete"]])
    assert change.status == 200, change
    if other == "publish":
        assert delete.status == 409, delete
        assert delete.body["code"] == "round_published"
        assert delete.detail == "Round 1 is published: its pairings stand."
        assert_published(event)
    else:  # the draft was changed, then deleted: both stand
        assert delete.status == 204, delete
        assert_deleted(event)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("other", ["publish", "swap", "delete"])
def test_a_delete_and_a_change_sent_at_once_never_500(postgres: None, other: str) -> None:
    for _ in range(4):
        event, td, round_ = draft()
        requests = calls(event, td, round_)
        delete, change = together([requests["delete"], requests[other]])
        assert 500 not in (delete.status, change.status), (delete, change)
        done = [a for a in (delete, change) if a.status in (200, 204)]
        refused = [a for a in (delete, change) if a not in done]
        # The late request either waited on the round's lock and is told why (409: deleted
        # meanwhile, or published: its pairings stand), or came after and finds no round (404).
        published_first = bool(done) and done[0] is change and other == "publish"
        for late in refused:
            if late.status == 409:
                code = "round_published" if published_first else "round_deleted"
                assert late.body["code"] == code, (delete, change)
            else:
                assert late.status == 404, (delete, change)
        if other == "swap" and not refused:
            assert_deleted(event)  # the swap came first; then the draft was deleted
            continue
        assert len(done) == 1 and len(refused) == 1, (delete, change)
        if done[0] is change and other == "publish":
            assert_published(event)
        else:
            assert_deleted(event)
