"""Festivals (issue 14, item 1): the public page, the Pentamind placings export and its API,
and the directors' create and edit pages."""

import csv
import datetime
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    director_of,
)
from tournament.checkin.models import CheckInWindow
from tournament.errors import DomainError, NotAllowed
from tournament.events.forms import EventForm
from tournament.events.services import update_event
from tournament.festivals import services as festival_services
from tournament.festivals.models import FestivalRole
from tournament.models.events import Entry, Event, Festival, Player
from tournament.results.services import set_board_result

pytestmark = pytest.mark.django_db


def _entries(event: Event, players: list[Player]) -> list[Entry]:
    return [
        EntryFactory(event=event, player=player, starting_rank=rank)
        for rank, player in enumerate(players, start=1)
    ]


class TwoEvents:
    """A festival of two events sharing Alice and Bob.

    Open (20-21 Aug): Alice beat Bob 10-8, Carol beat Dave 10-8, Eve entered but played no
    game. Alice and Carol are equal on everything (places 1-2), so are Bob and Dave (3-4);
    Eve is no part of the field (4 players).
    Blitz (22 Aug, check-in for round 1 at 10:00 London time): Bob beat Alice 12-6, Frank beat
    Gina 9-8: Bob 1, Frank 2, Gina 3, Alice 4.
    """

    def __init__(self) -> None:
        self.festival = Festival.objects.create(
            name="MSO 2026",
            slug="mso-2026",
            starts=datetime.date(2026, 8, 20),
            ends=datetime.date(2026, 8, 28),
            venue="JW3, London",
            time_zone="Europe/London",
        )
        names = ["Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Gina"]
        self.players = {name: PlayerFactory(name=name) for name in names}
        p = self.players
        self.open = EventFactory(
            name="Ingenious Open",
            festival=self.festival,
            start_date=datetime.date(2026, 8, 20),
            end_date=datetime.date(2026, 8, 21),
        )
        a, b, c, d, _e = _entries(
            self.open, [p["Alice"], p["Bob"], p["Carol"], p["Dave"], p["Eve"]]
        )
        rnd = RoundFactory(event=self.open, number=1)
        self.open_board = BoardFactory(
            round=rnd, number=1, sides=[a, b], result="1-0", lowest=(10, 8)
        )
        BoardFactory(round=rnd, number=2, sides=[c, d], result="1-0", lowest=(10, 8))
        self.blitz = EventFactory(
            name="Ingenious Blitz",
            festival=self.festival,
            start_date=datetime.date(2026, 8, 22),
            end_date=datetime.date(2026, 8, 22),
        )
        a2, b2, f, g = _entries(self.blitz, [p["Alice"], p["Bob"], p["Frank"], p["Gina"]])
        rnd = RoundFactory(event=self.blitz, number=1)
        BoardFactory(round=rnd, number=1, sides=[b2, a2], result="1-0", lowest=(12, 6))
        BoardFactory(round=rnd, number=2, sides=[f, g], result="1-0", lowest=(9, 8))
        CheckInWindow.objects.create(
            event=self.blitz,
            round_number=1,
            opens_at=datetime.datetime(2026, 8, 22, 9, 0, tzinfo=datetime.UTC),
            closes_at=datetime.datetime(2026, 8, 22, 9, 15, tzinfo=datetime.UTC),
        )
        # Not in the festival: never on its page nor in its export.
        EventFactory(name="Stand-alone Open")


@pytest.fixture
def two_events() -> TwoEvents:
    return TwoEvents()


@pytest.fixture
def eager_tasks() -> Iterator[None]:
    """Tasks a result enqueues run in-process, also on a run with Redis (as the standings
    tests do), so none is left queued for a later test's worker."""
    from tournament.celery import app

    eager, propagates = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = eager, propagates


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
    assert "Thursday 20 August 2026" in page and "Friday 21 August 2026" in page
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
    eager_tasks: None,
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


# --- create and edit --------------------------------------------------------------------------

GOOD = {
    "name": "MSO 2027",
    "venue": "JW3, London",
    "starts": "2027-08-19",
    "ends": "2027-08-27",
    "time_zone": "Europe/London",
}


def _logged_in(client: Client, user: Any) -> Client:
    client.force_login(user)
    return client


def test_anonymous_is_sent_to_log_in_and_a_plain_user_is_refused(client: Client) -> None:
    response = client.get(reverse("festival-create"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    _logged_in(client, UserFactory(username="visitor"))
    assert client.get(reverse("festival-create")).status_code == 403
    assert client.post(reverse("festival-create"), GOOD).status_code == 403
    assert not Festival.objects.exists()


def test_a_director_creates_then_edits_a_festival(client: Client) -> None:
    td = director_of(EventFactory(), "td")
    _logged_in(client, td)
    response = client.post(reverse("festival-create"), GOOD)
    festival = Festival.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("festival-detail", args=[festival.slug])
    assert (festival.slug, festival.ends) == ("mso-2027", datetime.date(2027, 8, 27))
    edit = reverse("festival-edit", args=[festival.slug])
    assert 'value="MSO 2027"' in client.get(edit).content.decode()
    response = client.post(edit, {**GOOD, "name": "MSO 2027 London", "time_zone": "Europe/Paris"})
    assert response.status_code == 302
    festival.refresh_from_db()
    assert (festival.name, festival.time_zone) == ("MSO 2027 London", "Europe/Paris")
    assert festival.slug == "mso-2027"  # the address stays


def test_a_user_granted_add_festival_may_create(client: Client) -> None:
    user = UserFactory(username="organiser")
    user.user_permissions.add(Permission.objects.get(codename="add_festival"))
    _logged_in(client, user)
    assert client.post(reverse("festival-create"), GOOD).status_code == 302
    assert Festival.objects.filter(name="MSO 2027").exists()


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"ends": "2027-08-01"}, "ends", "cannot end before it starts"),
        ({"time_zone": "Mars/Olympus"}, "time_zone", "is not a time zone"),
        ({"name": "mso 2026"}, "name", "already a festival called"),
        ({"starts": "not a date"}, "starts", "Enter a valid date"),
        ({"name": "   "}, "name", "This field is required"),
    ],
)
def test_bad_input_is_refused_with_a_message_at_its_field(
    client: Client, two_events: TwoEvents, change: dict[str, str], field: str, message: str
) -> None:
    td = director_of(two_events.open, "td")
    _logged_in(client, td)
    response = client.post(reverse("festival-create"), {**GOOD, **change})
    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors[field])
    assert Festival.objects.count() == 1


def test_only_the_festivals_own_directors_edit_it(
    client: Client, two_events: TwoEvents, django_capture_on_commit_callbacks: Any
) -> None:
    spectator = Client()
    assert "MSO 2026" in spectator.get(two_events.open.get_absolute_url()).content.decode()
    edit = reverse("festival-edit", args=["mso-2026"])
    other = director_of(EventFactory(), "other-td")
    member = director_of(two_events.blitz, "blitz-td")  # directs an event of the festival
    for user in (other, member):
        _logged_in(client, user)
        assert client.get(edit).status_code == 403
        assert client.post(edit, {**GOOD, "name": "Hijacked"}).status_code == 403
        client.logout()
    assert Festival.objects.get(pk=two_events.festival.pk).name == "MSO 2026"
    own = UserFactory(username="festival-td")
    FestivalRole.objects.create(festival=two_events.festival, user=own)
    _logged_in(client, own)
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(edit, {**GOOD, "name": "MSO 2026 (London)"}).status_code == 302
    two_events.festival.refresh_from_db()
    assert two_events.festival.name == "MSO 2026 (London)"
    # The event page names the festival anew for everyone (its cached copy has a new version).
    page = spectator.get(two_events.open.get_absolute_url()).content.decode()
    assert "MSO 2026 (London)" in page


def test_service_validates_dates_and_permissions() -> None:
    td = director_of(EventFactory(), "td")
    with pytest.raises(DomainError) as bad:
        festival_services.create_festival(user=td, data={**GOOD, "starts": "20/08/2027"})
    assert bad.value.field == "starts"
    with pytest.raises(DomainError) as unknown:
        festival_services.create_festival(user=td, data={**GOOD, "colour": "red"})
    assert "colour" in unknown.value.message
    with pytest.raises(NotAllowed):
        festival_services.create_festival(user=UserFactory(username="nobody"), data=GOOD)
    made = festival_services.create_festival(user=td, data={**GOOD, "name": "New"})
    assert made.slug == "new-2"  # /festivals/new/ is the create page
    assert not Festival.objects.filter(slug="new").exists()


# --- the event form's Festival choice --------------------------------------------------------


def _event_post(event: Event, **change: object) -> dict[str, object]:
    data = {k: v for k, v in EventForm.initial_of(event).items() if v not in (None, False)}
    return {**data, **change}


def test_event_form_puts_the_event_in_a_festival_and_takes_it_out(
    client: Client, two_events: TwoEvents
) -> None:
    alone = Event.objects.get(name="Stand-alone Open")
    td = director_of(alone, "td")
    FestivalRole.objects.create(festival=two_events.festival, user=td)  # joins at once
    _logged_in(client, td)
    edit = reverse("event-edit", args=[alone.slug])
    form = client.get(edit).content.decode()
    assert 'name="festival"' in form and ">MSO 2026</option>" in form
    response = client.post(edit, _event_post(alone, festival=two_events.festival.pk))
    assert response.status_code == 302, response.content.decode()[:2000]
    alone.refresh_from_db()
    assert alone.festival == two_events.festival
    festival_page = client.get(reverse("festival-detail", args=["mso-2026"])).content.decode()
    assert "Stand-alone Open" in festival_page
    assert client.post(edit, _event_post(alone, festival="")).status_code == 302
    alone.refresh_from_db()
    assert alone.festival is None


def test_event_service_refuses_an_unknown_festival(two_events: TwoEvents) -> None:
    td = director_of(two_events.open, "td")
    with pytest.raises(DomainError) as error:
        update_event(event=two_events.open, user=td, data={"festival": 999999})
    assert error.value.field == "festival"
    assert Event.objects.get(pk=two_events.open.pk).festival == two_events.festival
