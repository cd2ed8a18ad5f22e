"""Numbers from outside are read one way: ASCII digits only (issue 25, item 9). '²' passes
``str.isdigit()`` and fails ``int()``: in a check-in page's or the API's round, an entry id, the
CSV rating column, the byes field and a TRF file's numbers it was a 500. Each is now a 400 (API)
or a message (pages) naming what is wrong, and nothing changes."""

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils.html import escape

from tests.factories import UserFactory, may_create_events
from tests.tournament.helpers import api_as, event_with_players
from tournament.checkin.models import CheckIn
from tournament.models.events import Entry, Event, Player
from tournament.pairing.trf import TrfEvent, TrfPlayer, write_trf

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

SQUARED = "²"


@pytest.fixture
def answers_500(client: Client) -> Client:
    client.raise_request_exception = False
    return client


def counts() -> tuple[int, int, int, int]:
    return (
        Event.objects.count(),
        Entry.objects.count(),
        Player.objects.count(),
        CheckIn.objects.count(),
    )


def test_the_check_in_pages_refuse_a_superscript_round(answers_500: Client) -> None:
    event, td = event_with_players(4, check_in_required=True)
    answers_500.force_login(td)
    manage = answers_500.get(f"/events/{event.slug}/check-in/manage/?round={SQUARED}")
    assert manage.status_code == 200
    assert f"There is no round {SQUARED}: {event.name} has 7 rounds." in manage.content.decode()
    windows = answers_500.get(f"/events/{event.slug}/check-in/windows/?round={SQUARED}")
    assert windows.status_code == 200
    assert 'value="1" selected' in windows.content.decode()  # the next round instead


def test_the_check_in_page_refuses_a_superscript_entry(answers_500: Client) -> None:
    event, td = event_with_players(4, check_in_required=True)
    answers_500.force_login(td)
    before = counts()
    response = answers_500.post(
        f"/events/{event.slug}/check-in/manage/",
        {"action": "in", "entry": SQUARED, "round": SQUARED},
        follow=True,
    )
    assert response.status_code == 200
    assert f"&#x27;{SQUARED}&#x27; is not an entry of this event." in response.content.decode()
    assert counts() == before


def test_the_check_in_api_refuses_a_superscript_round(answers_500: Client) -> None:
    event, td = event_with_players(4, check_in_required=True)
    api = api_as(td)
    api.raise_request_exception = False
    response = api.get(f"/api/events/{event.slug}/check-ins/?round={SQUARED}")
    assert response.status_code == 400
    assert response.json()["field"] == "round"
    assert f"There is no round '{SQUARED}'" in response.json()["detail"]


def test_a_superscript_rating_in_the_csv_names_its_line_and_imports_nothing(
    answers_500: Client,
) -> None:
    event, td = event_with_players(0)
    text = f"name,rating\nAnn,1800\nBob,{SQUARED}\n"
    api = api_as(td)
    api.raise_request_exception = False
    response = api.post(f"/api/events/{event.slug}/entries/import/", {"text": text}, format="json")
    assert response.status_code == 400, response.content[:300]
    assert response.json()["errors"] == [
        f"line 3: Rating '{SQUARED}' must be a whole number from 0 to 4000."
    ]
    answers_500.force_login(td)
    page = answers_500.post(
        f"/events/{event.slug}/entries/import/",
        {"file": SimpleUploadedFile("p.csv", text.encode()), "missed_rounds": "zero"},
    )
    assert page.status_code == 200, page.content[:300]
    assert f"Rating &#x27;{SQUARED}&#x27; must be a whole number" in page.content.decode()
    assert event.entries.count() == 0 and Player.objects.count() == 0


@pytest.mark.parametrize("typed", [SQUARED, f"3, {SQUARED}", f"{SQUARED}=1", "٣"])
def test_the_byes_field_refuses_other_digits(answers_500: Client, typed: str) -> None:
    event, td = event_with_players(4)
    entry = event.entries.get(starting_rank=1)
    answers_500.force_login(td)
    response = answers_500.post(
        f"/events/{event.slug}/entries/{entry.pk}/byes/", {"requested_byes": typed}, follow=True
    )
    assert response.status_code == 200, response.content[:300]
    assert "Nothing changed." in response.content.decode()
    entry.refresh_from_db()
    assert entry.requested_byes == []


def odd_trf(columns: slice, value: str, extra: str = "") -> str:
    """Two players; player 2's line with ``value`` in ``columns``, and an ``extra`` line."""
    players = [TrfPlayer(start_rank=n, name=f"Player {n}", games=()) for n in (1, 2)]
    text = write_trf(TrfEvent(players=players, total_rounds=3, records=[("012", "Odd Open")]))
    lines = text.splitlines() + ([extra] if extra else [])
    at = next(i for i, line in enumerate(lines) if line.startswith("001    2"))
    line = lines[at].ljust(89)
    lines[at] = (
        line[: columns.start] + value.rjust(columns.stop - columns.start) + line[columns.stop :]
    )
    return "\n".join(lines) + "\n"


RANK, RATING, POINTS = slice(4, 8), slice(48, 52), slice(80, 84)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (odd_trf(RANK, SQUARED), f"Line 4, column 5: starting rank '{SQUARED}' is not a number"),
        (odd_trf(RATING, "٣٣"), "Line 4, column 49: rating '٣٣' is not a number"),
        (odd_trf(POINTS, "nan"), "Line 4, column 81: points 'nan' are not a number"),
        (odd_trf(RANK, "2", "BBW 1e400"), "BBW needs a number of points"),
    ],
)
def test_a_trf_file_with_a_number_in_another_form_is_refused_whole(
    answers_500: Client, text: str, message: str
) -> None:
    _event, td = event_with_players(0)
    may_create_events(td)
    before = counts()
    api = api_as(td)
    api.raise_request_exception = False
    response = api.post("/api/events/import-trf/", {"text": text}, format="json")
    assert response.status_code == 400, response.content[:300]
    assert response.json()["field"] == "file"
    assert message in response.json()["detail"]
    answers_500.force_login(td)
    page = answers_500.post(
        "/events/import-trf/", {"file": SimpleUploadedFile("odd.trf", text.encode())}
    )
    assert page.status_code == 200, page.content[:300]
    assert escape(message) in page.content.decode()
    assert counts() == before


@pytest.mark.parametrize("body", ["null", "5", "true", '"result"'])
def test_a_board_patch_whose_body_is_not_an_object_is_a_400(body: str) -> None:
    from tests.factories import BoardFactory, RoundFactory

    event, td = event_with_players(2)
    first, second = event.entries.order_by("starting_rank")
    board = BoardFactory(round=RoundFactory(event=event, number=1), sides=[first, second])
    api = api_as(td)
    api.raise_request_exception = False
    response = api.patch(
        f"/api/events/{event.slug}/boards/{board.pk}/", body, content_type="application/json"
    )
    assert response.status_code == 400, response.content[:300]
    assert "must be a JSON object" in response.json()["detail"]
    board.refresh_from_db()
    assert board.result == ""


def test_deep_ruleset_options_in_a_multipart_event_update_is_a_400() -> None:
    event, td = event_with_players(0)
    api = api_as(td)
    api.raise_request_exception = False
    deep = "[" * 1500 + "]" * 1500
    response = api.patch(
        f"/api/events/{event.slug}/",
        {"ruleset_options": deep},
        format="multipart",
    )
    assert response.status_code == 400, response.content[:300]
    assert response.json()["ruleset_options"] == ["The JSON is nested more than 32 levels deep."]
    event.refresh_from_db()
    assert event.ruleset_options == {}


def test_any_json_body_that_is_not_an_object_names_what_it_got(answers_500: Any) -> None:
    event, td = event_with_players(0)
    api = api_as(td)
    response = api.post(
        f"/api/events/{event.slug}/roles/", "[1, 2]", content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "The request body must be a JSON object, not a list."


def test_who_may_not_write_is_refused_before_the_body_is_read() -> None:
    event, _td = event_with_players(2)
    stranger = api_as(UserFactory())
    pair = stranger.post(
        f"/api/events/{event.slug}/restrictions/", {"first": SQUARED}, format="json"
    )
    assert pair.status_code == 403
    assert pair.json()["code"] == "not_director"
    trf = stranger.post("/api/events/import-trf/", {"name": "x" * 300}, format="json")
    assert trf.status_code == 403
    assert trf.json()["code"] == "cannot_create_events"
    assert counts() == (1, 2, 2, 0)
