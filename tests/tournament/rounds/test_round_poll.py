"""A director waiting for a draft polls the round (issue 29, cheaper requests): the API's answer
while the round is paired carries an ETag, and a poll that sends it back is 304 Not Modified,
read from the cache alone, until the pairing reports, fails, makes the draft or the round is
deleted; the director's page polls its progress the same way (204 while nothing is new and the
pairing is not yet silent for long). Only the event's directors get either."""

import datetime
from typing import Any

import pytest
import time_machine
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from tests.counting import Calls, reads
from tests.factories import arbiter_of
from tests.tournament.helpers import event_with_players
from tournament.entries.serializers import EntryRefSerializer
from tournament.models.events import Round
from tournament.rounds import services as rounds_services
from tournament.rounds.services import compute_draft, delete_draft, start_pairing
from tournament.web.page_cache import HELD_HEADER, VERSION_HEADER

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

T0 = datetime.datetime(2026, 8, 20, 10, 0, tzinfo=datetime.UTC)


@pytest.fixture
def committed(django_capture_on_commit_callbacks: Any) -> Any:
    """Run a write with its after-commit effects (the draft version it bumps)."""

    def run(write: Any, *args: Any, **kwargs: Any) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            return write(*args, **kwargs)

    return run


def paired_round(committed: Any) -> tuple[Any, Any, Round, APIClient, str]:
    event, director = event_with_players(8)
    round_ = committed(start_pairing, event=event, user=director)
    client = APIClient()
    client.force_login(director)
    return event, director, round_, client, f"/api/events/{event.slug}/rounds/{round_.number}/"


def test_a_poll_that_holds_the_rounds_etag_is_304_without_reading_the_round(
    committed: Any,
) -> None:
    _, _, round_, client, url = paired_round(committed)
    first = client.get(url)
    assert first.status_code == 200 and first.json()["status"] == "pairing"
    etag = first["ETag"]
    assert "private" in first["Cache-Control"]
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again["ETag"] == etag
    assert reads(queries, "tournament_round") == 0
    assert reads(queries, "tournament_board") == 0


def test_each_report_of_the_pairing_and_its_draft_are_news(committed: Any) -> None:
    _, _, round_, client, url = paired_round(committed)
    etag = client.get(url)["ETag"]
    committed(rounds_services._progress, round_, 30)
    reported = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert reported.status_code == 200 and reported.json()["pairing_progress"] == 30
    assert reported["ETag"] != etag
    etag = reported["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    committed(compute_draft, round_.pk)
    drafted = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert drafted.status_code == 200 and drafted.json()["status"] == "draft"
    assert len(drafted.json()["boards"]) == 4
    assert not drafted.has_header("ETag")  # only a round being paired is polled so


def test_a_failed_pairing_and_a_deleted_round_are_news(committed: Any) -> None:
    _, director, round_, client, url = paired_round(committed)
    etag = client.get(url)["ETag"]
    committed(rounds_services._progress, round_, 100, "No pairing: too few players")
    failed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert failed.status_code == 200 and failed.json()["pairing_error"]
    committed(delete_draft, round_=round_, user=director)
    assert client.get(url, HTTP_IF_NONE_MATCH=failed["ETag"]).status_code == 404


def test_only_the_events_directors_get_the_etag_or_the_304(committed: Any) -> None:
    event, _, round_, client, url = paired_round(committed)
    etag = client.get(url)["ETag"]
    arbiter = APIClient()
    arbiter.force_login(arbiter_of(event))
    assert arbiter.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 404
    assert APIClient().get(url, HTTP_IF_NONE_MATCH=etag).status_code == 404
    other, other_director = event_with_players(4)
    elsewhere = APIClient()
    elsewhere.force_login(other_director)
    other_url = f"/api/events/{other.slug}/rounds/{round_.number}/"
    assert elsewhere.get(other_url, HTTP_IF_NONE_MATCH=etag).status_code == 404


def test_the_directors_page_polls_the_progress_with_its_version(
    client: Any, committed: Any
) -> None:
    with time_machine.travel(T0, tick=False):
        event, director, round_, _, _ = paired_round(committed)
    client.force_login(director)
    page_url = reverse("event-round", args=[event.slug, round_.number])
    progress_url = reverse("event-round-progress", args=[event.slug, round_.number])
    with time_machine.travel(T0 + datetime.timedelta(seconds=5), tick=False):
        page = client.get(page_url).content.decode()
        version = page.split('data-version="', 1)[1].split('"', 1)[0]
        with CaptureQueriesContext(connection) as queries:
            quiet = client.get(progress_url, HTTP_HX_REQUEST="true", **{held(): version})
        assert quiet.status_code == 204 and quiet[VERSION_HEADER] == version
        assert reads(queries, "tournament_round") == 0
        committed(rounds_services._progress, round_, 30)
        news = client.get(progress_url, HTTP_HX_REQUEST="true", **{held(): version})
    assert news.status_code == 200 and "30%" in news.content.decode()
    version = news[VERSION_HEADER]
    assert f'data-version="{version}"' in news.content.decode()
    # Silent for long: the page is told so, whatever version it holds.
    late = T0 + datetime.timedelta(seconds=5 + settings.TASK_STALE_SECONDS + 2)
    with time_machine.travel(late, tick=False):
        silent = client.get(progress_url, HTTP_HX_REQUEST="true", **{held(): version})
    assert silent.status_code == 200
    assert "The pairing task has not reported for" in silent.content.decode()


def held() -> str:
    return "HTTP_" + HELD_HEADER.upper().replace("-", "_")


def test_the_rounds_are_read_with_their_boards_and_seats_in_three_queries(
    committed: Any,
) -> None:
    event, director = event_with_players(8)
    round_ = committed(start_pairing, event=event, user=director)
    committed(compute_draft, round_.pk)
    client = APIClient()
    client.force_login(director)
    url = f"/api/events/{event.slug}/rounds/"
    with (
        CaptureQueriesContext(connection) as queries,
        Calls(EntryRefSerializer.get_fields) as built,
    ):
        response = client.get(url)
    assert response.status_code == 200
    (listed,) = response.json()
    assert len(listed["boards"]) == 4
    assert all(b["first"]["name"] and b["seats"][1]["entry"]["name"] for b in listed["boards"])
    reads_of = {
        table: reads(queries, table)
        for table in ("tournament_round", "tournament_board", "tournament_seat")
    }
    # The rounds (the event's directors see drafts too), their boards, the boards' seats with
    # who sits there; no entry or player read apart, nor a serializer built per entry.
    assert reads_of == {"tournament_round": 1, "tournament_board": 1, "tournament_seat": 1}
    assert reads(queries, "tournament_entry") == reads(queries, "tournament_player") == 0
    # A model serializer's fields are built for the rounds and for their boards, and at most
    # once for the entries (not once per entry named: 16 here).
    assert built[EntryRefSerializer.get_fields] <= 3
