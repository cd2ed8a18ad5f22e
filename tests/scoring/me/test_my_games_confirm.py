"""My games offers "Confirm the result" at every kind of paper table, not only at a pair."""

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.factories import EntryFactory, EventFactory, PlayerFactory, RoundFactory, UserFactory
from tournament.models.events import Event, Round
from tournament.rounds.seating import Table, seat_boards


def this_round(user: Any) -> dict[str, Any]:
    api = APIClient()
    api.force_authenticate(user)
    response = api.get("/api/me/games/")
    assert response.status_code == 200
    (event,) = response.json()["events"]
    return event["this_round"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("ruleset", "table_size", "seated", "may"),
    [
        (Event.Ruleset.STANDARD, 3, 3, True),
        (Event.Ruleset.SOLITAIRE, 1, 1, True),
        (Event.Ruleset.CHALLENGES, 3, 3, False),
    ],
)
def test_a_seated_player_may_confirm_a_paper_table(
    ruleset: str, table_size: int, seated: int, may: bool
) -> None:
    user = UserFactory(username="ada")
    event = EventFactory(name="Tables", table_size=table_size, ruleset=ruleset)
    entries = [EntryFactory(event=event, player=PlayerFactory(name="Ada Byron", user=user))]
    entries += [EntryFactory(event=event) for _ in range(seated - 1)]
    round_ = RoundFactory(event=event, number=1, status=Round.Status.PUBLISHED)
    seat_boards(round_, [Table(entries=[e.pk for e in entries])], first_number=1)
    assert this_round(user)["can_confirm"] is may
