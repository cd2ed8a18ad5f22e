"""A real Celery worker on Redis recomputes the standings after a result change commits."""

import time

import pytest
from django.core.cache import cache

from scoring.standings import build as standings
from scoring.standings import cache as standings_cache
from scoring.standings.sheet import Standings
from tests.factories import director_of
from tests.scoring.builders import rulebook_example
from tournament.results.services import set_board_result


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_recomputes_the_standings(live_worker: object) -> None:
    ev = rulebook_example()
    cache.delete(standings_cache.cache_key(ev.event.pk))
    assert standings.standings_for(ev.event).lines[0].contender.name == "C"
    set_board_result(  # commits at once (autocommit): the task is queued after the commit
        board=ev.board(2, 1),
        result="1-0",
        user=director_of(ev.event),
        reason="Scores were swapped on the slip",
        first_lowest=11,
        second_lowest=8,
    )
    deadline = time.monotonic() + 20
    data = None
    while time.monotonic() < deadline:
        data = standings_cache.load(ev.event.pk)
        if data is not None:
            break
        time.sleep(0.05)
    assert data is not None, "no worker recomputed the standings within 20 s"
    table = Standings.from_dict(data)
    assert [(ln.contender.name, ln.vp) for ln in table.lines[:2]] == [("A", 3.0), ("B", 1.5)]
