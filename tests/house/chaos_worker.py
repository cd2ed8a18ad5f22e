"""Test hooks, loaded only into the chaos tests' worker (`celery worker --include` this module).
With CHAOS_ATTEMPTS_KEY set, the first attempt at a pairing pauses in the middle, after
reporting 30%, long enough for the test to kill the pool child there; every attempt is counted
in the cache under that key. With CHAOS_MAILS_KEY set, the first e-mail sent pauses right after
it went out (counted likewise): the test kills the child between the send and the task's end.
Production code has no hook: this module wraps the code in the worker's pool processes only."""

import os
import time
from typing import Any

from celery.signals import worker_process_init

PAUSE_SECONDS = 120  # the test kills the child long before; never reached when all goes well


def _first_call_pauses(key: str, call: Any) -> Any:
    from django.core.cache import cache

    def paused(*args: Any, **kwargs: Any) -> Any:
        cache.add(key, 0, 600)
        if cache.incr(key) == 1:
            time.sleep(PAUSE_SECONDS)
        return call(*args, **kwargs)

    return paused


@worker_process_init.connect
def install_hooks(**_: Any) -> None:
    """In each new pool process (the first, and the one the master starts after the kill)."""
    from django.core import mail

    from tournament.rounds import services as rounds

    if key := os.environ.get("CHAOS_ATTEMPTS_KEY"):
        rounds.pair_round = _first_call_pauses(key, rounds.pair_round)
    if key := os.environ.get("CHAOS_MAILS_KEY"):
        send = mail.EmailMessage.send

        def sent_then_paused(message: Any, *args: Any, **kwargs: Any) -> Any:
            count = send(message, *args, **kwargs)
            _first_call_pauses(key, lambda: None)()
            return count

        mail.EmailMessage.send = sent_then_paused  # type: ignore[method-assign]
