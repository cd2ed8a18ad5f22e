"""A real Celery worker (Redis broker) takes a task that was queued after commit."""

import time
import uuid

import pytest
from django.core.cache import cache
from django.db import transaction

from tournament.tasks import ping_worker


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_runs_a_task_queued_on_commit(live_worker: object) -> None:
    token = uuid.uuid4().hex
    with transaction.atomic():
        transaction.on_commit(lambda: ping_worker.delay(token))
        assert cache.get(f"worker-ping:{token}") is None
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and cache.get(f"worker-ping:{token}") is None:
        time.sleep(0.05)
    host = cache.get(f"worker-ping:{token}")
    assert host, "no worker executed the task within 20 s"
    print(f"real Celery worker on {host} executed ping_worker({token})")
