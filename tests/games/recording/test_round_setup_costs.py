"""A published round's games are set up at once (issue 29, cheaper requests): stored in one
statement, each with the empty board of its kind of game, made once for the round."""

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game
from games.recording import positions
from tests.counting import Calls
from tests.tournament.helpers import draft_round, event_with_players
from tournament.rounds.services import publish_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def test_a_rounds_games_are_stored_in_one_statement_from_one_empty_board(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event, director = event_with_players(8)
    round_ = draft_round(event, director)
    with (
        CaptureQueriesContext(connection) as queries,
        Calls(positions.new_engine) as calls,
        django_capture_on_commit_callbacks(execute=False),
    ):
        publish_round(round_=round_, user=director)
    inserts = [q for q in queries.captured_queries if 'INTO "games_game"' in q["sql"]]
    assert len(inserts) == 1
    assert calls[positions.new_engine] == 1
    games = list(Game.objects.filter(board__round=round_).order_by("board__number"))
    assert len(games) == 4
    for game in games:
        empty = positions.new_engine(game.ruleset, game.options, game.players)
        assert game.position == positions.stored(empty, 0)
        assert game.position_length == game.log_length == 0
        assert len(set(game.players)) == 2
