"""The rows of the mail that is not sent (e-mail turned off, no address) are stored in one
statement per delivery, as one by one they would be: once per (player, key), never sent; the
mail that is sent is still claimed one row at a time, committed before it goes out."""

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import BoardFactory, EventFactory, RoundFactory, director_of
from tests.tournament.notifications.test_notifications import draft_round_three, publish
from tournament.notifications import services as notifications
from tournament.notifications.models import Notification
from tournament.notifications.services import NO_ADDRESS, TURNED_OFF
from tournament.results.services import set_board_result

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def inserts(queries: CaptureQueriesContext) -> int:
    return sum(
        1
        for q in queries.captured_queries
        if q["sql"].startswith('INSERT INTO "tournament_notification"')
        or q["sql"].startswith('INSERT OR IGNORE INTO "tournament_notification"')
    )


def test_a_published_rounds_unsent_mail_is_stored_in_one_statement(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    _event, td, round_, people = draft_round_three()
    with CaptureQueriesContext(connection) as queries:
        publish(round_, td, django_capture_on_commit_callbacks)
    assert len(mailoutbox) == 4  # Alice, Bob, Eve, Gina
    # Each mail sent claims its row first; Carol's (no address) and Dan's (turned off) together.
    assert inserts(queries) == 4 + 1
    skipped = dict(
        Notification.objects.filter(sent_at__isnull=True).values_list("player__name", "skipped")
    )
    assert skipped == {"Carol": NO_ADDRESS, "Dan": TURNED_OFF}
    assert not Notification.objects.filter(player=people["frank"].player).exists()  # merged


def test_a_result_at_a_board_nobody_is_mailed_from_is_stored_in_one_statement(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = EventFactory()
    board = BoardFactory(round=RoundFactory(event=event), number=1)  # players without address
    td = director_of(event)
    with (
        CaptureQueriesContext(connection) as queries,
        django_capture_on_commit_callbacks(execute=True),
    ):
        set_board_result(board=board, result="1-0", user=td)  # type: ignore[arg-type]
    assert mailoutbox == []
    assert inserts(queries) == 1
    rows = Notification.objects.filter(event=event)
    assert [row.skipped for row in rows] == [NO_ADDRESS, NO_ADDRESS]
    assert all(row.body.startswith("Hello ") and row.subject for row in rows)


def test_a_delivery_made_again_leaves_the_unsent_rows_as_they_were(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    _event, td, round_, _people = draft_round_three()
    publish(round_, td, django_capture_on_commit_callbacks)
    before = {
        row.pk: (row.key, row.subject, row.skipped, row.created_at)
        for row in Notification.objects.all()
    }
    again = notifications.notify_round_published(round_.pk)
    assert (again.failed, again.left) == (0, 0)
    after = {
        row.pk: (row.key, row.subject, row.skipped, row.created_at)
        for row in Notification.objects.all()
    }
    assert after == before
    assert len(mailoutbox) == 4
