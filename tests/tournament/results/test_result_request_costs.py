"""What a director's result costs (issue 29, cheaper requests): the event's roles are read once
per request and never kept past it; the board is looked up, then locked and read with its seats
once; the answer is the board as the write stored it (nothing read again); the round's status is
worked out from the round read with the board."""

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tests.counting import reads
from tests.factories import BoardFactory, EventFactory, RoundFactory, arbiter_of, director_of
from tournament.models.events import Board, EventRole, Round
from tournament.permissions import is_director, roles_read_once

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def three_boards() -> tuple[list[Board], APIClient, Any]:
    """A round of three boards, read with their round and event; its director's API client."""
    event = EventFactory()
    round_ = RoundFactory(event=event)
    boards = [BoardFactory(round=round_, number=n) for n in (1, 2, 3)]
    boards = list(Board.objects.select_related("round__event").order_by("number"))
    director = director_of(event)
    client = APIClient()
    client.force_login(director)
    return boards, client, director


def result(client: APIClient, board: Board, code: str = "1-0") -> Any:
    url = f"/api/events/{board.round.event.slug}/boards/{board.pk}/"
    first, second = (12, 9) if code == "1-0" else (9, 12)
    body = {"result": code, "first_lowest": first, "second_lowest": second, "replaces": 0}
    return client.patch(url, body, format="json")


def test_a_directors_result_reads_the_event_roles_once() -> None:
    boards, client, _ = three_boards()
    with CaptureQueriesContext(connection) as queries:
        response = result(client, boards[0])
    assert response.status_code == 200, response.content
    # The API's permission, the visible rounds, the view's and the service's checks: one read.
    assert reads(queries, "tournament_eventrole") == 1


def test_the_roles_read_in_one_request_are_read_afresh_in_the_next() -> None:
    boards, client, director = three_boards()
    assert result(client, boards[0]).status_code == 200
    EventRole.objects.filter(user=director).delete()
    refused = result(client, boards[1])
    assert refused.status_code == 403
    assert Board.objects.get(pk=boards[1].pk).result == ""


def test_a_role_granted_within_a_request_counts_at_its_next_check() -> None:
    boards, _, _ = three_boards()
    event = boards[0].round.event
    newcomer = director_of(EventFactory(), "newcomer")
    with roles_read_once():
        assert not is_director(newcomer, event)  # type: ignore[arg-type]
        EventRole.objects.create(event=event, user=newcomer, role=EventRole.Role.DIRECTOR)
        assert is_director(newcomer, event)  # type: ignore[arg-type]
        EventRole.objects.filter(event=event, user=newcomer).delete()
        assert not is_director(newcomer, event)  # type: ignore[arg-type]


def test_a_result_reads_its_seats_once_and_answers_from_what_it_wrote() -> None:
    boards, client, _ = three_boards()
    assert result(client, boards[0]).status_code == 200  # the round is in play from here on
    with CaptureQueriesContext(connection) as queries:
        response = result(client, boards[1], "0-1")
    assert response.status_code == 200, response.content
    # Looked up, then locked; and the round's boards' results, which decide its status.
    assert reads(queries, "tournament_board") == 3
    assert reads(queries, "tournament_seat") == 1  # with the lock: checked, written, answered
    # Still in play: the round read with the board decides it, and the event's status follows
    # (the rounds the director sees are a subquery of the board's lookup).
    rounds = [
        q for q in queries.captured_queries if q["sql"].startswith('SELECT "tournament_round"')
    ]
    assert rounds == []
    body = response.json()
    assert body["result"] == "0-1" and body["result_version"] == 1
    assert [s["placing"] for s in body["seats"]] == [2, 1]
    assert [s["lowest"] for s in body["seats"]] == [9, 12]
    # The answer is the board as a read of it shows it.
    url = f"/api/events/{boards[1].round.event.slug}/boards/{boards[1].pk}/"
    again = client.get(url).json()
    assert {k: v for k, v in body.items() if k != "seats"} == {
        k: v for k, v in again.items() if k != "seats"
    }


def test_the_last_result_completes_the_round_and_a_cleared_one_reopens_it() -> None:
    boards, client, _ = three_boards()
    for board in boards:
        assert result(client, board).status_code == 200
    assert Round.objects.get(pk=boards[0].round_id).status == Round.Status.COMPLETE
    url = f"/api/events/{boards[2].round.event.slug}/boards/{boards[2].pk}/"
    body = {"result": "", "reason": "entered on the wrong board", "replaces": 1}
    assert client.patch(url, body, format="json").status_code == 200
    assert Round.objects.get(pk=boards[0].round_id).status == Round.Status.PLAYING


def _writes(queries: CaptureQueriesContext, table: str) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if q["sql"].startswith(f'UPDATE "{table}"')]


def test_the_board_is_looked_up_by_its_id_and_number_alone() -> None:
    boards, client, _ = three_boards()
    with CaptureQueriesContext(connection) as queries:
        assert result(client, boards[0]).status_code == 200
    board_reads = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith("SELECT") and ('FROM "tournament_board"' in q["sql"])
    ]
    # The lookup (is it this event's board?) reads no round or event: the lock reads them.
    lookup = board_reads[0]
    assert lookup.startswith('SELECT "tournament_board"."id", "tournament_board"."number" FROM')
    assert '"tournament_event"."name"' not in lookup and "FOR UPDATE" not in lookup


def test_a_board_of_another_event_is_not_found_and_nothing_is_locked() -> None:
    boards, client, _ = three_boards()
    other = BoardFactory(round=RoundFactory(event=EventFactory()), number=1)
    url = f"/api/events/{boards[0].round.event.slug}/boards/{other.pk}/"
    body = {"result": "1-0", "first_lowest": 12, "second_lowest": 9, "replaces": 0}
    with CaptureQueriesContext(connection) as queries:
        response = client.patch(url, body, format="json")
    assert response.status_code == 404
    assert not [q for q in queries.captured_queries if "FOR UPDATE" in q["sql"]]
    assert Board.objects.get(pk=other.pk).result == ""


def test_a_result_writes_only_the_seats_it_changes() -> None:
    boards, client, _ = three_boards()
    with CaptureQueriesContext(connection) as queries:
        assert result(client, boards[0]).status_code == 200  # 1-0, levels 12 and 9
    assert len(_writes(queries, "tournament_seat")) == 2  # both seats: placings and levels
    url = f"/api/events/{boards[0].round.event.slug}/boards/{boards[0].pk}/"
    body = {"result": "1-0", "first_lowest": 12, "second_lowest": 10, "replaces": 1}
    with CaptureQueriesContext(connection) as queries:
        response = client.patch(url, body, format="json")
    assert response.status_code == 200, response.content
    # The second side's level alone changed: the first seat is not written again.
    (written,) = _writes(queries, "tournament_seat")
    second = boards[0].seats.get(number=1)
    assert written.rstrip().endswith(f'WHERE "tournament_seat"."id" = {second.pk}')
    assert [s["lowest"] for s in response.json()["seats"]] == [12, 10]
    stored = list(boards[0].seats.order_by("number").values_list("placing", "levels"))
    assert stored == [(1, [12]), (2, [10])]


def test_a_draft_board_is_not_found_by_one_who_does_not_direct_the_event() -> None:
    boards, _client, _ = three_boards()
    event = boards[0].round.event
    draft = BoardFactory(round=RoundFactory(event=event, number=2, status=Round.Status.DRAFT))
    client = APIClient()
    client.force_login(arbiter_of(event))
    body = {"result": "1-0", "first_lowest": 12, "second_lowest": 9, "replaces": 0}
    hidden = client.patch(f"/api/events/{event.slug}/boards/{draft.pk}/", body, format="json")
    assert hidden.status_code == 404  # a draft is its directors' own: not even said to exist
    shown = client.patch(f"/api/events/{event.slug}/boards/{boards[0].pk}/", body, format="json")
    assert shown.status_code == 403
