"""Celery tasks of the tournament app. Thin: each calls a service."""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import TYPE_CHECKING

from celery import Task, shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.core.cache import cache

from tournament.rounds.services import compute_draft

if TYPE_CHECKING:
    from tournament.notifications.services import Delivery


@shared_task
def ping_worker(token: str) -> str:
    """Leave a mark in the shared cache: proof that a worker took a task off the broker."""
    host = socket.gethostname()
    cache.set(f"worker-ping:{token}", host, timeout=300)
    return host


@shared_task
def compute_pairing(round_id: int) -> None:
    """Pair a round the director asked for and store its draft."""

    compute_draft(round_id)


# A mail server that refuses or cannot be reached: the task tries again (what went out stays
# sent, see tournament/notifications/services.py). Run in-process (no worker), it only logs the
# failure.
# A countdown stays under the broker's visibility timeout (settings), which would deliver the
# waiting task a second time.
MAIL_RETRIES = 5
MAIL_RETRY_SECONDS = 30
# A task sends for this long, then queues itself again for the rest: it stops between two
# messages, well before the soft time limit (30 s), never in the middle of one.
MAIL_BATCH_SECONDS = 15


def _mail_task(task: Task[..., None], send: Callable[[float | None], Delivery]) -> None:
    eager = task.request.is_eager
    try:
        delivery = send(None if eager else MAIL_BATCH_SECONDS)
    except SoftTimeLimitExceeded:
        # Never reached when the mail server answers within EMAIL_TIMEOUT: a safety net.
        raise task.retry(countdown=0, max_retries=None) from None
    if delivery.left:  # a big round: what went out is stored, a new delivery sends the rest
        raise task.retry(countdown=0, max_retries=None)
    if delivery.failed and not eager:
        raise task.retry(countdown=MAIL_RETRY_SECONDS)


@shared_task(bind=True, max_retries=MAIL_RETRIES)
def notify_round_published(self: Task[[int], None], round_id: int) -> None:
    """E-mail each player of a published round their board (once, however often delivered)."""
    from tournament.notifications import services as notifications

    _mail_task(self, lambda seconds: notifications.notify_round_published(round_id, seconds))


@shared_task(bind=True, max_retries=MAIL_RETRIES)
def notify_result(self: Task[[int], None], correction_id: int) -> None:
    """E-mail both players of a board a result entered, corrected or withdrawn (once)."""
    from tournament.notifications import services as notifications

    _mail_task(self, lambda seconds: notifications.notify_result(correction_id, seconds))


@shared_task(bind=True, max_retries=MAIL_RETRIES)
def notify_dispute(self: Task[[int], None], confirmation_id: int) -> None:
    """E-mail the event's directors and arbiters that a board's words differ (at most once)."""
    from tournament.notifications import services as notifications

    _mail_task(self, lambda seconds: notifications.notify_dispute(confirmation_id, seconds))
