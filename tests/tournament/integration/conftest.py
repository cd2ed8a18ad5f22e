"""Fixtures of the tournament layer's integration tests."""

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def tasks_in_process(request: pytest.FixtureRequest) -> Iterator[None]:
    """Run queued tasks in-process even when REDIS_URL points Celery at a broker; the worker
    tests (marked `worker`) keep the real worker."""
    if request.node.get_closest_marker("worker"):
        yield
        return
    from tournament.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    try:
        yield
    finally:
        app.conf.task_always_eager = before
