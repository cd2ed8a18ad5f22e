from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.games.integration.api import Tablet
from tests.games.integration.factories import board_with_game


@pytest.fixture(autouse=True)
def tasks_in_process(request: pytest.FixtureRequest) -> Iterator[None]:
    """Outside worker tests, tasks run in-process (on commit) even when Redis is configured, so
    nothing is left queued for the real worker of a later test."""
    if request.node.get_closest_marker("worker"):
        yield
        return
    from tournament.celery import app

    old = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = old


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture
def table(db: None, api_client: APIClient) -> Callable[..., tuple[Any, Any, Any, Tablet]]:
    """A board with its game, an arbiter, and the arbiter's tablet logged in."""

    def make(**event_fields: Any) -> tuple[Any, Any, Any, Tablet]:
        board, game, arbiter = board_with_game(**event_fields)
        api_client.force_authenticate(arbiter)
        return board, game, arbiter, Tablet(api_client, board.pk)

    return make
