"""Pairing has a Celery queue of its own: a director's draft never waits behind a festival's
e-mails and recomputes; the post-game analysis has another, so nothing waits behind it; every
place that starts a worker consumes every queue."""

import json
import re
from typing import Any

import pytest
import redis
from django.conf import settings

from tests.tournament.helpers import event_with_players
from tournament.celery import app
from tournament.models.events import Round
from tournament.rounds.services import request_pairing
from tournament.tasks import compute_pairing

PAIRING = "tournament.tasks.compute_pairing"
QUEUES = {"celery", "pairing", "analysis"}


def queue_of(task: str) -> str:
    name: str = app.amqp.router.route({}, task)["queue"].name
    return name


def test_pairing_goes_to_the_pairing_queue_and_everything_else_to_the_default_one() -> None:
    assert queue_of(PAIRING) == "pairing"
    assert queue_of("games.tasks.analyse_game") == "analysis"
    for task in (
        "tournament.tasks.notify_result",
        "scoring.tasks.recompute_standings",
        "scoring.tasks.update_ratings",
        "games.tasks.validate_game",
    ):
        assert queue_of(task) == "celery", task


def test_each_queue_has_its_own_routing_key() -> None:
    # With one key for both, a task sent through the exchange by key would land on both queues.
    keys = {q.name: q.routing_key for q in app.amqp.queues.values()}
    assert keys == {"celery": "celery", "pairing": "pairing", "analysis": "analysis"}


def test_every_worker_command_consumes_every_queue() -> None:
    makefile = (settings.BASE_DIR / "Makefile").read_text()
    worker = re.search(r"^worker:.*\n\t(.*)$", makefile, re.M)
    assert worker is not None
    assert set(re.search(r"-Q (\S+)", worker.group(1)).group(1).split(",")) == QUEUES
    bench = (settings.BASE_DIR / "bench" / "festival.py").read_text()
    assert set(re.search(r'"--queues",[^"]*"([^"]+)"', bench).group(1).split(",")) == QUEUES
    # And a worker told nothing (the test fixture's, a bare `celery worker`) consumes them all.
    assert set(app.amqp.queues) == QUEUES


@pytest.mark.django_db
@pytest.mark.usefixtures("tasks_in_process")
def test_in_process_tasks_still_pair_the_round_at_once(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event, director = event_with_players(12)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = request_pairing(event=event, user=director)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT, round_.pairing_error


def test_a_queued_pairing_waits_on_the_pairing_list_in_redis(redis_url: str) -> None:
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    sent = compute_pairing.apply_async((0,))  # no worker runs in this test: it stays queued

    def ids(queue: str) -> list[str]:
        return [json.loads(m)["headers"]["id"] for m in broker.lrange(queue, 0, -1)]

    try:
        assert sent.id in ids("pairing")
        assert sent.id not in ids("celery")
    finally:
        for message in broker.lrange("pairing", 0, -1):
            if json.loads(message)["headers"]["id"] == sent.id:
                broker.lrem("pairing", 1, message)
