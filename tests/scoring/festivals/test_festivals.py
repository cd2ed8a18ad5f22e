"""Festivals (issue 14, item 1): the public page, the Pentamind placings export and its API.
The directors' create and edit pages: tests/tournament/festivals/test_festival_editing.py."""

import csv
import io
import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import director_of
from tests.tournament.festivals.builders import TwoEvents
from tournament.models.events import Entry, Event
from tournament.results.services import set_board_result

pytestmark = pytest.mark.django_db


def _csv_rows(content: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(content.decode())))


def _key(rows: list[dict[str, Any]], player: str, event: str) -> dict[str, Any]:
    found = [r for r in rows if r["player"] == player and r["event"] == event]
    assert len(found) == 1, (player, event, rows)
    return found[0]


# --- the public page --------------------------------------------------------------------------


def test_festival_page_shows_events_schedule_and_each_players_results(
    client: Client, two_events: TwoEvents
) -> None:
    response = client.get(reverse("festival-detail", args=["mso-2026"]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>MSO 2026</h1>" in page
    assert "Ingenious Open" in page and "Ingenious Blitz" in page
    assert "Stand-alone Open" not in page
    # The schedule: the Open on both its days, the Blitz's check-in in London time (BST).
    assert "Thursday, 20 Aug 2026" in page and "Friday, 21 Aug 2026" in page
    assert "Round 1: check-in 10:00–10:15" in page
    # Results: one line per registry player, whatever the number of their events.
    assert page.count('<th scope="row" class="player">Alice</th>') == 1
    assert page.count('<th scope="row" class="player">Eve</th>') == 0  # played no game
    assert f'<a href="{_player_url(two_events.open, "Alice")}">1-2</a>' in page


def _player_url(event: Event, name: str) -> str:
    entry = Entry.objects.get(event=event, player__name=name)
    return reverse("player-detail", args=[event.slug, entry.pk])


def test_festival_page_follows_a_corrected_result(
    client: Client,
    two_events: TwoEvents,
    django_capture_on_commit_callbacks: Any,
    tasks_in_process: None,
) -> None:
    url = reverse("festival-detail", args=["mso-2026"])
    bob_open = _player_url(two_events.open, "Bob")
    assert f'<a href="{bob_open}">3-4</a>' in client.get(url).content.decode()
    td = director_of(two_events.open)
    with django_capture_on_commit_callbacks(execute=True):
        set_board_result(
            board=two_events.open_board,
            result="0-1",
            first_lowest=8,
            second_lowest=10,
            user=td,
            reason="Wrong slip",
            replaces=two_events.open_board.result_version,
        )
    # Bob beat Alice 10-8: Bob and Carol share 1-2.
    assert f'<a href="{bob_open}">1-2</a>' in client.get(url).content.decode()
    rows = _csv_rows(client.get(reverse("festival-pentamind-csv", args=["mso-2026"])).content)
    assert _key(_lower(rows), "Bob", "Ingenious Open")["place"] == "1-2"


def test_festival_list_and_home_page_list_festivals(client: Client, two_events: TwoEvents) -> None:
    listing = client.get(reverse("festival-list")).content.decode()
    detail = reverse("festival-detail", args=["mso-2026"])
    assert f'<a href="{detail}">MSO 2026</a>' in listing
    home = client.get(reverse("home")).content.decode()
    assert f'<a href="{detail}">MSO 2026</a>' in home
    # Above the events.
    assert home.index("MSO 2026") < home.index("Ingenious Open")


def test_event_page_links_its_festival(client: Client, two_events: TwoEvents) -> None:
    page = client.get(two_events.open.get_absolute_url()).content.decode()
    assert f'<a href="{reverse("festival-detail", args=["mso-2026"])}">MSO 2026</a>' in page
    alone = Event.objects.get(name="Stand-alone Open")
    assert "festival-link" not in client.get(alone.get_absolute_url()).content.decode()


def test_unknown_festival_is_a_404(client: Client) -> None:
    assert client.get("/festivals/no-such-festival/").status_code == 404
    assert client.get("/festivals/no-such-festival/pentamind.csv").status_code == 404


# --- the Pentamind export ---------------------------------------------------------------------


def _lower(rows: list[dict[str, str]]) -> list[dict[str, str]]:
    """CSV rows keyed as the JSON is (Player -> player)."""
    return [{k.lower().replace(" ", "_"): v for k, v in row.items()} for row in rows]


def test_pentamind_csv_has_a_row_per_player_per_event_with_tie_spans(
    client: Client, two_events: TwoEvents
) -> None:
    response = client.get(reverse("festival-pentamind-csv", args=["mso-2026"]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert 'filename="mso-2026-pentamind.csv"' in response["Content-Disposition"]
    header = response.content.decode().splitlines()[0]
    assert header == (
        "Player id,Player,Event,Event slug,Event status,Place,Place from,Place to,Field size,"
        "Score,Pentamind points,Partner id,Partner"
    )
    rows = _lower(_csv_rows(response.content))
    assert len(rows) == 8  # 4 + 4: Eve played no game
    assert {r["player"] for r in rows} == {"Alice", "Bob", "Carol", "Dave", "Frank", "Gina"}
    alice = _key(rows, "Alice", "Ingenious Open")
    assert alice["player_id"] == str(two_events.players["Alice"].pk)
    assert (alice["place"], alice["place_from"], alice["place_to"]) == ("1-2", "1", "2")
    assert (alice["field_size"], alice["score"]) == ("4", "1")
    # 100 x (4+5)/(4+6) x (4-1.5)/(4-1) = 90 x 2.5/3 = 75
    assert (alice["pentamind_points"], alice["partner_id"], alice["partner"]) == ("75.00", "", "")
    bob = _key(rows, "Bob", "Ingenious Open")
    assert (bob["place"], bob["field_size"], bob["score"]) == ("3-4", "4", "0")
    assert _key(rows, "Alice", "Ingenious Blitz")["place"] == "4"
    assert _key(rows, "Bob", "Ingenious Blitz")["place"] == "1"
    # A player's rows together, in the festival's order of events.
    assert [r["event"] for r in rows if r["player"] == "Alice"] == [
        "Ingenious Open",
        "Ingenious Blitz",
    ]


def test_pentamind_json_and_api_agree_with_the_csv(client: Client, two_events: TwoEvents) -> None:
    response = client.get(reverse("festival-pentamind-json", args=["mso-2026"]))
    assert response.status_code == 200
    data = json.loads(response.content)
    assert data["festival"]["slug"] == "mso-2026"
    assert "at least one game" in data["rule"]
    carol = _key(data["placings"], "Carol", "Ingenious Open")
    assert carol["place"] == "1-2" and carol["shared"] is True and carol["field_size"] == 4
    assert carol["final"] is False  # the event is not finished: places may still change
    api = client.get(reverse("api-festival-pentamind", args=["mso-2026"]))
    assert api.status_code == 200
    assert api.json()["placings"] == data["placings"]


def test_field_size_counts_only_entries_that_played(client: Client, two_events: TwoEvents) -> None:
    """Eve (no game) is in no field: the Open's own placings and the festival's agree on 4."""
    own = json.loads(client.get(f"/events/{two_events.open.slug}/export/placings.json").content)
    assert own["field_size"] == 4
    assert "Eve" not in {row["name"] for row in own["placings"]}
    data = client.get(reverse("api-festival-pentamind", args=["mso-2026"])).json()
    open_rows = [r for r in data["placings"] if r["event_slug"] == two_events.open.slug]
    assert {r["field_size"] for r in open_rows} == {4}
    assert max(r["place_to"] for r in open_rows) == 4


# --- the API ----------------------------------------------------------------------------------


def test_api_lists_festivals_and_gives_events_and_schedule(
    client: Client, two_events: TwoEvents
) -> None:
    listing = client.get("/api/festivals/").json()
    assert [f["slug"] for f in listing] == ["mso-2026"]
    assert listing[0]["events"] == 2
    assert listing[0]["url"].endswith("/api/festivals/mso-2026/")
    detail = client.get(listing[0]["url"]).json()
    assert detail["time_zone"] == "Europe/London"
    assert [e["slug"] for e in detail["events"]] == [two_events.open.slug, two_events.blitz.slug]
    assert detail["events"][0]["entries"] == 5
    days = {d["day"]: d for d in detail["schedule"]}
    assert set(days) == {"2026-08-20", "2026-08-21", "2026-08-22"}
    assert days["2026-08-22"]["rounds"] == [
        {
            "event": two_events.blitz.slug,
            "round": 1,
            "check_in_opens": "2026-08-22T10:00:00+01:00",
            "check_in_closes": "2026-08-22T10:15:00+01:00",
        }
    ]


def test_api_unknown_festival_is_a_json_404(client: Client) -> None:
    for url in ("/api/festivals/nope/", "/api/festivals/nope/pentamind/"):
        response = client.get(url)
        assert response.status_code == 404
        assert "detail" in response.json()
