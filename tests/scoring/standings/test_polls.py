"""The standings and crosstable tables poll every few seconds with the version they show
(issue 28): a poll that holds the current version is a 204 read from the cache, with no query;
a result entered since sends the new table, with its new version."""

import re
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import director_of
from tests.scoring.builders import HandBuilt
from tournament.models.events import Round
from tournament.results.services import set_board_result

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    cache.clear()


def event_with_a_board_to_play() -> HandBuilt:
    built = HandBuilt("ABCD")
    built.round(1, [("A", "B", "1-0", 12, 9), ("C", "D", "1-0", 11, 10)])
    built.round(2, [("A", "C", "", None, None), ("B", "D", "", None, None)])
    return built


def held(html: str) -> str:
    found = re.search(r'data-version="([^"]+)"', html)
    assert found, "the table says no version"
    return found.group(1)


def poll(client: Client, url: str, version: str) -> Any:
    return client.get(url, HTTP_HX_REQUEST="true", HTTP_X_HELD_VERSION=version)


@pytest.mark.parametrize("page", ["event-standings", "event-crosstable"])
def test_a_poll_finds_nothing_new_cheaply_then_the_new_result(
    page: str, client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    built = event_with_a_board_to_play()
    url = reverse(page, args=[built.event.slug])
    html = client.get(url).content.decode()
    assert 'hx-trigger="every 2s, push"' in html  # a poll, and a push's fetch (push.js)
    version = held(html)

    with CaptureQueriesContext(connection) as queries:
        nothing_new = poll(client, url, version)
    assert nothing_new.status_code == 204
    assert nothing_new.content == b"" and nothing_new["X-Version"] == version
    assert len(queries) == 0, [q["sql"] for q in queries]

    board = built.board(2, 1)
    with django_capture_on_commit_callbacks(execute=True):
        set_board_result(
            board=board,
            result="0-1",
            user=director_of(built.event),
            first_lowest=8,
            second_lowest=13,
        )
    fresh = poll(client, url, version)
    assert fresh.status_code == 200
    body = fresh.content.decode()
    assert body.lstrip().startswith("<div id=") and "<html" not in body
    assert fresh["X-Version"] != version and held(body) == fresh["X-Version"]
    assert poll(client, url, fresh["X-Version"]).status_code == 204


def test_a_signed_in_reader_polls_as_cheaply(client: Client) -> None:
    built = event_with_a_board_to_play()
    client.force_login(director_of(built.event))
    url = reverse("event-standings", args=[built.event.slug])
    version = held(client.get(url).content.decode())
    assert poll(client, url, version).status_code == 204


def test_a_new_round_is_no_poll_of_an_unknown_version(client: Client) -> None:
    """A version the server never gave (a page from before the cache was emptied) is simply
    not current: the table is sent."""
    built = event_with_a_board_to_play()
    built.round(3, [("A", "D", "", None, None)], status=Round.Status.DRAFT)
    url = reverse("event-standings", args=[built.event.slug])
    response = poll(client, url, "g-not-a-version")
    assert response.status_code == 200 and 'id="standings-table"' in response.content.decode()
