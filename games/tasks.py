"""Celery tasks of the games app. Thin: each calls a service."""

from celery import shared_task

from games import services


@shared_task
def sweep_flags() -> int:
    """Beat, every few seconds: record the flag of every running clock that has run out."""
    return services.sweep_flags()


@shared_task
def validate_game(game_id: int) -> bool:
    """Replay a finished game's whole log with the engine."""
    return services.validate_game(game_id)


@shared_task
def recheck_event(run_id: int) -> None:
    """A director's re-check of every game of an event."""
    services.run_recheck(run_id)
