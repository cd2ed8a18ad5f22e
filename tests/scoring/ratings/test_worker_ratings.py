"""A real Celery worker on Redis rates a burst of results with one queued rebuild."""

import time

import pytest

from scoring.ratings.models import PlayerRating, RatingChange
from tests.factories import BoardFactory, EntryFactory, EventFactory, RoundFactory, director_of
from tournament import effects
from tournament.models.events import Result
from tournament.results import services as results


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_rates_a_burst_of_results_after_the_delay(live_worker: object) -> None:
    event = EventFactory()
    entries = [EntryFactory(event=event, starting_rank=n) for n in range(1, 7)]
    rnd = RoundFactory(event=event, number=1)
    boards = [
        BoardFactory(round=rnd, sides=[entries[n], entries[n + 1]], number=n // 2 + 1)
        for n in range(0, 6, 2)
    ]
    director = director_of(event)
    for board in boards:  # each commits at once (autocommit), as three slips entered in turn
        results.set_board_result(board=board, result=Result.FIRST_WINS, user=director)
    assert effects.queue_ratings_rebuild() is False  # one rebuild is queued for all three
    deadline = time.monotonic() + effects.RATINGS_DELAY_SECONDS + 30
    while time.monotonic() < deadline and RatingChange.objects.count() < 6:
        time.sleep(0.1)
    assert RatingChange.objects.count() == 6, "no worker rebuilt the rating list in time"
    winners = {e.player_id for e in entries[0::2]}
    for rating in PlayerRating.objects.all():
        assert (rating.mu > 25) == (rating.player_id in winners)
