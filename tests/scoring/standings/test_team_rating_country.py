"""A partnership team is both its players: its registry rating is their mean and its country
both countries, in the standings and when the director ranks by rating (never the first
player's alone)."""

import pytest

from scoring.standings.build import standings_for
from tests.factories import EntryFactory, EventFactory, PlayerFactory, director_of
from tournament.entries.services import rank_by_rating
from tournament.models.events import Entry

pytestmark = pytest.mark.django_db


def teams() -> tuple[object, Entry, Entry]:
    event = EventFactory(ruleset="partnership", table_size=4, rounds=3)
    # The first team's first player is the highest rated, its partner the lowest.
    strong_first = EntryFactory(
        event=event,
        starting_rank=1,
        player=PlayerFactory(name="Ada Byron", rating=2100, country="ENG"),
        partner=PlayerFactory(name="Alan Turing", rating=1500, country="WAL"),
    )
    even = EntryFactory(
        event=event,
        starting_rank=2,
        player=PlayerFactory(name="Hedy Lamarr", rating=1900, country="AUT"),
        partner=PlayerFactory(name="Claude Shannon", rating=1901, country="AUT"),
    )
    return event, strong_first, even


def test_the_standings_give_a_team_its_players_mean_rating_and_both_countries() -> None:
    event, strong_first, even = teams()
    by_entry = {line.contender.entry_id: line.contender for line in standings_for(event).lines}
    assert (by_entry[strong_first.pk].rating, by_entry[strong_first.pk].country) == (
        1800,
        "ENG / WAL",
    )
    assert (by_entry[even.pk].rating, by_entry[even.pk].country) == (1901, "AUT")


def test_ranking_by_rating_ranks_a_team_by_its_players_mean() -> None:
    event, strong_first, even = teams()
    rank_by_rating(event=event, user=director_of(event))
    ranks = dict(Entry.objects.filter(event=event).values_list("pk", "starting_rank"))
    assert (ranks[even.pk], ranks[strong_first.pk]) == (1, 2)
