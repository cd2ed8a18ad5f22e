"""A change is pushed by its one after-commit effect (tournament/effects.py): after the commit,
never inside the transaction, never for a change rolled back; a channel layer that is down
costs the push (logged), never the write."""

import asyncio
import logging
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from tests.factories import EventFactory
from tournament import effects, push

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def one_process_layer(settings: Any) -> None:
    """The in-memory layer even when REDIS_URL is set: these tests are about when a push is
    sent, and a Redis layer's receive is bound to one event loop (the listener's turn between
    writes). tests/tournament/push/test_two_servers.py pushes through Redis."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


class Listener:
    """A channel in one group of the site's channel layer, as a socket's consumer is."""

    def __init__(self, group: str) -> None:
        self.layer = get_channel_layer()
        self.channel = async_to_sync(self.layer.new_channel)()
        async_to_sync(self.layer.group_add)(group, self.channel)

    def messages(self, wait: float = 0.2) -> list[dict[str, Any]]:
        async def drain() -> list[dict[str, Any]]:
            found: list[dict[str, Any]] = []
            while True:
                try:
                    found.append(await asyncio.wait_for(self.layer.receive(self.channel), wait))
                except TimeoutError:
                    return found

        return async_to_sync(drain)()


def test_a_change_is_pushed_once_it_commits_and_not_before() -> None:
    event = EventFactory()
    live = Listener(push.event_group(event.pk))
    with effects.changing():
        effects.results_changed(event.pk, recompute=False, board=7)
        effects.live_changed(event.pk)  # the same change: one push of each kind
        assert live.messages() == []
    kinds = [(m["type"], m["kind"]) for m in live.messages()]
    assert kinds == [(push.MESSAGE_TYPE, "standings"), (push.MESSAGE_TYPE, "live")]


def test_a_change_rolled_back_is_never_pushed() -> None:
    event = EventFactory()
    live = Listener(push.event_group(event.pk))
    with pytest.raises(RuntimeError), transaction.atomic():
        effects.live_changed(event.pk)
        raise RuntimeError("the write failed")
    assert live.messages() == []


def test_a_board_hears_its_events_live_version() -> None:
    event = EventFactory()
    live, board = Listener(push.event_group(event.pk)), Listener(push.board_group(7))
    effects.live_changed(event.pk, board=7)
    (told,) = live.messages()
    (board_told,) = board.messages()
    assert board_told["kind"] == "board" and board_told["version"] == told["version"]


class DownLayer:
    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        raise ConnectionError("Redis is down")


def test_a_layer_that_is_down_costs_the_push_not_the_write(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    event = EventFactory()
    monkeypatch.setattr(push, "get_channel_layer", DownLayer)
    with caplog.at_level(logging.WARNING, logger="tournament.push"), transaction.atomic():
        effects.live_changed(event.pk)
        event.name = "Renamed"
        event.save(update_fields=["name"])
    event.refresh_from_db()
    assert event.name == "Renamed"
    assert [r.getMessage() for r in caplog.records] == [f"push to event-{event.pk} (live) failed"]


def test_a_change_committed_in_a_thread_with_an_event_loop_is_still_pushed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As in a browser test, whose Playwright holds a loop in the thread that writes (and lifts
    Django's guard against the ORM in such a thread, as tests/browser/conftest.py does)."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    event = EventFactory()
    live = Listener(push.event_group(event.pk))

    async def commit_here() -> None:
        effects.live_changed(event.pk, event.slug)  # no transaction open: carried out at once

    asyncio.run(commit_here())
    assert [m["kind"] for m in live.messages()] == ["live"]
