"""Practice games of a user against the engine, and a human seat played by a policy."""

from __future__ import annotations

import random
import uuid
from typing import Any

from games.engine.analysis.players import make_player
from games.engine.position import PLACE
from games.models import Game
from games.practice import services
from games.practice.models import PracticeGame
from games.recording.writes import engine_at


def practice(user: Any, strength: str = "easy", *, human_first: bool = True) -> PracticeGame:
    return services.start(user=user, strength=strength, human_first=human_first, token=uuid.uuid4())


def fresh(practice: PracticeGame) -> PracticeGame:
    return PracticeGame.objects.select_related("game").get(pk=practice.pk)


def turn_of(practice: PracticeGame, policy: str = "greedy", seed: int = 0) -> PracticeGame:
    """The owner's whole turn, chosen by ``policy`` (games.engine.analysis.players) and sent
    through the practice table's write path: placements, then the end of the turn (the engine
    replies in the same write)."""
    player = make_player(policy)
    rng = random.Random(seed)
    seat = practice.human_seat
    while True:
        game = Game.objects.get(pk=practice.game_id)
        eng = engine_at(game)
        if eng.over or game.status == Game.Status.FINISHED:
            return fresh(practice)
        if eng.phase != PLACE:  # the placements are made
            break
        tile, a, b = player.place(eng, seat, rng)
        names = eng.geo.names
        send(practice, {"type": "place", "tile": tile, "cells": [names[a], names[b]]})
    return send(practice, {"type": "end_turn"})


def send(practice: PracticeGame, action: dict[str, Any]) -> PracticeGame:
    game = Game.objects.get(pk=practice.game_id)
    body = {**action, "expected_index": game.log_length}
    return services.act(user=practice.user, pk=practice.pk, data=body)
