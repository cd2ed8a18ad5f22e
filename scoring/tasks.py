"""Celery tasks of the read side. Thin: each calls into scoring.standings."""

from celery import shared_task

from scoring import standings


@shared_task
def recompute_standings(event_id: int) -> None:
    """Recompute and cache an event's standings after a change committed."""
    standings.refresh_cached_standings(event_id)
