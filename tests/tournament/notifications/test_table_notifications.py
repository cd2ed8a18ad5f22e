"""E-mail at a table of 4: every seat hears of its table, seat and table-mates when the round is
published, and of the placings when the table's result is entered; and a table's word is its
seats' levels, not a two-player result."""

from typing import Any

import pytest

from tests.factories import (
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    director_of,
)
from tests.result_calls import set_table_result
from tournament.confirmations.models import ResultConfirmation
from tournament.confirmations.services import confirm_result
from tournament.errors import DomainError
from tournament.models.events import Result, Round
from tournament.rounds.seating import Table, seat_boards
from tournament.rounds.services import publish_round

pytestmark = pytest.mark.usefixtures("tasks_in_process")

NAMES = ["Ada", "Bea", "Cy", "Di"]


@pytest.mark.django_db
def test_everybody_at_a_table_of_four_hears_of_their_seat_and_the_placings(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = EventFactory(name="Fours", ruleset="standard", table_size=4)
    td = director_of(event)
    entries = [
        EntryFactory(
            event=event,
            starting_rank=rank,
            player=PlayerFactory(name=name, club="", contact=f"{name.lower()}@example.org"),
        )
        for rank, name in enumerate(NAMES, start=1)
    ]
    round_ = RoundFactory(event=event, number=1, status=Round.Status.DRAFT)
    (board,) = seat_boards(round_, [Table([e.pk for e in entries])], first_number=1)
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(round_=round_, user=td)

    assert sorted(m.to[0] for m in mailoutbox) == [f"{n.lower()}@example.org" for n in NAMES]
    cy = next(m for m in mailoutbox if m.to == ["cy@example.org"])
    assert "Round 1 of Fours: table 1, seat 3 of 4, with Ada, Bea, Di." in cy.body

    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        set_table_result(
            board=board,
            user=td,
            reason="from the score sheet",
            levels=[[7, 9], [9, 10], [7, 9], [3, 12]],
        )
    assert len(mailoutbox) == 4
    di = next(m for m in mailoutbox if m.to == ["di@example.org"])
    assert "placings at the table: Ada 2, Bea 1, Cy 2, Di 4" in di.body


@pytest.mark.django_db
def test_a_table_takes_no_two_player_result_as_a_word() -> None:
    event = EventFactory(ruleset="standard", table_size=3)
    director_of(event)
    entries = [EntryFactory(event=event, starting_rank=n) for n in (1, 2, 3)]
    round_ = RoundFactory(event=event, number=1, status=Round.Status.PUBLISHED)
    (board,) = seat_boards(round_, [Table([e.pk for e in entries])], first_number=1)
    player = UserFactory(username="seated")
    entries[0].player.user = player
    entries[0].player.save(update_fields=["user"])
    with pytest.raises(DomainError, match="is a table") as refused:
        confirm_result(board=board, user=player, result=Result.FIRST_WINS)
    assert refused.value.field == "result"
    board.refresh_from_db()
    assert (board.result, board.confirmation) == ("", "")
    assert not ResultConfirmation.objects.exists()
