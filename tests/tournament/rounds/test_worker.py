"""The pairing task on a real Celery worker (Redis broker): the round becomes a draft."""

import time

import pytest

from tests.tournament.helpers import event_with_players
from tournament.models.events import Round
from tournament.rounds.services import request_pairing

pytestmark = pytest.mark.usefixtures("tasks_in_process")


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_pairs_the_round_into_a_draft(live_worker: object) -> None:
    event, td = event_with_players(12)
    round_ = request_pairing(event=event, user=td)
    assert round_.status == Round.Status.PAIRING
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        round_.refresh_from_db()
        if round_.status != Round.Status.PAIRING or round_.pairing_error:
            break
        time.sleep(0.1)
    assert round_.status == Round.Status.DRAFT, round_.pairing_error or "no worker paired it"
    assert round_.pairing_progress == 100
    boards = list(round_.boards.prefetch_related("seats"))
    assert len(boards) == 6 and all(len(b.side_ids) == 2 for b in boards)
