"""Celery tasks of the tournament app. Thin: each calls a service."""

import socket

from celery import shared_task
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
