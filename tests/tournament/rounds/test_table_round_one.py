"""Round 1 of an event at tables: the draft spreads the seeds over the tables and its notes say
the rule in the director's language."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tournament.models.events import Event, Round
from tournament.rounds.services import compute_draft, start_pairing
from tournament.rounds.table_pairing import SEEDS_SPREAD

from .test_table_rounds import seatings, table_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def drafted(event: Event, td: Any) -> Round:
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    return round_


@pytest.mark.parametrize(("n", "size", "bands"), [(8, 4, 2), (9, 3, 3), (16, 4, 4)])
def test_round_one_takes_one_player_from_each_part_of_the_seeded_list(
    n: int, size: int, bands: int
) -> None:
    event, td = table_event(n, size)
    round_ = drafted(event, td)
    rank = dict(event.entries.values_list("pk", "starting_rank"))
    tables = [sorted(rank[e] for e in t) for t in seatings(round_)]
    assert tables == [list(range(t, n + 1, bands)) for t in range(1, bands + 1)]
    assert SEEDS_SPREAD.as_json() in round_.notes


def test_the_draft_says_the_rule_in_english_and_in_german() -> None:
    event, td = table_event(8, 4)
    drafted(event, td)
    url = reverse("event-round", args=[event.slug, 1])
    english = Client(HTTP_ACCEPT_LANGUAGE="en")
    english.force_login(td)
    assert "each quarter of the list" in english.get(url).content.decode()
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    german.force_login(td)
    page = german.get(url).content.decode()
    assert "aus jedem Viertel der Liste" in page
    assert "each quarter of the list" not in page
