"""Celery tasks of the games app. Thin: each calls a service."""

from celery import Task, shared_task
from celery.exceptions import SoftTimeLimitExceeded

from games.clocks import services as clock_services
from games.validation import services as validation_services
from games.validation.services import run_recheck


@shared_task
def sweep_flags() -> int:
    """Beat, every few seconds: record the flag of every running clock that has run out."""
    return clock_services.sweep_flags()


@shared_task
def validate_game(game_id: int) -> bool:
    """Replay a finished game's whole log with the engine."""
    return validation_services.validate_game(game_id)


@shared_task(bind=True)
def recheck_event(self: Task[[int], None], run_id: int) -> None:
    """A director's re-check of every game of an event. A big event outlasts the time limit
    (under the broker's visibility timeout): the games checked so far are kept, and a new
    delivery goes on with the rest."""
    try:
        run_recheck(run_id)
    except SoftTimeLimitExceeded:
        raise self.retry(countdown=0, max_retries=None) from None
