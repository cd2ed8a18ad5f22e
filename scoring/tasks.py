"""Celery tasks of the read side. Thin: each calls into scoring.standings.build or
scoring.ratings.services."""

from celery import shared_task

from scoring.ratings import services as ratings
from scoring.standings import build as standings


@shared_task
def recompute_standings(event_id: int) -> None:
    """Recompute and cache an event's standings after a change committed."""
    standings.refresh_cached_standings(event_id)


@shared_task
def update_ratings(event_id: int | None = None) -> None:
    """Rebuild the rating list after results changed (committed); ``event_id`` is not needed
    (every rating is rebuilt) and is accepted from tasks queued by an earlier release."""
    ratings.rate_queued_changes()
