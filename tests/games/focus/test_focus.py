"""Fair-play data of online games (issue 30, requirement 7): the player's page posts each change
of its visibility, kept for the seated player of an online game in play only; each placement's
think time and focus read from the server's timestamps."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.engine.game import Game as EngineGame
from games.focus.models import FocusChange
from games.focus.selectors import game_thinking
from games.models import Game
from games.recording import dealing, positions
from games.recording.selectors import record_rows
from games.recording.setup import game_for_board
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    RoundFactory,
    UserFactory,
    arbiter_of,
)
from tests.games.api import Tablet
from tournament.models.where import EventPlayed, Played

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

T0 = datetime(2026, 8, 20, 10, 0, tzinfo=UTC)


def online_game(played: str = Played.ONLINE) -> tuple[Game, Any, Any]:
    """An online board's game between Ada (seat 0) and Alan (seat 1), with their accounts."""
    event = EventFactory(boards_played=EventPlayed.ONLINE)
    ada, alan = UserFactory(username="ada"), UserFactory(username="alan")
    board = BoardFactory(
        round=RoundFactory(event=event),
        number=1,
        played=played,
        sides=[
            EntryFactory(event=event, player__name="Ada Byron", player__user=ada),
            EntryFactory(event=event, player__name="Alan Turing", player__user=alan),
        ],
    )
    return game_for_board(board), ada, alan


def post(client: Client, game: Game, hidden: bool, **extra: Any) -> Any:
    return client.post(
        reverse("play-focus", args=[game.pk]),
        {"hidden": hidden, **extra},
        content_type="application/json",
    )


def test_the_seated_players_page_stores_each_change_with_the_servers_time(
    client: Client,
) -> None:
    game, ada, _alan = online_game()
    client.force_login(ada)
    with time_machine.travel(T0, tick=False):
        response = post(client, game, True, client_at="2026-08-20T09:59:58Z")
    assert response.status_code == 201, response.content
    assert response.json()["seat"] == 0
    [change] = FocusChange.objects.filter(game=game)
    assert (change.seat, change.user_id, change.hidden, change.at) == (0, ada.pk, True, T0)
    assert change.client_at == T0 - timedelta(seconds=2)


def test_another_user_is_refused(client: Client) -> None:
    game, _ada, _alan = online_game()
    client.force_login(UserFactory(username="eve"))
    assert post(client, game, True).status_code == 403
    client.force_login(arbiter_of(game.event_board.round.event))
    assert post(client, game, True).status_code == 403
    assert not FocusChange.objects.exists()


def test_anonymous_is_refused(client: Client) -> None:
    game, _ada, _alan = online_game()
    assert post(client, game, True).status_code == 403
    assert not FocusChange.objects.exists()


def test_a_finished_game_is_refused(client: Client) -> None:
    game, ada, _alan = online_game()
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    client.force_login(ada)
    response = post(client, game, False)
    assert response.status_code == 409
    assert response.json()["code"] == "game_over"
    assert not FocusChange.objects.exists()


def test_a_venue_game_keeps_no_focus(client: Client) -> None:
    game, ada, _alan = online_game(played=Played.VENUE)
    client.force_login(ada)
    assert post(client, game, True).status_code == 400
    assert not FocusChange.objects.exists()


def test_a_malformed_body_is_refused(client: Client) -> None:
    game, ada, _alan = online_game()
    client.force_login(ada)
    assert post(client, game, "perhaps").status_code == 400
    assert not FocusChange.objects.exists()


def engine_of(game: Game) -> EngineGame:
    """The game's engine as its next seat finds it (the refill the next action deals, dealt)."""
    rows = game.actions.filter(taken_back_by__isnull=True).order_by("index")
    records = [r.payload for r in rows if r.kind in ("place", "swap", "flag", "draw")]
    eng = positions.replay(game.ruleset, game.options, game.players, records, "full")
    dealing.deal(eng, game.seed, turn_over=True)
    return eng


def tablet_of(game: Game) -> Tablet:
    """The arbiter's tablet at the game's board."""
    api = APIClient()
    api.force_authenticate(arbiter_of(game.event_board.round.event))
    return Tablet(api, game.event_board.pk)


def test_think_time_runs_from_the_turns_start_and_focus_lost_during_it(client: Client) -> None:
    game, ada, alan = online_game()
    tablet = tablet_of(game)
    with time_machine.travel(T0, tick=False) as clock:
        assert tablet.clock("start").status_code == 200
        clock.shift(12)
        assert tablet.act(engine_of(game).legal_placements()[0]).status_code == 201
        clock.shift(3)
        assert tablet.clock("press").status_code == 200  # Alan's turn begins at T0 + 15 s
        client.force_login(alan)
        clock.shift(5)
        assert post(client, game, True).status_code == 201  # Alan looks away
        clock.shift(10)
        assert post(client, game, False).status_code == 201
        client.force_login(ada)  # Ada away and back before her turn: not during it
        assert post(client, game, True).status_code == 201
        clock.shift(1)
        assert post(client, game, False).status_code == 201
        clock.shift(4)
        assert tablet.act(engine_of(game).legal_placements()[0]).status_code == 201
        clock.shift(1)
        assert tablet.clock("press").status_code == 200  # Ada's turn: T0 + 36 s
        clock.shift(9)
        assert tablet.act(engine_of(game).legal_placements()[0]).status_code == 201
    thinks = game_thinking(Game.objects.get(pk=game.pk))
    assert [(t.seconds, t.focus_lost) for t in thinks[0]] == [(12, False), (9, False)]
    assert [(t.seconds, t.focus_lost) for t in thinks[1]] == [(20, True)]


def test_each_placement_names_its_step_in_the_record() -> None:
    """The analysis's key for its judgement: the log also counts the clock and a take-back."""
    game, _ada, _alan = online_game()
    tablet = tablet_of(game)
    assert tablet.clock("start").status_code == 200
    assert tablet.act(engine_of(game).legal_placements()[0]).status_code == 201
    assert tablet.clock("press").status_code == 200
    assert tablet.act(engine_of(game).legal_placements()[0]).status_code == 201
    assert tablet.take_back(1, "placed elsewhere").status_code == 200
    assert tablet.act(engine_of(game).legal_placements()[1]).status_code == 201
    game = Game.objects.get(pk=game.pk)
    steps = {r.index: step for step, r in enumerate(record_rows(game)) if r.kind == "place"}
    thinks = game_thinking(game)
    timed = sorted((t.index, t.step) for seat in thinks.values() for t in seat)
    assert timed == sorted(steps.items())
    assert any(index != step for index, step in timed)


def test_a_page_hidden_when_the_turn_began_lost_focus(client: Client) -> None:
    game, ada, _alan = online_game()
    tablet = tablet_of(game)
    client.force_login(ada)
    with time_machine.travel(T0, tick=False) as clock:
        assert post(client, game, True).status_code == 201  # before the clock starts
        clock.shift(1)
        assert tablet.clock("start").status_code == 200
        clock.shift(30)
        assert tablet.act(engine_of(game).legal_placements()[0]).status_code == 201
    [think] = game_thinking(Game.objects.get(pk=game.pk))[0]
    assert (think.seconds, think.focus_lost) == (30, True)
