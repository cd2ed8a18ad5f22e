"""My games at every kind of table: every opponent at a table of 3 or 4, a partner named as
partner and the other team as opponents, a solitaire entrant's game as a game of the round's
sequence; a real bye stays a bye."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
)
from tournament.models.events import Event, Player, Round
from tournament.rounds.seating import Table, seat_boards


def linked(username: str, name: str) -> tuple[Any, Player]:
    user = UserFactory(username=username)
    return user, PlayerFactory(name=name, user=user)


def my_page(client: Client, user: Any) -> str:
    client.force_login(user)
    response = client.get("/me/")
    assert response.status_code == 200
    return response.content.decode()


def my_api(user: Any) -> dict[str, Any]:
    api = APIClient()
    api.force_authenticate(user)
    response = api.get("/api/me/games/")
    assert response.status_code == 200
    (event,) = response.json()["events"]
    return event


@pytest.mark.django_db
def test_at_a_table_of_three_every_opponent_is_listed(client: Client) -> None:
    user, ada = linked("ada", "Ada Byron")
    event = EventFactory(name="Tables", table_size=3, ruleset=Event.Ruleset.STANDARD)
    entries = [EntryFactory(event=event, player=ada, starting_rank=1)] + [
        EntryFactory(event=event, player__name=name, starting_rank=rank)
        for rank, name in ((2, "Alan Turing"), (3, "Grace Hopper"))
    ]
    ids = [e.pk for e in entries]
    r1 = RoundFactory(event=event, number=1, status=Round.Status.COMPLETE)
    seat_boards(r1, [Table(entries=[ids[1], ids[0], ids[2]])], first_number=1)
    r2 = RoundFactory(event=event, number=2, status=Round.Status.PUBLISHED)
    seat_boards(r2, [Table(entries=[ids[2], ids[1], ids[0]])], first_number=1)

    page = my_page(client, user)
    assert "no opponent" not in page and "none (bye)" not in page
    this_round = page[page.index("Round 2") : page.index("History")]
    assert "Grace Hopper" in this_round and "Alan Turing" in this_round
    assert 'class="seat">3<' in this_round  # Ada sits third
    history = page[page.index("History") :]
    assert "Alan Turing" in history and "Grace Hopper" in history
    assert "seat 2" in history  # round 1: Ada at the second seat

    body = my_api(user)
    now = body["this_round"]
    assert now["kind"] == "table" and now["opponent"] is None and now["seat"] == 2
    assert [o["name"] for o in now["opponents"]] == ["Grace Hopper", "Alan Turing"]
    (past,) = [h for h in body["history"] if h["round"] == 1]
    assert past["kind"] == "table"
    assert [o["name"] for o in past["opponents"]] == ["Alan Turing", "Grace Hopper"]


@pytest.mark.django_db
def test_a_partner_is_named_as_partner_and_the_other_team_as_opponents(client: Client) -> None:
    ada_user, ada = linked("ada", "Ada Byron")
    alan_user, alan = linked("alan", "Alan Turing")
    event = EventFactory(name="Pairs Cup", ruleset=Event.Ruleset.PARTNERSHIP, table_size=4)
    ours = EntryFactory(event=event, player=ada, partner=alan, starting_rank=1)
    theirs = EntryFactory(
        event=event,
        player=PlayerFactory(name="Hedy Lamarr"),
        partner=PlayerFactory(name="Claude Shannon"),
        starting_rank=2,
    )
    round_ = RoundFactory(event=event, number=1, status=Round.Status.PUBLISHED)
    seat_boards(round_, [Table(entries=[ours.pk, theirs.pk, ours.pk, theirs.pk])], first_number=1)

    page = my_page(client, alan_user)  # the team's second player sits at seat 2
    this_round = page[page.index("Round 1") : page.index("History")]
    assert 'class="partner">Ada Byron<' in this_round
    assert "Opponents" in this_round and "Hedy Lamarr &amp; Claude Shannon" in this_round
    assert 'class="seat">3<' in this_round
    history = page[page.index("History") :]
    assert "with Ada Byron (partner)" in history
    assert "Hedy Lamarr &amp; Claude Shannon" in history
    assert "Alan Turing" not in history  # never their own opponent

    now = my_api(alan_user)["this_round"]
    assert now["kind"] == "team" and now["seat"] == 2 and now["first_seat"] is False
    assert now["partner"] == {"player_id": ada.pk, "name": "Ada Byron"}
    assert now["opponent"]["name"] == "Hedy Lamarr & Claude Shannon"
    assert [o["entry_id"] for o in now["opponents"]] == [theirs.pk]
    mine = my_api(ada_user)["this_round"]
    assert mine["partner"]["name"] == "Alan Turing" and mine["first_seat"] is True


@pytest.mark.django_db
def test_a_solitaire_entrant_plays_the_rounds_deal_never_a_bye(client: Client) -> None:
    user, ada = linked("ada", "Ada Byron")
    event = EventFactory(name="Solitaire Night", ruleset=Event.Ruleset.SOLITAIRE, table_size=1)
    entry = EntryFactory(event=event, player=ada, starting_rank=1)
    other = EntryFactory(event=event, player__name="Alan Turing", starting_rank=2)
    for number in (1, 2):
        round_ = RoundFactory(
            event=event,
            number=number,
            status=Round.Status.COMPLETE if number == 1 else Round.Status.PUBLISHED,
        )
        seat_boards(round_, [Table(entries=[entry.pk]), Table(entries=[other.pk])], first_number=1)

    page = my_page(client, user)
    assert "Solitaire: round 2's deal" in page  # this round
    assert "Solitaire: round 1's deal" in page  # the history
    assert "none (bye)" not in page and "no opponent" not in page and "Alan Turing" not in page
    body = my_api(user)
    assert body["this_round"]["kind"] == "solitaire"
    assert body["this_round"]["opponent"] is None and body["this_round"]["opponents"] == []
    assert [h["kind"] for h in body["history"]] == ["solitaire", "solitaire"]


@pytest.mark.django_db
def test_a_real_bye_stays_a_bye(client: Client) -> None:
    user, ada = linked("ada", "Ada Byron")
    event = EventFactory(name="Club Night")
    entry = EntryFactory(event=event, player=ada, starting_rank=1)
    round_ = RoundFactory(event=event, number=1, status=Round.Status.PUBLISHED)
    BoardFactory(round=round_, number=1, sides=[entry], result="bye")

    page = my_page(client, user)
    this_round = page[page.index("Round 1") : page.index("History")]
    assert "none (bye)" in this_round and "Live board" not in this_round
    assert "none (bye)" in page[page.index("History") :]
    body = my_api(user)
    assert body["this_round"]["kind"] == "bye" and body["history"][0]["kind"] == "bye"
