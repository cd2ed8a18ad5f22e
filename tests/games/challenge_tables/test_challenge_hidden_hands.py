"""A Card Challenge's hands are hidden (CHALLENGES.md). In full mode the site deals them; while
the game is not over only those who record the table (its event's arbiters and directors, or
staff) see them: the players and spectators see each hand's size, the face-up cards and the
log's deals and draws as counts, on the table's page, its state, its record and the event's
records download. Once the game is over, the whole record is public."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.challenge_tables.selectors import effective_actions, replay_table
from games.challenge_tables.services import record_challenge_action
from games.models import Game
from tests.factories import EventFactory, UserFactory, arbiter_of
from tests.games.challenge_tables.test_challenge_events import (
    challenge_event,
    draft,
    next_choice,
    play_through_services,
)
from tests.result_calls import set_table_result
from tournament.models.events import Event, Round
from tournament.rounds.services import publish_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def card_table() -> tuple[Event, Game, Any]:
    """A published round of the Card Challenge (full mode), its first table dealt and a card
    played, and an arbiter of the event."""
    event, td = challenge_event(4, challenges=["card"])
    round_ = draft(event, td)
    publish_round(round_=Round.objects.get(pk=round_.pk), user=td, notify=False)
    table = Game.objects.challenges().get(board__round=round_, board__number=1)
    Game.objects.filter(pk=table.pk).update(seed=20261127)  # the same deal every run
    rng = random.Random(5)
    for _ in range(400):
        table.refresh_from_db()
        game = replay_table(table, effective_actions(table))
        if game.phase == "play" and game.plays >= 1 or game.over:
            break
        record_challenge_action(
            table=table, user=td, expected_index=table.log_length, action=next_choice(game, rng)
        )
    table.refresh_from_db()
    assert table.status == Game.Status.PLAYING
    return event, table, arbiter_of(event, "arb")


def signed_in(user: Any) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def dealt_cards(table: Game) -> list[str]:
    return [
        card
        for a in effective_actions(table)
        if a.payload["type"] in ("deal", "draw")
        for card in a.payload["cards"]
    ]


def test_players_and_spectators_see_no_hand_while_the_game_is_in_play() -> None:
    event, table, _arb = card_table()
    player = next(iter(table.board.seated)).player
    player_user = UserFactory(username="seated")
    player.user = player_user
    player.save()
    other_arbiter = arbiter_of(EventFactory(name="Another Open", slug="another-open"), "other")
    for user in (None, player_user, other_arbiter):
        client = signed_in(user)
        state = client.get(reverse("api-challenge-state", args=[table.pk])).json()
        assert "hands" not in state["card"]
        assert len(state["card"]["hand_size"]) == len(state["players"])
        deals = [e["payload"] for e in state["log"] if e["payload"]["type"] == "deal"]
        assert deals and all("cards" not in p and p["count"] == 6 for p in deals)
        record = client.get(reverse("api-challenge-record", args=[table.pk]))
        assert record.status_code == 403
        assert "hidden hands" in record.json()["detail"]
        page = client.get(reverse("challenge-table", args=[table.pk])).content.decode()
        assert 'id="hand"' not in page
        # the log says a deal happened, not which cards it dealt
        assert "is dealt six cards." in page and "is dealt six cards:" not in page
        records = client.get(f"/events/{event.slug}/challenges/records.json").json()
        mine = next(g for g in records["games"] if g["table"] == table.pk)
        assert mine["record"] is None
        viewer = client.get(reverse("challenge-viewer", args=[table.pk]))
        assert viewer.status_code == 404  # another event's arbiter too


def test_the_tables_arbiter_sees_the_hands_and_everyone_sees_them_once_it_is_over() -> None:
    event, table, arb = card_table()
    client = signed_in(arb)
    state = client.get(reverse("api-challenge-state", args=[table.pk])).json()
    assert sum(len(h) for h in state["card"]["hands"]) == sum(state["card"]["hand_size"])
    assert client.get(reverse("api-challenge-record", args=[table.pk])).status_code == 200
    page = client.get(reverse("challenge-table", args=[table.pk])).content.decode()
    assert 'id="hand"' in page and "is dealt six cards:" in page
    play_through_services(table, arb, seed=3)
    table.refresh_from_db()
    assert table.status == Game.Status.FINISHED
    public = signed_in(None)
    record = public.get(reverse("api-challenge-record", args=[table.pk]))
    assert record.status_code == 200
    dealt = [c for a in record.json()["actions"] if a["type"] == "deal" for c in a["cards"]]
    assert dealt and set(dealt) <= set(dealt_cards(table))
    records = public.get(f"/events/{event.slug}/challenges/records.json").json()
    assert next(g for g in records["games"] if g["table"] == table.pk)["record"] is not None


def test_a_table_decided_by_hand_before_its_end_shows_its_record() -> None:
    """A result entered closes the table: its deals no longer hide anything in play."""
    event, table, arb = card_table()
    board = table.board
    td = event.roles.get(role="director").user
    set_table_result(
        board=board,
        user=td,
        reason="the players stopped",
        levels=[[3, 4]] * len(board.seated),
    )
    record = signed_in(None).get(reverse("api-challenge-record", args=[table.pk]))
    assert record.status_code == 200
