"""A pairing task may be delivered twice or lost: Celery puts a lost task back on the queue, the
pairing stores one draft however often it runs, and a task that has gone silent is shown to the
director with a Retry button."""

import datetime
import threading
from functools import partial
from typing import Any

import pytest
import time_machine
from django.conf import settings
from django.db import connection
from django.urls import reverse

from tests.factories import arbiter_of
from tests.tournament.helpers import event_with_players
from tournament import effects, tasks
from tournament.celery import app
from tournament.models.events import Round
from tournament.rounds import services as rounds_services
from tournament.rounds.models import PairingChange
from tournament.rounds.selectors import pair_of
from tournament.rounds.services import compute_draft, retry_pairing, start_pairing

pytestmark = pytest.mark.usefixtures("tasks_in_process")

T0 = datetime.datetime(2026, 8, 20, 10, 0, tzinfo=datetime.UTC)
SILENT = "The pairing task has not reported for"


def boards_of(round_: Round) -> list[tuple[Any, ...]]:
    return [
        (b.number, *pair_of(b), b.result)
        for b in round_.boards.prefetch_related("seats").order_by("number")
    ]


def test_a_lost_task_goes_back_on_the_queue_within_a_minute() -> None:
    conf = app.conf
    assert conf.task_acks_late and conf.task_reject_on_worker_lost
    assert conf.worker_prefetch_multiplier == 1
    options = conf.broker_transport_options
    visibility = options["visibility_timeout"]
    # A whole worker killed: Redis hands its task on at the first sweep after the timeout.
    back_within = (
        visibility + options["unacked_restore_interval"] * options["unacked_restore_throttle"]
    )
    assert back_within < 60
    # ... before the director is offered Retry for a silent pairing or re-check.
    assert back_within <= settings.TASK_STALE_SECONDS
    # No task runs, or waits for its countdown, as long as that (else it runs twice at once).
    assert conf.task_soft_time_limit < conf.task_time_limit < visibility
    assert max(tasks.MAIL_RETRY_SECONDS, effects.RATINGS_DELAY_SECONDS) < visibility


@pytest.mark.django_db
def test_a_pairing_delivered_twice_stores_the_same_draft() -> None:
    event, director = event_with_players(11)
    round_ = start_pairing(event=event, user=director)
    first = compute_draft(round_.pk)
    assert first is not None and first.status == Round.Status.DRAFT
    draft = boards_of(first)
    assert len(draft) == 6  # five games and the bye

    again = compute_draft(round_.pk)
    assert again is not None
    assert (again.status, again.pairing_progress, again.notes) == (
        Round.Status.DRAFT,
        100,
        first.notes,
    )
    assert boards_of(again) == draft


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_pairing_delivered_twice_at_once_stores_one_draft(postgres: None) -> None:
    event, director = event_with_players(20)
    round_ = start_pairing(event=event, user=director)
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def deliver() -> None:
        try:
            barrier.wait(timeout=10)
            compute_draft(round_.pk)
        except BaseException as exc:  # reported below: a thread's failure must fail the test
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=deliver) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT
    assert [b[0] for b in boards_of(round_)] == list(range(1, 11))


def pairing_round(director: Any, event: Any) -> Round:
    """A round whose pairing task was queued at T0 and never ran (its worker was lost)."""
    with time_machine.travel(T0, tick=False):
        return start_pairing(event=event, user=director)


@pytest.mark.django_db
def test_a_silent_pairing_task_is_shown_to_the_director_with_retry(client: Any) -> None:
    event, director = event_with_players(8)
    round_ = pairing_round(director, event)
    client.force_login(director)
    page_url = reverse("event-round", args=[event.slug, round_.number])
    progress_url = reverse("event-round-progress", args=[event.slug, round_.number])
    retry_url = reverse("event-round-retry", args=[event.slug, round_.number])

    with time_machine.travel(T0 + datetime.timedelta(seconds=30), tick=False):
        page = client.get(page_url).content.decode()
    assert "Pairing round 1" in page and SILENT not in page and retry_url not in page

    with time_machine.travel(T0 + datetime.timedelta(seconds=95), tick=False):
        page = client.get(page_url).content.decode()
        progress = client.get(progress_url)
    assert f"{SILENT} 95 s: it may have been lost" in page and retry_url in page
    assert SILENT in progress.content.decode() and retry_url in progress.content.decode()
    assert "hx-trigger" in progress.content.decode()  # still polling: it may come back
    assert "HX-Refresh" not in progress

    # A report from the task makes it fresh again; the reads wrote nothing.
    with time_machine.travel(T0 + datetime.timedelta(seconds=100), tick=False):
        rounds_services._progress(round_, 30)
        page = client.get(page_url).content.decode()
    assert SILENT not in page and "30%" in page
    round_.refresh_from_db()
    assert round_.pairing_requested_at == T0 and not PairingChange.objects.exists()


@pytest.mark.django_db
def test_retry_queues_the_pairing_again_and_logs_it(
    client: Any, tasks_in_process: None, django_capture_on_commit_callbacks: Any
) -> None:
    event, director = event_with_players(8)
    round_ = pairing_round(director, event)
    client.force_login(director)
    retry_url = reverse("event-round-retry", args=[event.slug, round_.number])

    with time_machine.travel(T0 + datetime.timedelta(seconds=20), tick=False):
        refused = client.post(retry_url, follow=True)
    assert "reported less than 60 s ago: wait for it" in refused.content.decode()
    round_.refresh_from_db()
    assert round_.status == Round.Status.PAIRING and not PairingChange.objects.exists()

    with (
        time_machine.travel(T0 + datetime.timedelta(seconds=75), tick=False),
        django_capture_on_commit_callbacks(execute=True) as queued,
    ):
        response = client.post(retry_url, follow=True)
    # One pairing task queued (the draft it makes then bumps its own review version).
    changes = [c.args[0] for c in queued if isinstance(c, partial)]
    assert all(isinstance(change, effects.Change) for change in changes)
    assert [name for change in changes for name, _ in change.tasks] == [
        "tournament.tasks.compute_pairing"
    ]
    assert "The pairing of round 1 is queued again." in response.content.decode()
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT and round_.boards.count() == 4
    change = PairingChange.objects.get(round=round_)
    assert change.description == "Pairing task queued again: it had not reported for 75 s"
    assert change.user == director
    log = client.get(reverse("event-log", args=[event.slug])).content.decode()
    assert "Pairing task queued again" in log


@pytest.mark.django_db
def test_retry_of_a_round_paired_meanwhile_changes_nothing(
    client: Any, tasks_in_process: None, django_capture_on_commit_callbacks: Any
) -> None:
    event, director = event_with_players(8)
    round_ = pairing_round(director, event)
    compute_draft(round_.pk)  # the lost task came back before the director clicked
    draft = boards_of(round_)
    client.force_login(director)

    with (
        time_machine.travel(T0 + datetime.timedelta(seconds=300), tick=False),
        django_capture_on_commit_callbacks() as queued,
    ):
        response = client.post(
            reverse("event-round-retry", args=[event.slug, round_.number]), follow=True
        )
    assert "Round 1 is no longer being paired: nothing to retry." in response.content.decode()
    assert queued == []  # no task queued
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT and boards_of(round_) == draft
    assert not PairingChange.objects.exists()
    assert retry_pairing(round_=round_, user=director) is False


@pytest.mark.django_db
def test_only_a_director_retries_a_pairing(client: Any) -> None:
    event, director = event_with_players(8)
    round_ = pairing_round(director, event)
    retry_url = reverse("event-round-retry", args=[event.slug, round_.number])
    with time_machine.travel(T0 + datetime.timedelta(seconds=300), tick=False):
        anonymous = client.post(retry_url)
        client.force_login(arbiter_of(event))
        arbiter = client.post(retry_url)
        client.force_login(director)
        get = client.get(retry_url)
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    assert arbiter.status_code == 403
    assert get.status_code == 405
    round_.refresh_from_db()
    assert round_.pairing_requested_at == T0 and not PairingChange.objects.exists()
