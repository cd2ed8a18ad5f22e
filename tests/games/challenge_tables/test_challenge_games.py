"""A Challenge table is a game at a table like any other (issue 26, requirement 2): one model,
``Game``, holds an Ingenious board game and a Challenge, each with its status and its seats;
migrations 0006-0008 carry every former ``ChallengeTable`` and its log over."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from games.challenge_tables import events as challenge_events
from games.challenge_tables.selectors import table_state
from games.challenge_tables.services import record_challenge_action, start_table
from games.models import Game
from games.recording.setup import game_for_board
from tests.factories import EntryFactory, EventFactory, RoundFactory, UserFactory
from tournament.errors import DomainError
from tournament.models.events import Board, Event, Player
from tournament.rounds.seating import Table, seat_board

pytestmark = pytest.mark.usefixtures("tasks_in_process")

BEFORE = ("games", "0005_refuse_control_characters")


def seated_board(event: Event, names: list[str], number: int = 1) -> Board:
    round_ = RoundFactory(event=event, number=number)
    entries = [EntryFactory(event=event, player__name=name).pk for name in names]
    return seat_board(round_, 1, Table(entries=entries))


def challenge_event() -> Event:
    return EventFactory(
        ruleset=Event.Ruleset.CHALLENGES,
        table_size=4,
        ruleset_options={"challenges": ["dice"], "mode": "table"},
    )


# ---------------------------------------------------------------- one model for both kinds


@pytest.mark.django_db
def test_one_model_holds_a_board_game_and_a_challenge_each_with_its_status_and_seats() -> None:
    board_game_board = seated_board(EventFactory(), ["Ada Byron", "Alan Turing"])
    ingenious = game_for_board(board_game_board)
    board = seated_board(challenge_event(), ["Grace", "Edsger", "Barbara"])
    [challenge] = challenge_events.create_tables_for_round(board.round)

    assert {type(ingenious), type(challenge)} == {Game}
    assert (ingenious.kind, challenge.kind) == (Game.Kind.INGENIOUS, Game.Kind.CHALLENGE)
    assert list(Game.objects.ingenious()) == [ingenious]
    assert list(Game.objects.challenges()) == [challenge]
    assert (ingenious.status, challenge.status) == (Game.Status.PENDING, Game.Status.PLAYING)
    assert board_game_board.game == ingenious
    assert Board.objects.get(pk=board.pk).game == challenge
    assert ingenious.seat_names == ["Ada Byron", "Alan Turing"]
    assert challenge.seat_names == ["Grace", "Edsger", "Barbara"]
    assert challenge.players == []  # no names list beside the seats


@pytest.mark.django_db
def test_a_challenge_at_a_board_reads_its_players_from_the_seats() -> None:
    board = seated_board(challenge_event(), ["Grace", "Edsger", "Grace"])
    [table] = challenge_events.create_tables_for_round(board.round)
    assert table.seat_names == ["Grace (1)", "Edsger", "Grace (3)"]
    Player.objects.filter(name="Edsger").update(name="Edsger Dijkstra")
    table = Game.objects.get(pk=table.pk)
    assert table_state(table)["players"] == ["Grace (1)", "Edsger Dijkstra", "Grace (3)"]


@pytest.mark.django_db
def test_a_board_that_plays_a_challenge_gets_no_board_game() -> None:
    board = seated_board(challenge_event(), ["Grace", "Edsger"])
    challenge_events.create_tables_for_round(board.round)
    with pytest.raises(DomainError, match="plays a challenge"):
        game_for_board(board)
    assert Game.objects.filter(board=board).count() == 1


@pytest.mark.django_db
def test_a_challenge_away_from_events_keeps_its_names_and_its_log_hangs_from_the_game() -> None:
    staff = UserFactory(is_staff=True)
    table = start_table(
        user=staff, challenge="dice", mode="table", players=["Ada", "Alan"], setup_roll=False
    )
    row = record_challenge_action(
        table=table,
        user=staff,
        expected_index=0,
        action={"type": "roll", "player": 0, "faces": ["R", "G", "B", "O"]},
    ).row
    assert (table.board_id, table.seat_names) == (None, ["Ada", "Alan"])
    assert list(table.challenge_actions.all()) == [row]
    assert not table.actions.exists()  # the board game's log stays the board game's


@pytest.mark.django_db
def test_an_ingenious_game_id_is_no_challenge_table() -> None:
    ingenious = game_for_board(seated_board(EventFactory(), ["Ada", "Alan"]))
    page = Client().get(reverse("challenge-table", args=[ingenious.pk]))
    assert page.status_code == 404


# ---------------------------------------------------------------- the migration


def _migrate(target: list[tuple[str, str]]) -> Any:
    """Migrate to ``target``; the apps (historical models) of that state."""
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    executor.loader.build_graph()
    return executor.loader.project_state(target).apps


def _latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.mark.django_db(transaction=True)
def test_the_migration_carries_every_challenge_table_and_its_log_over_and_back() -> None:
    creator = UserFactory(username="arb")
    board = seated_board(challenge_event(), ["Grace", "Edsger", "Barbara"])
    ingenious_board = seated_board(EventFactory(), ["Ada Byron", "Alan Turing"])
    ingenious = game_for_board(ingenious_board)
    when = datetime(2026, 5, 1, 10, 0, tzinfo=UTC)
    done = datetime(2026, 5, 1, 10, 30, tzinfo=UTC)

    old = _migrate([BEFORE])
    OldTable = old.get_model("games", "ChallengeTable")
    OldAction = old.get_model("games", "ChallengeAction")
    at_board = OldTable.objects.create(
        challenge="dice",
        mode="table",
        players=["Grace", "Edsger", "Barbara"],
        options={"setup_roll": False},
        seed=0,
        status="finished",
        log_length=3,
        created_by_id=creator.pk,
        board_id=board.pk,
        finished_at=done,
    )
    OldTable.objects.create(
        challenge="card", mode="full", players=["Ada", "Alan"], seed=12345, log_length=0
    )
    OldTable.objects.filter(pk=at_board.pk).update(created_at=when)
    roll = {"type": "roll", "player": 0, "faces": ["R", "G", "B"]}
    first = OldAction.objects.create(table=at_board, index=0, payload=roll, at=when)
    back = OldAction.objects.create(
        table=at_board,
        index=1,
        kind="takeback",
        payload={"indices": [0]},
        reason="misread",
        at=when,
        user_id=creator.pk,
    )
    OldAction.objects.filter(pk=first.pk).update(taken_back_by=back)
    again = {"type": "roll", "player": 0, "faces": ["O", "G", "B"]}
    OldAction.objects.create(table=at_board, index=2, payload=again, at=when)

    _migrate(_latest())

    assert Game.objects.count() == 3
    assert Game.objects.get(pk=ingenious.pk).kind == Game.Kind.INGENIOUS  # untouched
    game = Game.objects.challenges().get(board=board)
    assert (game.challenge, game.mode, game.status) == ("dice", "table", Game.Status.FINISHED)
    assert (game.log_length, game.seed, game.options) == (3, 0, {"setup_roll": False})
    assert (game.created_by_id, game.created_at, game.finished_at) == (creator.pk, when, done)
    assert game.players == [] and game.seat_names == ["Grace", "Edsger", "Barbara"]
    log = list(game.challenge_actions.order_by("index"))
    assert [(a.index, a.kind, a.payload) for a in log] == [
        (0, "action", roll),
        (1, "takeback", {"indices": [0]}),
        (2, "action", again),
    ]
    assert (log[0].taken_back_by_id, log[1].reason, log[1].user_id) == (
        log[1].pk,
        "misread",
        creator.pk,
    )
    assert table_state(game)["record_length"] == 1  # replayed: the roll taken back is left out
    alone = Game.objects.challenges().get(board__isnull=True)
    assert (alone.challenge, alone.mode, alone.seed) == ("card", "full", 12345)
    assert (alone.seat_names, alone.status) == (["Ada", "Alan"], Game.Status.PLAYING)
    # The table's id is now its game's: the event's link by board leads to it.
    response = Client().get(reverse("challenge-board", args=[board.pk]))
    assert response.url == reverse("challenge-table", args=[game.pk])

    # And back: the tables return from the games, with their logs.
    old = _migrate([BEFORE])
    OldTable = old.get_model("games", "ChallengeTable")
    restored = OldTable.objects.get(board_id=board.pk)
    assert restored.players == ["Grace", "Edsger", "Barbara"]
    assert (restored.status, restored.log_length, restored.created_at) == ("finished", 3, when)
    assert old.get_model("games", "ChallengeAction").objects.filter(table=restored).count() == 3
    assert OldTable.objects.get(board__isnull=True).players == ["Ada", "Alan"]
    assert old.get_model("games", "Game").objects.count() == 1
    _migrate(_latest())
