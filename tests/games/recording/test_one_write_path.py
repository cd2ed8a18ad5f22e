"""One write path per game (issue "The house by subject", 4): a write checks the arbiter's right
once, reads and locks its game and its board in one statement (game, then board), plays the
action on the position stored with the game (the log is replayed by replay validation alone) and
leaves one after-commit effect; a finished game's standings are built once, after its replay check.
Reads create nothing: a board published without its game gets it from its first write."""

from typing import Any

import pytest
from django.db import connection
from django.db.models.query import QuerySet
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.engine import replaying
from games.models import Game, GameAction
from games.recording import positions
from games.validation.services import validate_game
from scoring.standings.build import build_standings
from tests.counting import Calls, reads
from tests.factories import BoardFactory, EntryFactory, EventFactory, RoundFactory, arbiter_of
from tests.games.api import Tablet
from tests.games.factories import scripted_actions
from tournament.effects import bump_live
from tournament.models.events import Board
from tournament.permissions import is_arbiter

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

WATCHED = (
    is_arbiter,
    QuerySet.select_for_update,
    positions.replay,
    replaying.replay,
    bump_live,
    build_standings,
)


def game_read(queries: CaptureQueriesContext) -> str:
    """The one statement that reads (and locks) the game."""
    (read,) = (q["sql"] for q in queries.captured_queries if 'FROM "games_game"' in q["sql"])
    return read


def board_joined(queries: CaptureQueriesContext) -> bool:
    """The game's one read joins its board inside (so PostgreSQL locks both rows with it)."""
    return 'INNER JOIN "tournament_board"' in game_read(queries)


def played(tablet: Tablet, actions: list[dict[str, Any]]) -> None:
    for n, action in enumerate(actions):
        assert tablet.act(action, expected=n).status_code == 201


def test_a_move_checks_the_arbiter_once_reads_and_locks_its_game_and_board_once(
    table: Any, django_capture_on_commit_callbacks: Any
) -> None:
    board, game, _arbiter, tablet = table()
    actions = scripted_actions()
    played(tablet, actions[:3])
    with (
        CaptureQueriesContext(connection) as queries,
        Calls(*WATCHED) as calls,
        django_capture_on_commit_callbacks() as effects,
    ):
        response = tablet.act(actions[3], expected=3)
    assert response.status_code == 201
    assert calls[is_arbiter] == 1
    assert reads(queries, "tournament_eventrole") == 1  # the one query under it
    assert reads(queries, "games_game") == 1
    assert reads(queries, "tournament_board") == 0  # joined into the game's one read
    assert board_joined(queries)
    assert calls[QuerySet.select_for_update] == 1  # the game and its board, in one statement
    # The round and event as the permission read them, once; the game's read takes them.
    assert reads(queries, "tournament_round") == 1
    assert 'JOIN "tournament_event"' not in game_read(queries)
    assert "ORDER BY" not in game_read(queries)  # one row: nothing to sort
    assert calls[positions.replay] + calls[replaying.replay] == 0
    assert len(effects) == 1
    stored = Game.objects.get(pk=game.pk).position
    assert stored["record_length"] == 4 and stored[positions.ENGINE]["actions_applied"] == 4


def test_the_move_that_ends_the_game_enters_its_result_in_the_same_change(
    table: Any, django_capture_on_commit_callbacks: Any
) -> None:
    board, game, _arbiter, tablet = table()
    actions = scripted_actions()
    played(tablet, actions[:-1])
    with (
        CaptureQueriesContext(connection) as queries,
        Calls(*WATCHED) as calls,
        django_capture_on_commit_callbacks() as effects,
    ):
        response = tablet.act(actions[-1], expected=len(actions) - 1)
    assert response.status_code == 201
    assert response.json()["status"] == "finished"
    assert calls[is_arbiter] == 1
    assert reads(queries, "games_game") == 1
    assert board_joined(queries)
    # The boards are read once to count the round's results.
    assert reads(queries, "tournament_board") == 1
    # The game with its board, and (a result being written) its round, as every result is.
    assert calls[QuerySet.select_for_update] == 2
    assert calls[positions.replay] + calls[replaying.replay] == 0
    assert len(effects) == 1
    assert Board.objects.get(pk=board.pk).result_check == Board.Check.PENDING

    with Calls(*WATCHED) as later, django_capture_on_commit_callbacks(execute=True) as checked:
        for effect in effects:
            effect()
    assert len(checked) == 1  # the replay check is a change of its own
    assert later[bump_live] == 2  # one per change: the move's, the check's
    assert later[build_standings] == 1  # once the check let the result count
    assert later[positions.replay] == 1  # replay validation's, the only one
    assert Board.objects.get(pk=board.pk).result_check == Board.Check.PASSED
    assert Game.objects.get(pk=game.pk).validation == Game.Validation.VALID


def test_a_clock_press_on_the_board_page_checks_the_arbiter_once(client: Client) -> None:
    event = EventFactory()
    board = BoardFactory(round=RoundFactory(event=event), number=1)
    arbiter = arbiter_of(event)
    client.force_login(arbiter)
    url = reverse("game-board-act", args=[board.pk])
    assert client.post(url, {"op": "start", "expected_index": "0"}).status_code == 302
    with CaptureQueriesContext(connection) as queries, Calls(*WATCHED) as calls:
        # A plain form post: answered with a redirect, so nothing is read to draw the page.
        response = client.post(url, {"op": "pause", "expected_index": "1"})
    assert response.status_code == 302
    assert calls[is_arbiter] == 1
    assert reads(queries, "games_game") == 1
    assert reads(queries, "tournament_board") == 0
    assert board_joined(queries)
    assert calls[QuerySet.select_for_update] == 1
    assert GameAction.objects.filter(game__board=board).count() == 2


def test_reads_of_a_board_published_without_its_game_create_none(client: Client) -> None:
    event = EventFactory()
    sides = [EntryFactory(event=event, player__name=n) for n in ("Ada Byron", "Alan Turing")]
    board = BoardFactory(round=RoundFactory(event=event), number=1, sides=sides)
    client.force_login(arbiter_of(event))
    for name in (
        "game-board",
        "game-board-live",
        "game-view",
        "game-record-json",
        "game-record-text",
        "game-import",
        "api-game-state",
        "api-game-record",
        "api-game-record-text",
        "api-game-frames",
    ):
        response = client.get(reverse(name, args=[board.pk]))
        assert response.status_code == 200, name
    state = client.get(reverse("api-game-state", args=[board.pk])).json()
    assert (state["next_index"], state["players"], state["log"]) == (
        0,
        ["Ada Byron", "Alan Turing"],
        [],
    )
    assert positions.ENGINE not in state["position"]
    assert not Game.objects.filter(board=board).exists()
    # The first write stores the game, and its first entry with it.
    tablet = Tablet(client, board.pk)
    assert tablet.clock("start", expected_index=0).status_code == 200
    game = Game.objects.get(board=board)
    assert game.log_length == 1 and game.players == ["Ada Byron", "Alan Turing"]


def test_a_board_with_no_game_to_record_is_not_found_by_a_read_or_a_write(client: Client) -> None:
    event = EventFactory()
    bye = BoardFactory(round=RoundFactory(event=event), number=1, sides=[EntryFactory(event=event)])
    client.force_login(arbiter_of(event))
    assert client.get(reverse("game-board", args=[bye.pk])).status_code == 404
    assert client.get(reverse("api-game-state", args=[bye.pk])).status_code == 404
    refused = Tablet(client, bye.pk).clock("start", expected_index=0)
    assert refused.status_code == 404
    assert refused.json() == {"detail": f"Board {bye.number} has a bye: no game is played there."}
    page = client.post(
        reverse("game-board-act", args=[bye.pk]), {"op": "start", "expected_index": "0"}
    )
    assert page.status_code == 404
    assert not Game.objects.filter(board=bye).exists()


def test_a_position_stored_without_the_engines_state_is_replayed_once_then_kept(
    table: Any,
) -> None:
    _board, game, _arbiter, tablet = table()
    actions = scripted_actions()
    played(tablet, actions[:2])
    stored = Game.objects.get(pk=game.pk).position
    Game.objects.filter(pk=game.pk).update(position=positions.shown(stored))  # an earlier release's
    with Calls(positions.replay) as calls:
        assert tablet.act(actions[2], expected=2).status_code == 201
        assert tablet.act(actions[3], expected=3).status_code == 201
    assert calls[positions.replay] == 1
    assert Game.objects.get(pk=game.pk).position[positions.ENGINE]["actions_applied"] == 4


def test_replay_validation_finds_a_stored_position_the_log_does_not_reach(table: Any) -> None:
    _board, game, _arbiter, tablet = table()
    played(tablet, scripted_actions()[:4])
    position = Game.objects.get(pk=game.pk).position
    position[positions.ENGINE]["plies"] += 1
    Game.objects.filter(pk=game.pk).update(position=position)
    assert validate_game(game.pk) is False
    checked = Game.objects.get(pk=game.pk)
    assert checked.validation == Game.Validation.INVALID
    assert (
        checked.validation_message == "the replay's position differs from the one the writes stored"
    )
