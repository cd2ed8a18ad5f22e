"""One write path per Challenge table, as for a board game (tests/games/recording/
test_one_write_path.py): an action on the table page checks the right to record there once,
before anything is locked; reads and locks the table and its board in one statement; reads the
log once and replays it once; and leaves one after-commit effect. The answer is drawn from the
write's own replay and sends the log's new line only. The statements each action sends are
pinned here (the transaction's own BEGIN, COMMIT and savepoints left out: they differ between
SQLite and PostgreSQL)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.models.query import QuerySet
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.challenge_tables import events as challenge_events
from games.challenge_tables.models import ChallengeAction
from games.challenge_tables.selectors import can_record_challenges, fresh_game
from games.challenge_tables.services import record_challenge_action, recorder_of, start_table
from games.challenges.randomgame import random_game
from games.models import Game
from tests.counting import Calls, reads
from tests.factories import EntryFactory, EventFactory, RoundFactory, arbiter_of
from tournament.effects import bump_live
from tournament.errors import Conflict
from tournament.models.events import Board, Event
from tournament.permissions import is_arbiter
from tournament.rounds.seating import Table, seat_board

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

HX = {"HTTP_HX_REQUEST": "true"}
#: A random Dice Challenge of two seats in table mode: 83 actions, re-rolls and wild dice.
GAME = random_game("dice", 2, seed=37, mode="table").actions
WATCHED = (is_arbiter, can_record_challenges, QuerySet.select_for_update, fresh_game, bump_live)


def statements(queries: CaptureQueriesContext) -> list[str]:
    """The SQL an action sends, without the transaction's own statements and without the
    session's read (the session engine's: from Redis when it runs, else from the database)."""
    return [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].lstrip().split(" ", 1)[0].upper() in ("SELECT", "INSERT", "UPDATE", "DELETE")
        and '"django_session"' not in q["sql"]
    ]


def page_fields(action: dict[str, Any]) -> dict[str, Any]:
    """What the table page's form posts for a table-mode roll or scoring of the dice."""
    fields: dict[str, Any] = {"kind": action["type"], "player": action["player"]}
    for i, face in enumerate(action.get("faces", [])):
        fields[f"face_{i}"] = face
    for i, step in enumerate(action.get("steps", [])):
        wild = f"w:{''.join(step.get('wild', []))}:{step.get('colour')}"
        fields[f"step_{i}"] = f"m:{step['match']}" if "match" in step else wild
    return fields


def event_table() -> tuple[Game, Any]:
    """A table of two seats at a board of an event of challenges, and an arbiter of the event."""
    event = EventFactory(
        ruleset=Event.Ruleset.CHALLENGES,
        table_size=4,
        ruleset_options={"challenges": ["dice"], "mode": "table"},
    )
    round_ = RoundFactory(event=event)
    entries = [EntryFactory(event=event, player__name=n).pk for n in ("Ada", "Alan")]
    seat_board(round_, 1, Table(entries=entries))
    [table] = challenge_events.create_tables_for_round(round_)
    return table, arbiter_of(event)


def played(table: Game, user: Any, count: int) -> None:
    for n, action in enumerate(GAME[:count]):
        record_challenge_action(table=table, user=user, expected_index=n, action=action)


def act(client: Client, table: Game, n: int) -> Any:
    url = reverse("challenge-act", args=[table.pk])
    return client.post(url, {"index": n, **page_fields(GAME[n])}, **HX)


def locked_with_its_board(queries: CaptureQueriesContext) -> bool:
    """The table's second read (under the lock) joins its board inside (so PostgreSQL locks
    both rows with it)."""
    game_reads = [sql for sql in statements(queries) if 'FROM "games_game"' in sql]
    return len(game_reads) == 2 and 'INNER JOIN "tournament_board"' in game_reads[1]


def test_an_action_at_an_events_table_checks_once_locks_once_and_replays_once(
    django_capture_on_commit_callbacks: Any,
) -> None:
    table, arbiter = event_table()
    played(table, arbiter, 40)
    client = Client()
    client.force_login(arbiter)
    with (
        CaptureQueriesContext(connection) as queries,
        Calls(*WATCHED) as calls,
        django_capture_on_commit_callbacks() as effects,
    ):
        response = act(client, table, 40)
    assert response.status_code == 200
    assert 'data-next-index="41"' in response.content.decode()
    assert calls[is_arbiter] == 1  # the event's arbiters record its tables
    assert calls[can_record_challenges] == 0
    assert reads(queries, "tournament_eventrole") == 1  # the one query under it
    assert calls[QuerySet.select_for_update] == 1
    assert locked_with_its_board(queries)
    assert reads(queries, "tournament_board") == 0  # joined into the table's reads
    assert reads(queries, "tournament_seat") == 1  # the seats with their players, once
    assert reads(queries, "games_challengeaction") == 1  # the log, read once
    assert calls[fresh_game] == 1  # replayed once, from the empty table
    assert len(effects) == 1
    # The session and its user, the table, its seats, the right, the lock, the log, the new
    # entry, the table's row, who recorded the new line.
    assert len(statements(queries)) == 9, statements(queries)
    stored = Game.objects.get(pk=table.pk)
    assert stored.log_length == 41


def test_an_action_at_a_table_away_from_events_sends_eight_statements(
    django_capture_on_commit_callbacks: Any,
) -> None:
    arbiter = arbiter_of(EventFactory())
    table = start_table(user=arbiter, challenge="dice", mode="table", players=["Ada", "Alan"])
    played(table, arbiter, 40)
    client = Client()
    client.force_login(arbiter)
    with (
        CaptureQueriesContext(connection) as queries,
        Calls(*WATCHED) as calls,
        django_capture_on_commit_callbacks() as effects,
    ):
        response = act(client, table, 40)
    assert response.status_code == 200
    assert calls[can_record_challenges] == 1
    assert calls[QuerySet.select_for_update] == 1
    assert calls[fresh_game] == 1
    assert reads(queries, "games_game") == 2  # read, then locked
    assert reads(queries, "games_challengeaction") == 1
    assert len(effects) == 0  # no event: nothing waits for the commit
    # The session and its user, the table, the right, the lock, the log, the new entry, the
    # table's row, who recorded the new line.
    assert len(statements(queries)) == 8, statements(queries)


def test_the_action_that_ends_the_game_sends_its_result_in_the_same_change(
    django_capture_on_commit_callbacks: Any,
) -> None:
    table, arbiter = event_table()
    last = len(GAME) - 1
    played(table, arbiter, last)
    client = Client()
    client.force_login(arbiter)
    with (
        CaptureQueriesContext(connection) as queries,
        Calls(*WATCHED) as calls,
        django_capture_on_commit_callbacks() as effects,
    ):
        response = act(client, table, last)
    assert response.status_code == 200
    assert "The game is over" in response.content.decode()
    assert calls[is_arbiter] == 1
    # The table with its board, and (a result being written) its round, as every result is.
    assert calls[QuerySet.select_for_update] == 2
    assert locked_with_its_board(queries)
    # The write's replay, and the record's check (the replay check of CHALLENGES-RECORD.md).
    assert calls[fresh_game] == 1
    assert reads(queries, "games_challengeaction") == 1
    assert len(effects) == 1
    board = Board.objects.get(pk=table.board_id)
    assert (board.result, board.result_check) == ("table", Board.Check.PASSED)

    with Calls(bump_live) as later:
        for effect in effects:
            effect()
    assert later[bump_live] == 1


def test_the_answer_sends_the_logs_new_line_and_the_page_keeps_its_log() -> None:
    arbiter = arbiter_of(EventFactory())
    table = start_table(user=arbiter, challenge="dice", mode="table", players=["Ada", "Alan"])
    client = Client()
    client.force_login(arbiter)
    first = act(client, table, 0).content.decode()
    assert "hx-preserve" not in first  # the page's log said "Nothing recorded yet."
    assert first.count("<li value=") == 1
    answer = act(client, table, 1).content.decode()
    live, added = answer.split("</section>\n", 1)[0], answer.rsplit("</section>", 1)[1]
    assert '<section id="challenge-log" class="log" hx-preserve></section>' in answer
    assert "<li value=" not in answer.split('id="challenge-log"')[0]
    assert '<ol hx-swap-oob="afterbegin:#log"><li value="2"' in added
    assert added.count("<li value=") == 1
    assert "Alan rolls for the set-up: purple, purple, purple, yellow." in added
    assert '<h2 id="log-heading" hx-swap-oob="true">Log: 2 entries</h2>' in added
    assert 'data-next-index="2"' in live
    # A take-back marks a line of the log: the answer draws it whole.
    url = reverse("challenge-takeback", args=[table.pk])
    taken = client.post(url, {"index": 2, "reason": "wrong dice"}, **HX).content.decode()
    assert "hx-preserve" not in taken and taken.count("<li value=") == 3
    assert 'class="taken-back"' in taken


def test_a_table_deleted_after_the_right_was_checked_is_refused_in_words() -> None:
    table, arbiter = event_table()
    recorder = recorder_of(Game.objects.challenges().get(pk=table.pk), arbiter)
    Game.objects.filter(pk=table.pk).delete()  # its round's draft deleted meanwhile
    with pytest.raises(Conflict) as refused:
        record_challenge_action(table=recorder, user=arbiter, expected_index=0, action=GAME[0])
    assert refused.value.message == "This challenge table no longer exists: reload."
    assert not ChallengeAction.objects.exists()
