"""Every action is checked before it is stored: a refusal changes nothing at all."""

from typing import Any

import pytest

from games.models import Game, GameAction

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def snapshot(game: Game) -> tuple[Any, ...]:
    game = Game.objects.get(pk=game.pk)
    return (
        game.log_length,
        game.position,
        game.remaining_ms,
        game.clock_seat,
        game.clock_running,
        game.clock_since,
        game.status,
        list(GameAction.objects.filter(game=game).values_list("index", "kind", "taken_back_by")),
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "place", "player": 1, "tile": "RO", "cells": ["C8", "C9"]}, "CELL_OCCUPIED"),
        ({"type": "place", "player": 1, "tile": "RO", "cells": ["C12", "C11"]}, "CELL_OCCUPIED"),
        ({"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]}, "NOT_YOUR_TURN"),
        ({"type": "place", "player": 1, "tile": "RO", "cells": ["C9", "E9"]}, "NOT_ADJACENT"),
        ({"type": "place", "player": 1, "tile": "RO", "cells": ["H8", "H9"]}, "PLACEMENT_RULE"),
        ({"type": "place", "player": 1, "tile": "RO", "cells": ["A1", "A2"]}, "OFF_BOARD"),
        ({"type": "place", "player": 1, "tile": "RO", "cells": ["Z9", "C9"]}, "UNKNOWN_CELL"),
        ({"type": "place", "player": 1, "tile": "XX", "cells": ["C9", "D9"]}, "BAD_RECORD"),
        ({"type": "swap", "player": 0, "rack": ["RR"]}, "SWAP_NOT_ALLOWED"),
    ],
)
def test_an_illegal_action_is_refused_with_the_engines_message_and_nothing_changes(
    table: Any, action: dict[str, Any], code: str
) -> None:
    _board, game, _arbiter, tablet = table()
    tablet.play([{"type": "place", "player": 0, "tile": "GG", "cells": ["C12", "D12"]}])
    before = snapshot(game)
    response = tablet.act(action)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == code
    assert body["detail"]  # the engine's own words
    assert body["index"] == before[0]  # the log index the action would have taken
    assert snapshot(game) == before


@pytest.mark.django_db
def test_the_engines_message_names_what_is_wrong(table: Any) -> None:
    _board, _game, _arbiter, tablet = table()
    body = tablet.act({"type": "place", "player": 0, "tile": "RO", "cells": ["C8", "C9"]}).json()
    assert "C8" in body["detail"] and "start symbol" in body["detail"]
    assert body["record_index"] == 0


@pytest.mark.django_db
def test_a_stale_expected_index_is_a_conflict_and_changes_nothing(table: Any) -> None:
    _board, game, _arbiter, tablet = table()
    first = {"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]}
    assert tablet.act(first, expected=0).status_code == 201
    before = snapshot(game)
    # A double click: the same submission again, with the index it expected then.
    again = tablet.act(first, expected=0)
    assert again.status_code == 409
    assert again.json()["code"] == "stale_index"
    assert tablet.act(first, expected=7).status_code == 409
    assert snapshot(game) == before


@pytest.mark.django_db
def test_once_the_clocks_run_only_the_seat_on_the_clock_may_act(table: Any) -> None:
    _board, game, _arbiter, tablet = table()
    assert tablet.clock("start").status_code == 200
    placed = tablet.act({"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]})
    assert placed.status_code == 201
    before = snapshot(game)
    # The opponent's placement before the press: refused, the clock names who is on it.
    early = tablet.act({"type": "place", "player": 1, "tile": "GG", "cells": ["C12", "D12"]})
    assert early.status_code == 400
    assert early.json()["code"] == "not_on_clock"
    assert "press the clock" in early.json()["detail"]
    assert snapshot(game) == before
    # Pressing ends the turn; a swap by the player who pressed is then too late.
    assert tablet.clock("press").status_code == 200
    late_swap = tablet.act({"type": "swap", "player": 0, "rack": ["GG", "BB", "OO", "YY", "PP"]})
    assert late_swap.status_code == 400
    assert late_swap.json()["code"] == "not_on_clock"


@pytest.mark.django_db
def test_the_clock_cannot_be_pressed_before_a_placement(table: Any) -> None:
    _board, game, _arbiter, tablet = table()
    assert tablet.clock("start").status_code == 200
    before = snapshot(game)
    response = tablet.clock("press")
    assert response.status_code == 400
    assert response.json()["code"] == "nothing_placed"
    assert snapshot(game) == before


@pytest.mark.django_db
def test_a_flag_is_the_clocks_decision_not_the_arbiters(table: Any) -> None:
    _board, _game, _arbiter, tablet = table()
    assert tablet.clock("start").status_code == 200
    response = tablet.act({"type": "flag", "player": 0})
    assert response.status_code == 400
    assert response.json()["code"] == "clock_decides_flags"


@pytest.mark.django_db
def test_bad_input_is_a_400_that_names_the_field(table: Any) -> None:
    _board, _game, _arbiter, tablet = table()
    response = tablet.post("api-game-actions", {"expected_index": 0})
    assert response.status_code == 400
    response = tablet.act({"type": "draw", "player": 0, "tiles": ["RR"]})
    assert response.status_code == 400
    assert response.json()["field"] == "action"
    response = tablet.clock("adjust", seat=0, remaining_ms=1000)
    assert response.status_code == 400
    assert response.json()["field"] == "reason"
    response = tablet.take_back(1, "")
    assert response.status_code == 400
