"""A whole practice game to its end: the owner's seat played by the greedy policy through the
practice table's write path, the engine replying turn by turn. The game is finished with its
result, its record replays (the rules engine's own check), its replay check passes and the
engine's analysis is stored, all for a game without a board."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.analysis.models import GameAnalysis
from games.engine.replaying import check_record
from games.models import Game
from games.recording import positions
from games.recording.writes import effective_rows
from tests.factories import UserFactory
from tests.games.practice.factories import practice, turn_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

RESULTS = {0: "1-0", 1: "0-1", None: "1/2-1/2"}


def test_a_whole_game_against_the_engine_ends_with_a_result_that_replays(
    settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.ANALYSE_FINISHED_GAMES = True
    settings.ANALYSIS_BUDGET = {"candidates": 1, "worlds": 2}
    owner = UserFactory(username="ada")
    p = practice(owner, "medium", human_first=False)
    turns = 0
    with django_capture_on_commit_callbacks(execute=True):
        while not p.result and turns < 80:
            p = turn_of(p, "greedy", seed=turns)
            turns += 1
    game = Game.objects.get(pk=p.game_id)
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    actions = [row.payload for row in effective_rows(game)]
    record = positions.make_record(
        game.ruleset, game.options, game.players, actions, mode=positions.FULL_MODE
    )
    verdict = check_record(record)
    assert verdict["valid"] and verdict["over"], verdict
    assert p.result == RESULTS[verdict["winner"]]
    assert {a["player"] for a in actions if a["type"] == "place"} == {0, 1}
    # The replay check and the analysis ran, with no board to report to.
    assert game.validation == Game.Validation.VALID, game.validation_message
    (analysis,) = GameAnalysis.objects.filter(game=game)
    assert analysis.log_length == game.log_length
    # The owner's list links to the viewer, which replays every step with the judgements.
    client = Client()
    client.force_login(owner)
    page = client.get(reverse("practice")).content.decode()
    assert reverse("practice-view", args=[p.pk]) in page
    viewer = client.get(reverse("practice-view", args=[p.pk]))
    assert viewer.status_code == 200
    # Finished, the game's draws are shown too: every action is a step.
    assert f'data-steps="{len(actions)}"' in viewer.content.decode()
    assert "data-judged-step=" in viewer.content.decode()
    assert "data-view-clock" not in viewer.content.decode()  # no clocks ran
