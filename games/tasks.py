"""Celery tasks of the games app. Thin: each calls a service."""

import logging

from celery import Task, shared_task
from celery.exceptions import SoftTimeLimitExceeded

from games.analysis import services as analysis_services
from games.clocks import services as clock_services
from games.presence.absence import apply_absent_rule as absent_rule
from games.validation import services as validation_services
from games.validation.services import run_recheck

log = logging.getLogger(__name__)


@shared_task
def sweep_flags() -> int:
    """Beat, every few seconds: record the flag of every running clock that has run out."""
    return clock_services.sweep_flags()


@shared_task
def apply_absent_rule() -> int:
    """Beat: where an event chose "absent players lose", enter the forfeits now due."""
    return absent_rule()


@shared_task
def validate_game(game_id: int) -> bool:
    """Replay a finished game's whole log with the engine."""
    return validation_services.validate_game(game_id)


@shared_task
def analyse_game(game_id: int) -> bool:
    """The engine's analysis of a finished game whose replay passed, once per record (the
    ``analysis`` queue: nobody waits for it). A game the budget cannot analyse within the soft
    time limit is left unanalysed (its viewer says pending), not retried forever."""
    try:
        return analysis_services.analyse_game(game_id) is not None
    except SoftTimeLimitExceeded:
        log.warning("the analysis of game %s outlasted the time limit", game_id)
        return False


@shared_task(bind=True)
def recheck_event(self: Task[[int], None], run_id: int) -> None:
    """A director's re-check of every game of an event. A big event outlasts the time limit
    (under the broker's visibility timeout): the games checked so far are kept, and a new
    delivery goes on with the rest."""
    try:
        run_recheck(run_id)
    except SoftTimeLimitExceeded:
        raise self.retry(countdown=0, max_retries=None) from None
