"""Driving a game through the API as an arbiter's tablet would."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from rest_framework.test import APIClient


class Tablet:
    """An arbiter's API client for one board; each write sends the index it expects."""

    def __init__(self, client: APIClient, board_pk: int) -> None:
        self.client = client
        self.board_pk = board_pk

    def url(self, name: str) -> str:
        return reverse(name, args=[self.board_pk])

    def state(self, log: bool = True) -> dict[str, Any]:
        response = self.client.get(self.url("api-game-state"), {} if log else {"log": "0"})
        assert response.status_code == 200, response.content
        return response.json()

    def post(self, name: str, body: dict[str, Any], expected: int | None = None) -> Any:
        if "expected_index" not in body and expected is None:
            body = {**body, "expected_index": self.state(log=False)["next_index"]}
        elif expected is not None:
            body = {**body, "expected_index": expected}
        return self.client.post(self.url(name), body, format="json")

    def act(self, action: dict[str, Any], **kw: Any) -> Any:
        return self.post("api-game-actions", {"action": action}, **kw)

    def clock(self, operation: str, **body: Any) -> Any:
        return self.post("api-game-clock", {"operation": operation, **body})

    def take_back(self, count: int, reason: str) -> Any:
        return self.post("api-game-takeback", {"count": count, "reason": reason})

    def play(self, actions: list[dict[str, Any]]) -> None:
        """Enter the actions, pressing the clock whenever the turn passes to the other seat."""
        for action in actions:
            state = self.state(log=False)
            seat = state["clock"]["seat"]
            if seat is not None and action["player"] != seat and action["type"] != "flag":
                response = self.clock("press")
                assert response.status_code == 200, response.content
            response = self.act(action)
            assert response.status_code == 201, (action, response.content)
