"""Celery tasks of the tournament app. Thin: each calls a service."""

import socket

from celery import Task, shared_task
from django.core.cache import cache


@shared_task
def ping_worker(token: str) -> str:
    """Leave a mark in the shared cache: proof that a worker took a task off the broker."""
    host = socket.gethostname()
    cache.set(f"worker-ping:{token}", host, timeout=300)
    return host


@shared_task
def compute_pairing(round_id: int) -> None:
    """Pair a round the director asked for and store its draft."""
    from tournament import services

    services.compute_draft(round_id)


# A mail server that refuses or cannot be reached: the task tries again (what went out stays
# sent, see tournament/notifications.py). Run in-process (no worker), it only logs the failure.
MAIL_RETRIES = 5
MAIL_RETRY_SECONDS = 120


@shared_task(bind=True, max_retries=MAIL_RETRIES)
def notify_round_published(self: Task, round_id: int) -> None:
    """E-mail each player of a published round their board (once, however often delivered)."""
    from tournament import notifications

    if notifications.notify_round_published(round_id).failed and not self.request.is_eager:
        raise self.retry(countdown=MAIL_RETRY_SECONDS)


@shared_task(bind=True, max_retries=MAIL_RETRIES)
def notify_result(self: Task, correction_id: int) -> None:
    """E-mail both players of a board a result entered, corrected or withdrawn (once)."""
    from tournament import notifications

    if notifications.notify_result(correction_id).failed and not self.request.is_eager:
        raise self.retry(countdown=MAIL_RETRY_SECONDS)
