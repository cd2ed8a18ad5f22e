"""Test hook, loaded only into the chaos test's worker (`celery worker --include` this module):
the first attempt at a pairing pauses in the middle, after reporting 30%, long enough for the
test to kill the pool child there. Every attempt is counted in the cache under the key in
CHAOS_ATTEMPTS_KEY. Production code has no hook: this module wraps the pairing core in the
worker's pool processes only."""

import os
import time
from typing import Any

from celery.signals import worker_process_init

PAUSE_SECONDS = 120  # the test kills the child long before; never reached when all goes well


@worker_process_init.connect
def slow_first_pairing(**_: Any) -> None:
    """In each new pool process (the first, and the one the master starts after the kill)."""
    from django.core.cache import cache

    from tournament.services import rounds

    key = os.environ["CHAOS_ATTEMPTS_KEY"]
    pair_round = rounds.pair_round

    def paused_pair_round(*args: Any, **kwargs: Any) -> Any:
        cache.add(key, 0, 600)
        if cache.incr(key) == 1:
            time.sleep(PAUSE_SECONDS)
        return pair_round(*args, **kwargs)

    rounds.pair_round = paused_pair_round
