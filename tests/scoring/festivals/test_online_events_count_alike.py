"""Issue 30, requirement 2: an event whose boards are played online counts as one at the venue
does, in the festival's Pentamind table and in the rating list (the same results, the same
figures; nothing reads where a board was played)."""

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from scoring.ratings import services as ratings
from scoring.ratings.models import PlayerRating, RatingChange
from tests.tournament.festivals.builders import TwoEvents
from tournament.models.events import Board, Event
from tournament.models.where import EventPlayed, Played

pytestmark = pytest.mark.django_db


def figures(client: Client) -> tuple[str, str, str, list[tuple[int, float, float, int]]]:
    cache.clear()  # read afresh: the change below is made behind the writes' back
    pentamind = client.get(reverse("festival-pentamind-csv", args=["mso-2026"]))
    assert pentamind.status_code == 200
    overall = client.get(reverse("festival-pentamind-json", args=["mso-2026"]))
    assert overall.status_code == 200
    checksum = ratings.rebuild_ratings()
    rated = list(
        PlayerRating.objects.order_by("player_id").values_list("player_id", "mu", "sigma", "games")
    )
    return pentamind.content.decode(), overall.content.decode(), checksum, rated


def test_an_online_event_counts_in_pentamind_and_the_ratings_as_a_venue_event(
    client: Client, two_events: TwoEvents
) -> None:
    at_the_venue = figures(client)
    assert RatingChange.objects.filter(board__round__event=two_events.blitz).count() == 4
    Event.objects.filter(pk=two_events.blitz.pk).update(boards_played=EventPlayed.ONLINE)
    Board.objects.filter(round__event=two_events.blitz).update(played=Played.ONLINE)
    online = figures(client)
    assert online == at_the_venue
