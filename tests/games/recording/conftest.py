"""The arbiter's tablet on a board of a published round, for the recording tests."""

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.games.api import Tablet
from tests.games.factories import board_with_game


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
