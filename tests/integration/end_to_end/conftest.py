"""The stories run what the site queues in-process, as the tournament layer's tests do (the
same fixture), even when REDIS_URL points Celery at a broker."""

from tests.tournament.integration.conftest import tasks_in_process

__all__ = ["tasks_in_process"]
