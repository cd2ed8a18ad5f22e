"""Two arbiters submit at the same moment: exactly one entry is stored, the other gets 409.

Real concurrency: each thread has its own database connection and its own HTTP client, both
wait at a barrier and submit the same expected index; the Game row lock serialises them.
"""

import threading
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from games.models import GameAction
from tests.factories import arbiter_of
from tests.games.factories import board_with_game, fresh

pytestmark = pytest.mark.usefixtures("tasks_in_process")

PLACEMENTS = [
    {"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]},
    {"type": "place", "player": 1, "tile": "GG", "cells": ["C12", "D12"]},
    {"type": "place", "player": 0, "tile": "BB", "cells": ["H12", "I12"]},
    {"type": "place", "player": 1, "tile": "YY", "cells": ["L3", "L4"]},
]


def race(board_pk: int, users: list[Any], body: dict[str, Any]) -> list[int]:
    barrier = threading.Barrier(len(users))
    statuses: list[int] = []
    lock = threading.Lock()

    def submit(user: Any) -> None:
        client = APIClient()
        client.force_authenticate(user)
        try:
            barrier.wait(timeout=10)
            response = client.post(f"/api/games/{board_pk}/actions/", body, format="json")
            with lock:
                statuses.append(response.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(u,)) for u in users]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return sorted(statuses)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_submissions_store_exactly_one(postgres: None) -> None:
    board, game, first = board_with_game()
    second = arbiter_of(board.round.event, username="arb2")
    for index, action in enumerate(PLACEMENTS):
        statuses = race(board.pk, [first, second], {"expected_index": index, "action": action})
        assert statuses == [201, 409], f"round {index}: {statuses}"
        assert fresh(game).log_length == index + 1
    rows = list(GameAction.objects.filter(game=game).order_by("index"))
    assert [r.payload for r in rows] == PLACEMENTS
    assert [r.index for r in rows] == [0, 1, 2, 3]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_double_click_on_the_clock_presses_it_once(postgres: None) -> None:
    board, game, arbiter = board_with_game()
    client = APIClient()
    client.force_authenticate(arbiter)
    client.post(f"/api/games/{board.pk}/clock/", {"expected_index": 0, "operation": "start"})
    client.post(
        f"/api/games/{board.pk}/actions/",
        {"expected_index": 1, "action": PLACEMENTS[0]},
        format="json",
    )
    barrier = threading.Barrier(2)
    statuses: list[int] = []

    def press() -> None:
        c = APIClient()
        c.force_authenticate(arbiter)
        try:
            barrier.wait(timeout=10)
            statuses.append(
                c.post(
                    f"/api/games/{board.pk}/clock/", {"expected_index": 2, "operation": "press"}
                ).status_code
            )
        finally:
            connection.close()

    threads = [threading.Thread(target=press) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(statuses) == [200, 409]
    assert GameAction.objects.filter(game=game, kind="press").count() == 1
    assert fresh(game).clock_seat == 1
