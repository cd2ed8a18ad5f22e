"""Every live fragment polls every few seconds with the live version it shows (issue 28): a poll
that holds the current version is a 204 from the cache with the server's time and no query; a
result entered since sends the fragment again, with its new version. The pages poll often
enough that a result shows within 5 seconds."""

import re
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.scoring.live.test_live_pages import event_in_play, first_board_won

pytestmark = pytest.mark.django_db

FRAGMENTS = ["live/boards", "live/standings", "projector/screens"]


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    cache.clear()


def poll(client: Client, url: str, version: str) -> Any:
    return client.get(url, HTTP_HX_REQUEST="true", HTTP_X_HELD_VERSION=version)


@pytest.mark.parametrize("fragment", FRAGMENTS)
def test_a_poll_finds_nothing_new_cheaply_then_the_new_result(
    fragment: str, client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    built = event_in_play(8)
    url = f"/events/{built.event.slug}/{fragment}/"
    first = client.get(url, HTTP_HX_REQUEST="true")
    version = first["X-Version"]

    with CaptureQueriesContext(connection) as queries:
        nothing_new = poll(client, url, version)
    assert nothing_new.status_code == 204 and nothing_new.content == b""
    assert nothing_new["X-Version"] == version and nothing_new["X-Server-Ms"].isdigit()
    assert len(queries) == 0, [q["sql"] for q in queries]

    first_board_won(built, django_capture_on_commit_callbacks)
    fresh = poll(client, url, version)
    assert fresh.status_code == 200 and fresh["X-Version"] != version
    assert fresh.content != first.content


def test_the_live_page_says_its_fragments_version_and_polls_within_seconds(
    client: Client,
) -> None:
    built = event_in_play(8)
    page = client.get(f"/events/{built.event.slug}/live/").content.decode()
    # Each part says the version of its own fragment (the standings' changes with results).
    for name, fragment in (("live-boards", "boards"), ("live-standings", "standings")):
        polled = client.get(f"/events/{built.event.slug}/live/{fragment}/")
        tag = re.search(rf'<div id="{name}"[^>]*>', page)
        assert tag, name
        assert f'data-version="{polled["X-Version"]}"' in tag.group(0), tag.group(0)
        seconds = re.search(r"every (\d+)s", tag.group(0))
        assert seconds and int(seconds.group(1)) <= 3, tag.group(0)
    projector = client.get(f"/events/{built.event.slug}/projector/").content.decode()
    seconds = re.search(r'id="projector"[^>]*every (\d+)s', projector)
    assert seconds and int(seconds.group(1)) <= 3
