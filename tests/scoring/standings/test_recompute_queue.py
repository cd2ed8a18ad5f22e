"""A director's slips come a few tenths of a second apart (issue 29, cheaper requests): the
results of one event within STANDINGS_DELAY_SECONDS share one queued recompute of its standings,
which reads them all; a page that needs the standings meanwhile computes them itself."""

from collections.abc import Iterator
from typing import Any

import pytest

from scoring import tasks
from scoring.standings import build as standings
from scoring.standings import cache as standings_cache
from tests.factories import director_of
from tests.scoring.builders import rulebook_example
from tournament import effects
from tournament.results.services import set_board_result

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued_tasks() -> Iterator[None]:
    """Tasks go to the broker and none runs here, as on a site whose worker is busy."""
    from tournament.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    yield
    app.conf.task_always_eager = eager


def test_results_in_a_burst_queue_one_recompute_which_reads_them_all(
    queued_tasks: None, django_capture_on_commit_callbacks: Any
) -> None:
    ev = rulebook_example()
    event_id = ev.event.pk
    with django_capture_on_commit_callbacks(execute=True):
        set_board_result(
            board=ev.board(2, 1),
            result="1-0",
            user=director_of(ev.event),
            reason="Scores were swapped on the slip",
            first_lowest=11,
            second_lowest=8,
        )
    # The first result queued the recompute; the next one, before it starts, queues none.
    assert effects.queue_standings_recompute(event_id) is False
    # A page meanwhile computes the standings with the first result.
    assert standings_cache.load(event_id) is None
    page = standings.standings_for(ev.event)
    assert [(ln.contender.name, ln.vp) for ln in page.lines[:2]] == [("A", 3.0), ("B", 1.5)]

    tasks.recompute_standings(event_id)  # the worker runs the queued recompute
    assert effects.queue_standings_recompute(event_id) is True  # a later change queues anew


def test_a_change_committed_before_the_queued_recompute_starts_is_read_by_it(
    queued_tasks: None, django_capture_on_commit_callbacks: Any
) -> None:
    ev = rulebook_example()
    event_id = ev.event.pk
    assert effects.queue_standings_recompute(event_id) is True
    with django_capture_on_commit_callbacks(execute=True):
        set_board_result(
            board=ev.board(2, 1),
            result="1-0",
            user=director_of(ev.event),
            reason="Scores were swapped on the slip",
            first_lowest=11,
            second_lowest=8,
        )
    assert standings_cache.load(event_id) is None  # the change dropped them; none queued anew
    tasks.recompute_standings(event_id)
    data = standings_cache.load(event_id)
    assert data is not None
    lines = standings.Standings.from_dict(data).lines
    assert [(ln.contender.name, ln.vp) for ln in lines[:2]] == [("A", 3.0), ("B", 1.5)]
