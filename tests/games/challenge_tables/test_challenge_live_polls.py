"""The challenge tables' live page polls every 3 seconds with the event's live version (issue
28): a poll that holds it is a 204; after a change spectators see, the tables are sent again."""

from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.factories import EventFactory
from tournament import effects
from tournament.models.events import Event

pytestmark = pytest.mark.django_db


def poll(client: Client, url: str, version: str) -> Any:
    return client.get(url, HTTP_HX_REQUEST="true", HTTP_X_HELD_VERSION=version)


def test_a_poll_finds_nothing_new_cheaply_then_the_change(client: Client) -> None:
    cache.clear()
    event = EventFactory(
        ruleset=Event.Ruleset.CHALLENGES,
        table_size=4,
        ruleset_options={"challenges": ["dice"], "mode": "table"},
    )
    url = reverse("challenge-live", args=[event.slug])
    assert 'hx-trigger="every 3s, push"' in client.get(url).content.decode()
    first = client.get(url, HTTP_HX_REQUEST="true")
    assert first.status_code == 200
    version = first["X-Version"]
    nothing_new = poll(client, url, version)
    assert nothing_new.status_code == 204 and nothing_new.content == b""

    effects.bump_live(event.pk)  # what every write at a table does once it commits
    changed = poll(client, url, version)
    assert changed.status_code == 200 and changed["X-Version"] != version
    assert 'id="challenge-live-tables"' in changed.content.decode()
