"""An online entrant takes their starting rank by registry rating as they enter (issue 28: they
arrived last whatever their rating until the director ranked again): above the first entry rated
lower, the others' order as it was; a late entry still goes last."""

from typing import Any

import pytest

from tests.factories import EntryFactory, EventFactory, PlayerFactory, UserFactory, director_of
from tournament.entries.models import EntryRequest
from tournament.entries.online import approve_entry_request, enter_online
from tournament.models.events import Entry, Event, Player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def linked(rating: int | None, username: str = "alice") -> tuple[Any, Player]:
    user = UserFactory(username=username)
    player = PlayerFactory(name=f"Online {username}", rating=rating, user=user)
    return user, player


def field_of(event: Event, *ratings: int | None) -> list[Entry]:
    """Entries ranked 1, 2, ... with these registry ratings (not in rating order: a director's
    order the online entry must keep)."""
    return [
        EntryFactory(event=event, player=PlayerFactory(rating=rating), starting_rank=rank)
        for rank, rating in enumerate(ratings, start=1)
    ]


def ranks(event: Event) -> list[str]:
    return list(event.entries.order_by("starting_rank").values_list("player__name", flat=True))


def test_an_online_entrant_is_ranked_by_rating_among_the_others() -> None:
    event = EventFactory(entry_open=True)
    top, seeded, middle, unrated = field_of(event, 2100, 1500, 1800, None)  # 1500 seeded by hand
    user, player = linked(1700)
    entry = enter_online(event=event, user=user)
    assert isinstance(entry, Entry)
    # Above the first entry rated lower than 1700 (the 1500 the director seeded second).
    assert entry.starting_rank == 2
    names = [top.player.name, player.name, seeded.player.name, middle.player.name]
    assert ranks(event) == [*names, unrated.player.name]
    note = event.log_entries.get(kind="online-entry").description
    assert note == f"{player.name} entered online as #2."


def test_an_unrated_online_entrant_goes_last_and_ties_go_below() -> None:
    event = EventFactory(entry_open=True)
    field_of(event, 1900, 1800)
    user, player = linked(None)
    assert enter_online(event=event, user=user).starting_rank == 3  # type: ignore[union-attr]
    tied_user, tied = linked(1800, "bea")
    assert enter_online(event=event, user=tied_user).starting_rank == 3  # type: ignore[union-attr]
    assert ranks(event)[2:] == [tied.name, player.name]


def test_an_approved_online_entry_is_ranked_by_rating_too() -> None:
    event = EventFactory(entry_open=True, entry_approval=True)
    field_of(event, 1600, 1400)
    user, player = linked(2000)
    request = enter_online(event=event, user=user)
    assert isinstance(request, EntryRequest)
    entry = approve_entry_request(entry_request=request, user=director_of(event))
    assert entry.starting_rank == 1
    assert ranks(event)[0] == player.name


def test_after_round_one_an_online_entrant_is_a_late_entry_at_the_bottom() -> None:
    event = EventFactory(entry_open=True)
    field_of(event, 1600, 1400)
    event.round_set.create(number=1, status="complete")
    user, _player = linked(2400)
    entry = enter_online(event=event, user=user)
    assert isinstance(entry, Entry)
    assert (entry.starting_rank, entry.joined_round) == (3, 2)
