"""Requested byes for more than half the rounds are refused with a message naming the limit,
and every change of them is in the event's log with who and their value."""

import pytest

from tests.factories import PlayerFactory
from tests.tournament.helpers import api_as, event_with_players
from tournament.entries.services import add_entry, set_requested_byes
from tournament.errors import DomainError
from tournament.events.models import EventLogEntry

pytestmark = pytest.mark.usefixtures("tasks_in_process")


# --- byes for most rounds ---------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("rounds", [[1, 2, 3, 4, 5, 6, 7], [2, 3, 4, 5]])
def test_byes_for_more_than_half_the_rounds_are_refused(rounds: list[int]) -> None:
    event, td = event_with_players(8, rounds=7, system="swiss")
    entry = event.entries.order_by("starting_rank").first()
    with pytest.raises(DomainError) as refused:
        set_requested_byes(entry=entry, user=td, rounds=rounds)
    assert refused.value.field == "requested_byes"
    assert f"byes in {len(rounds)} of the event's 7 rounds: at most 3" in refused.value.message
    entry.refresh_from_db()
    assert entry.requested_byes == []

    set_requested_byes(entry=entry, user=td, rounds=[2, 4, 6])
    entry.refresh_from_db()
    assert entry.requested_byes == [2, 4, 6]


@pytest.mark.django_db
def test_requested_byes_are_in_the_event_log_with_who_and_their_value() -> None:
    event, td = event_with_players(8, rounds=7, system="swiss")
    event.requested_bye_points = ["0", "0.5", "1"]
    event.save()
    entry = event.entries.select_related("player").order_by("starting_rank").first()
    set_requested_byes(entry=entry, user=td, rounds=[3, (5, "1")])
    set_requested_byes(entry=entry, user=td, rounds=[3, (5, "1")])  # no change: no line
    with pytest.raises(DomainError):
        set_requested_byes(entry=entry, user=td, rounds=[9])
    set_requested_byes(entry=entry, user=td, rounds=[])
    lines = list(EventLogEntry.objects.filter(event=event, kind="bye-request"))
    name = entry.player.name
    assert [ln.description for ln in lines] == [
        f"Requested byes of {name}: round 3 (½), round 5 (1) (were: none).",
        f"Requested byes of {name}: none (were: round 3 (½), round 5 (1)).",
    ]
    assert all(ln.user == td for ln in lines)


@pytest.mark.django_db
def test_byes_for_every_round_are_refused_through_the_api_and_on_entry() -> None:
    event, td = event_with_players(8, rounds=4, system="swiss")
    api = api_as(td)
    entry = event.entries.first()
    every = api.patch(
        f"/api/events/{event.slug}/entries/{entry.pk}/",
        {"requested_byes": [1, 2, 3, 4]},
        format="json",
    )
    assert every.status_code == 400 and every.json()["field"] == "requested_byes"
    assert "at most 2 (half the rounds)" in every.json()["detail"]
    with pytest.raises(DomainError):
        add_entry(event=event, user=td, player=PlayerFactory(), requested_byes=[1, 2, 3])
    assert event.entries.count() == 8
