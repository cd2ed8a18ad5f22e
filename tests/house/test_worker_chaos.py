"""Chaos: the pool child of a real prefork worker is killed in the middle of a pairing. The task
goes back on the queue (acks-late with reject-on-worker-lost), the master starts a new child,
and the round becomes a draft with no director action and one set of boards. A whole worker
killed (master and child) acknowledges and rejects nothing: Redis hands the task to the next
worker once the visibility timeout has passed, within a minute."""

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import redis
from django.conf import settings
from django.core.cache import cache

from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    director_of,
)
from tests.tournament.helpers import event_with_players
from tournament.models.events import Round
from tournament.notifications.models import Notification
from tournament.results.models import ResultCorrection
from tournament.results.services import set_board_result
from tournament.rounds.models import PairingChange
from tournament.rounds.services import request_pairing

WAIT_SECONDS = 60
TASK = "tournament.tasks.compute_pairing"
NOTIFY = "tournament.tasks.notify_result"


def wait_for(what: str, ready: Callable[[], bool], log: Path) -> float:
    """Seconds until ``ready()``; fails (with the worker's log) after WAIT_SECONDS."""
    start = time.monotonic()
    while time.monotonic() - start < WAIT_SECONDS:
        if ready():
            return time.monotonic() - start
        time.sleep(0.1)
    pytest.fail(f"{what}: not within {WAIT_SECONDS} s. Worker log:\n{log.read_text()[-4000:]}")


def children_of(pid: int) -> list[int]:
    """The live child processes of ``pid`` (from /proc: Linux, as in CI)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            # Fields after the command name, which may hold spaces: state, ppid, ...
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


def queued_for(object_id: int, broker: redis.Redis, task: str = TASK) -> list[str]:
    """Messages of the task for this object (a round's pairing by default) still in the broker:
    queued or taken, unacked."""
    raw = [m for queue in settings.CELERY_TASK_QUEUES for m in broker.lrange(queue.name, 0, -1)]
    raw += [json.loads(v)[0] for v in broker.hvals("unacked")]
    found = []
    for message in raw:
        headers = (json.loads(message) if isinstance(message, bytes | str) else message)["headers"]
        if headers.get("task") == task and headers.get("argsrepr") == f"({object_id},)":
            found.append(headers["id"])
    return found


def start_worker(env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    """A prefork worker of one pool process with the chaos hook, writing to ``log``."""
    command = [
        *(sys.executable, "-m", "celery", "-A", "tournament", "worker"),
        *("--queues", ",".join(queue.name for queue in settings.CELERY_TASK_QUEUES)),
        *("--pool", "prefork", "--concurrency", "1", "--loglevel", "info"),
        *("--include", "tests.house.chaos_worker"),
        *("--without-gossip", "--without-mingle", "--without-heartbeat"),
        *("--hostname", f"chaos-{uuid.uuid4().hex[:8]}@%h"),
    ]
    with log.open("a") as out:
        return subprocess.Popen(
            command, cwd=settings.BASE_DIR, env=env, stdout=out, stderr=subprocess.STDOUT
        )


def chaos_env(redis_url: str, worker_database_url: str, **hooks: str) -> dict[str, str]:
    """The worker's environment: this test's database and broker, and the hooks' keys."""
    return {**os.environ, "DATABASE_URL": worker_database_url, "REDIS_URL": redis_url, **hooks}


def assert_paired_once(round_: Round, event: Any, broker: redis.Redis, attempts_key: str) -> None:
    """The round is a draft of one set of boards, paired by the killed attempt and one more."""
    assert round_.status == Round.Status.DRAFT, round_.pairing_error
    assert cache.get(attempts_key) == 2  # the killed attempt and the redelivered one
    boards = list(round_.boards.all())
    assert sorted(b.number for b in boards) == list(range(1, 7))
    seated = [e for b in boards for e in b.side_ids]
    assert sorted(seated) == sorted(event.entries.values_list("pk", flat=True))
    assert not PairingChange.objects.filter(round=round_).exists()  # no director action
    assert queued_for(round_.pk, broker) == [], "the pairing task is still in the broker"


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_killed_pool_child_loses_no_pairing(
    redis_url: str, worker_database_url: str, tmp_path: Path
) -> None:
    event, director = event_with_players(12)
    attempts_key = f"chaos:pairing-attempts:{uuid.uuid4().hex}"
    log = tmp_path / "worker.log"
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    worker = start_worker(
        chaos_env(redis_url, worker_database_url, CHAOS_ATTEMPTS_KEY=attempts_key), log
    )
    try:
        round_ = request_pairing(event=event, user=director)

        def paused_mid_pairing() -> bool:
            round_.refresh_from_db()
            return cache.get(attempts_key) == 1 and round_.pairing_progress == 30

        started = wait_for("the first attempt reaching 30%", paused_mid_pairing, log)
        pool = children_of(worker.pid)
        assert len(pool) == 1, f"expected one pool child of {worker.pid}, found {pool}"
        os.kill(pool[0], signal.SIGKILL)
        killed = time.monotonic()

        def paired() -> bool:
            round_.refresh_from_db()
            return round_.status != Round.Status.PAIRING or bool(round_.pairing_error)

        wait_for("the round paired after the kill", paired, log)
        recovered = time.monotonic() - killed
        print(f"first attempt at 30% after {started:.1f} s; draft {recovered:.1f} s after the kill")

        assert worker.poll() is None, "the worker's master died with its child"
        assert children_of(worker.pid) not in ([], pool), "the master did not start a new child"
        assert_paired_once(round_, event, broker, attempts_key)
    finally:
        stop(worker)
        cache.delete(attempts_key)


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_whole_worker_killed_mid_pairing_is_replaced_within_a_minute(
    redis_url: str, worker_database_url: str, tmp_path: Path
) -> None:
    event, director = event_with_players(12)
    attempts_key = f"chaos:pairing-attempts:{uuid.uuid4().hex}"
    log = tmp_path / "worker.log"
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    env = chaos_env(redis_url, worker_database_url, CHAOS_ATTEMPTS_KEY=attempts_key)
    first = start_worker(env, log)
    second = None
    try:
        round_ = request_pairing(event=event, user=director)

        def paused_mid_pairing() -> bool:
            round_.refresh_from_db()
            return cache.get(attempts_key) == 1 and round_.pairing_progress == 30

        wait_for("the first attempt reaching 30%", paused_mid_pairing, log)
        # The host is lost: master and pool child die at once, nobody acks or rejects.
        pool = children_of(first.pid)
        for pid in [first.pid, *pool]:
            os.kill(pid, signal.SIGKILL)
        first.wait(timeout=10)
        killed = time.monotonic()
        assert queued_for(round_.pk, broker) != [], "the killed worker's task left the broker"
        second = start_worker(env, log)

        def paired() -> bool:
            round_.refresh_from_db()
            return round_.status != Round.Status.PAIRING or bool(round_.pairing_error)

        wait_for("the round paired by the next worker", paired, log)
        recovered = time.monotonic() - killed
        print(f"draft {recovered:.1f} s after the whole worker was killed")
        assert recovered < 60
        assert_paired_once(round_, event, broker, attempts_key)
    finally:
        for worker in (first, second):
            if worker is not None and worker.poll() is None:
                stop(worker)
        cache.delete(attempts_key)


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_pool_child_killed_right_after_sending_a_mail_does_not_send_it_again(
    redis_url: str, worker_database_url: str, tmp_path: Path
) -> None:
    event = EventFactory(name="Winter Cup")
    round_ = RoundFactory(event=event, number=1, status=Round.Status.PUBLISHED)
    addresses = ["alice@example.org", "bob@example.org"]
    first, second = (
        EntryFactory(event=event, player=PlayerFactory(contact=address), starting_rank=rank)
        for rank, address in enumerate(addresses, start=1)
    )
    board = BoardFactory(round=round_, number=1, sides=[first, second])
    mails_key = f"chaos:mails:{uuid.uuid4().hex}"
    outbox, log = tmp_path / "mail", tmp_path / "worker.log"
    env = chaos_env(
        redis_url, worker_database_url, CHAOS_MAILS_KEY=mails_key, EMAIL_URL=f"filemail:///{outbox}"
    )
    worker = start_worker(env, log)
    try:
        set_board_result(board=board, user=director_of(event), result="1-0", replaces=0)
        correction = ResultCorrection.objects.get(board=board).pk
        wait_for("the first mail sent", lambda: cache.get(mails_key) == 1, log)
        pool = children_of(worker.pid)
        assert len(pool) == 1, f"expected one pool child of {worker.pid}, found {pool}"
        os.kill(pool[0], signal.SIGKILL)  # the mail went out; its task has not finished

        rows = Notification.objects.filter(key__contains=f":result:{correction}")

        def delivered_again() -> bool:
            done = rows.filter(sent_at__isnull=False).count() == 1
            return done and queued_for(correction, broker, NOTIFY) == []

        broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
        wait_for("the task delivered again and done", delivered_again, log)
        sent = "".join(path.read_text() for path in outbox.glob("*.log"))
        assert [sent.count(f"To: {address}") for address in addresses] == [1, 1]
        assert sorted(rows.values_list("skipped", flat=True)) == ["", "sending interrupted"]
    finally:
        stop(worker)
        cache.delete(mails_key)


def stop(worker: subprocess.Popen[bytes]) -> None:
    """Warm shutdown (the task in hand finishes or goes back to the queue); if the worker hangs,
    kill it with its pool so nothing of it outlives the test."""
    pool = children_of(worker.pid)
    worker.send_signal(signal.SIGTERM)
    try:
        worker.wait(timeout=30)
    except subprocess.TimeoutExpired:
        for pid in [worker.pid, *pool]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        worker.wait(timeout=10)
