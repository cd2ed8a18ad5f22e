from collections.abc import Iterator

import pytest


@pytest.fixture
def eager_tasks() -> Iterator[None]:
    """Run Celery tasks in-process, also on a run with Redis (the worker tests cover a real
    worker), so that no task is left queued for a later test's worker."""
    from tournament.celery import app

    eager, propagates = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = eager, propagates
