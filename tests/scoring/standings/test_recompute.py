"""A result change recomputes the cached standings after commit (eager Celery here)."""

from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.standings import build as standings
from scoring.standings import cache as standings_cache
from scoring.standings.build import build_standings
from scoring.standings.sheet import Standings
from tests.factories import director_of
from tests.scoring.builders import rulebook_example
from tournament.effects import standings_generation_key
from tournament.results.services import set_board_result

pytestmark = pytest.mark.django_db

Capture = Callable[..., Any]


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    cache.clear()


@pytest.fixture(autouse=True)
def _eager(tasks_in_process: None) -> None:
    """The recompute task runs in-process here; the worker test runs it on a real worker."""


def cached(event_id: int) -> Standings | None:
    data = standings_cache.load(event_id)
    return Standings.from_dict(data) if data is not None else None


def test_result_change_recomputes_the_cache_after_commit(
    client: Client, django_capture_on_commit_callbacks: Capture
) -> None:
    ev = rulebook_example()
    before = standings.standings_for(ev.event)
    assert before.lines[0].contender.name == "C"
    director = director_of(ev.event)
    with django_capture_on_commit_callbacks() as callbacks:
        set_board_result(
            board=ev.board(2, 1),  # A v C: A now wins 11-8
            result="1-0",
            user=director,
            reason="Scores were swapped on the slip",
            first_lowest=11,
            second_lowest=8,
        )
        assert cached(ev.event.pk) is not None  # nothing happens before the commit
    assert len(callbacks) == 1
    callbacks[0]()  # the commit's one effect (the eager tasks it runs add their own)
    after = cached(ev.event.pk)
    assert after is not None, "the recompute task did not store the standings"
    assert after.computed_at != before.computed_at
    assert [(ln.contender.name, ln.vp) for ln in after.lines[:2]] == [("A", 3.0), ("B", 1.5)]
    # The page serves the recomputed table from the cache: only the event is read.
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(reverse("event-standings", args=[ev.event.slug]))
    assert len(ctx.captured_queries) == 1
    assert response.content.decode().index(">A</a>") < response.content.decode().index(">C</a>")


def test_standings_computed_from_data_a_commit_has_changed_are_not_served(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    ev = rulebook_example()
    token = standings_cache.generation(ev.event.pk)
    stale = build_standings(ev.event)  # read before the change commits...
    with django_capture_on_commit_callbacks(execute=True):
        set_board_result(
            board=ev.board(1, 1),
            result="0-1",
            user=director_of(ev.event),
            reason="B won",
            first_lowest=9,
            second_lowest=12,
        )
    standings_cache.store(ev.event.pk, token, stale.to_dict())  # ...and stored after it
    assert standings_cache.load(ev.event.pk) is None
    fresh = standings.standings_for(ev.event)
    assert {ln.contender.name: ln.vp for ln in fresh.lines}["B"] == 2.5


def test_refresh_of_a_deleted_event_drops_its_cache() -> None:
    event_id = 987654  # no such event (any more)
    standings_cache.store(event_id, None, {"stale": True})
    standings.refresh_cached_standings(event_id)
    assert cache.get(standings_cache.cache_key(event_id)) is None


def test_a_cached_table_of_an_older_layout_is_recomputed() -> None:
    ev = rulebook_example()
    standings_cache.store(ev.event.pk, None, {"lines": "from an older release"})
    assert standings.standings_for(ev.event).lines[0].contender.name == "C"


def test_a_queued_recompute_finds_standings_already_computed_since_the_change(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    """Twenty results entered in a minute queue twenty recomputes: the first computes, the rest
    read the event and find the cache current."""
    ev = rulebook_example()
    computed = standings.standings_for(ev.event)
    with CaptureQueriesContext(connection) as ctx:
        standings.refresh_cached_standings(ev.event.pk)
    assert len(ctx.captured_queries) == 1  # the event, and nothing computed again
    assert cached(ev.event.pk).computed_at == computed.computed_at  # type: ignore[union-attr]

    with django_capture_on_commit_callbacks(execute=False):
        set_board_result(
            board=ev.board(2, 1),
            result="1-0",
            user=director_of(ev.event),
            reason="Scores were swapped on the slip",
            first_lowest=11,
            second_lowest=8,
        )
    # The change committed (its generation bumped) while a task was still queued: it recomputes.
    cache.set(standings_generation_key(ev.event.pk), "changed", None)
    standings.refresh_cached_standings(ev.event.pk)
    after = cached(ev.event.pk)
    assert after is not None and after.computed_at != computed.computed_at
    assert after.lines[0].contender.name == "A"
