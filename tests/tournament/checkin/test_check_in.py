"""Check-in before each round (issue 14, item 4): windows, players checking in and out, the
director by hand, the event log, the pairing leaving out who did not check in, the director's
live count, the API, and two check-ins at once."""

import datetime
import zoneinfo
from typing import Any

import pytest
import time_machine
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse

from scoring.core.results import ABSENT
from scoring.standings.build import build_standings
from tests.factories import PlayerFactory, UserFactory
from tests.tournament.helpers import api_as, event_with_players
from tests.tournament.races import Call, together
from tournament.checkin import selectors as checkin_selectors
from tournament.checkin import services as checkin
from tournament.checkin.models import CheckIn, CheckInWindow
from tournament.entries.byes import set_requested_byes
from tournament.entries.services import add_entry, withdraw_entry
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.events.models import EventLogEntry
from tournament.models.events import Board, Entry, Event, Festival, Result, Round
from tournament.results.services import set_board_result
from tournament.rounds.selectors import pair_of
from tournament.rounds.services import compute_draft, publish_round, start_pairing, swap_players

pytestmark = pytest.mark.usefixtures("tasks_in_process")

LONDON = zoneinfo.ZoneInfo("Europe/London")
OPENS = datetime.datetime(2030, 8, 20, 9, 0, tzinfo=LONDON)
CLOSES = datetime.datetime(2030, 8, 20, 9, 45, tzinfo=LONDON)


def own(entry: Entry, username: str) -> Any:
    """The entry's player claimed by a new account, which is returned."""
    user = UserFactory(username=username)
    entry.player.user = user
    entry.player.save(update_fields=["user"])
    return user


def setup(n: int = 4, **fields: Any) -> tuple[Event, Any, list[Entry], Any]:
    """An event requiring check-in with ``n`` entries; the first entry's player has an account."""
    fields.setdefault("check_in_required", True)
    fields.setdefault("system", "swiss")
    event, td = event_with_players(n, rounds=5, **fields)
    entries = list(event.entries.select_related("player").order_by("starting_rank"))
    return event, td, entries, own(entries[0], "ann")


def pair(event: Event, td: Any) -> Round:
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT
    return round_


def log_lines(event: Event) -> list[str]:
    return list(
        EventLogEntry.objects.filter(event=event, kind="check-in")
        .order_by("id")
        .values_list("description", flat=True)
    )


# --- players checking in and out ---------------------------------------------------------


@pytest.mark.django_db
def test_a_player_checks_in_and_out_on_the_page_and_each_is_logged(client: Client) -> None:
    event, _td, entries, ann = setup()
    url = reverse("event-check-in", args=[event.slug])
    client.force_login(ann)

    page = client.get(url).content.decode()
    assert "Round 1" in page and "Not checked in" in page and 'value="in"' in page

    page = client.post(url, {"action": "in"}, follow=True).content.decode()
    assert "You are checked in for round 1." in page and 'value="out"' in page
    row = CheckIn.objects.get(entry=entries[0], round_number=1)
    assert row.user == ann and not row.by_director

    page = client.post(url, {"action": "out"}, follow=True).content.decode()
    assert "You are checked out" in page
    assert not CheckIn.objects.exists()
    name = entries[0].player.name
    assert log_lines(event) == [
        f"{name} checked in for round 1 by the player.",
        f"{name} checked out of round 1 by the player.",
    ]
    assert set(EventLogEntry.objects.filter(kind="check-in").values_list("user", flat=True)) == {
        ann.pk
    }


@pytest.mark.django_db
def test_the_page_sends_a_stranger_to_log_in_and_tells_others_why_they_cannot(
    client: Client,
) -> None:
    event, _td, _entries, _ann = setup()
    url = reverse("event-check-in", args=[event.slug])
    answer = client.get(url)
    assert answer.status_code == 302 and reverse("login") in answer["Location"]
    assert client.post(url, {"action": "in"}).status_code == 302
    assert not CheckIn.objects.exists()

    client.force_login(UserFactory(username="nobody"))  # no claimed player
    assert "Claim your player" in client.get(url).content.decode()
    page = client.post(url, {"action": "in"}, follow=True).content.decode()
    assert f"You have no entry in {event.name}." in page
    page = client.post(url, {"action": "dance"}, follow=True).content.decode()
    assert "Choose to check in or to check out." in page
    assert not CheckIn.objects.exists()


@pytest.mark.django_db
def test_nobody_checks_in_someone_elses_entry() -> None:
    event, td, entries, ann = setup()
    with pytest.raises(NotAllowed) as refused:
        checkin.check_in(entry=entries[1], user=ann)
    assert (
        refused.value.message == f"Only {entries[1].player.name} may do this for their own entry."
    )
    with pytest.raises(NotAllowed):  # a director acts by hand, not as the player
        checkin.check_in(entry=entries[1], user=td)
    with pytest.raises(NotAllowed):  # and a player is no director
        checkin.check_in(entry=entries[1], user=ann, by_hand=True)
    assert not CheckIn.objects.exists() and log_lines(event) == []


@pytest.mark.django_db
def test_an_explicit_window_opens_and_closes_check_in() -> None:
    event, td, entries, ann = setup()
    checkin.set_window(event=event, user=td, round_number=1, opens_at=OPENS, closes_at=CLOSES)
    before = time_machine.travel(OPENS - datetime.timedelta(minutes=1), tick=False)
    with before, pytest.raises(DomainError) as early:
        checkin.check_in(entry=entries[0], user=ann)
    assert early.value.message == (
        "Check-in for round 1 opens at 20 Aug 2030 09:00 (Europe/London)."
    )
    assert early.value.field == "round" and early.value.code == "check_in_closed"
    with time_machine.travel(OPENS, tick=False):
        row, created = checkin.check_in(entry=entries[0], user=ann)
    assert created and row.round_number == 1
    with time_machine.travel(CLOSES, tick=False):
        with pytest.raises(DomainError) as late:
            checkin.check_out(entry=entries[0], user=ann)
        # The director may still check in by hand until the round is paired.
        checkin.check_in(entry=entries[1], user=td, by_hand=True)
    assert late.value.message == (
        "Check-in for round 1 closed at 20 Aug 2030 09:45 (Europe/London): ask a director."
    )
    assert set(CheckIn.objects.values_list("entry", flat=True)) == {entries[0].pk, entries[1].pk}


@pytest.mark.django_db
def test_the_default_window_opens_with_the_previous_rounds_publication() -> None:
    event, td, entries, ann = setup()
    for entry in entries:
        checkin.check_in(entry=entry, user=td, by_hand=True)
    round_ = pair(event, td)
    with pytest.raises(Conflict) as paired:
        checkin.check_in(entry=entries[0], user=ann, round_number=1)
    assert paired.value.message == "Round 1 is already paired: check-in for it is over."
    with pytest.raises(DomainError) as not_yet:
        checkin.check_in(entry=entries[0], user=ann)  # round 2, round 1 still a draft
    assert not_yet.value.message == "Check-in for round 2 opens when round 1 is published."
    with pytest.raises(Conflict):  # nor by hand once the round is paired
        checkin.check_out(entry=entries[0], user=td, round_number=1, by_hand=True)

    publish_round(round_=round_, user=td)
    row, created = checkin.check_in(entry=entries[0], user=ann)
    assert created and row.round_number == 2
    assert checkin_selectors.window_of(event, 2).state() == "open"


@pytest.mark.django_db
def test_bad_rounds_byes_and_withdrawals_are_refused_with_a_clear_message() -> None:
    event, td, entries, ann = setup()
    cases = [
        (lambda: checkin.check_in(entry=entries[0], user=ann, round_number=9), "no round 9"),
        (lambda: checkin.check_in(entry=entries[0], user=ann, round_number="x"), "'x' is not"),
        (lambda: checkin.check_out(entry=entries[0], user=ann), "is not checked in"),
    ]
    set_requested_byes(entry=entries[1], user=td, rounds=[1])
    cases.append(
        (lambda: checkin.check_in(entry=entries[1], user=td, by_hand=True), "no check-in is")
    )
    withdraw_entry(entry=entries[2], user=td)
    cases.append((lambda: checkin.check_in(entry=entries[2], user=td, by_hand=True), "withdrawn"))
    for act, words in cases:
        with pytest.raises(DomainError) as refused:
            act()
        assert words in refused.value.message
    assert not CheckIn.objects.exists() and log_lines(event) == []


@pytest.mark.django_db
def test_an_event_without_check_in_refuses_it_and_pairs_everybody() -> None:
    event, td, entries, ann = setup(10, check_in_required=False)
    with pytest.raises(DomainError) as refused:
        checkin.check_in(entry=entries[0], user=ann)
    assert refused.value.message == f"{event.name} does not ask players to check in."
    round_ = pair(event, td)
    assert round_.boards.filter(seats__number=1).count() == 5
    assert not round_.boards.filter(result=Result.ABSENT).exists()


# --- the director ------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_director_checks_players_in_and_out_by_hand_on_the_list(client: Client) -> None:
    event, td, entries, _ann = setup()
    url = reverse("event-check-in-manage", args=[event.slug])
    client.force_login(td)
    page = client.post(url, {"entry": entries[1].pk, "action": "in"}, follow=True)
    text = page.content.decode()
    assert f"{entries[1].player.name} is checked in for round 1." in text
    assert "Checked in: 1 of 4" in text and "by hand" in text and "(td)" in text
    row = CheckIn.objects.get()
    assert row.by_director and row.user == td and row.entry == entries[1]

    text = client.post(url, {"entry": entries[1].pk, "action": "out", "round": "1"}, follow=True)
    assert "Checked in: 0 of 4" in text.content.decode()
    text = client.post(url, {"entry": "999999", "action": "in"}, follow=True).content.decode()
    assert "&#x27;999999&#x27; is not an entry of this event." in text
    assert not CheckIn.objects.exists()
    name = entries[1].player.name
    assert log_lines(event) == [
        f"{name} checked in for round 1 by hand (a director).",
        f"{name} checked out of round 1 by hand (a director).",
    ]

    client.force_login(UserFactory(username="stranger"))
    assert client.get(url).status_code == 403
    assert client.post(url, {"entry": entries[1].pk, "action": "in"}).status_code == 403
    assert not CheckIn.objects.exists()


@pytest.mark.django_db
def test_the_director_sets_windows_in_the_festivals_time_zone(client: Client) -> None:
    festival = Festival.objects.create(
        name="New York Open",
        starts=datetime.date(2030, 8, 20),
        ends=datetime.date(2030, 8, 21),
        time_zone="America/New_York",
    )
    event, td, _entries, _ann = setup(festival=festival)
    url = reverse("event-check-in-windows", args=[event.slug])
    client.force_login(td)
    page = client.get(url).content.decode()
    assert "Times are in America/New_York." in page
    assert "open now, until the round is paired (the default)" in page
    assert "from the publication of round 1 until the round is paired (the default)" in page

    bad = {"round_number": "2", "opens_at": "2030-08-20T09:00", "closes_at": "2030-08-20T08:00"}
    page = client.post(url, bad).content.decode()
    assert "Check-in must close after it opens (20 Aug 2030 09:00 (America/New_York))." in page
    assert 'id="id_closes_at_error"' in page and not CheckInWindow.objects.exists()
    page = client.post(url, {**bad, "round_number": "9"}).content.decode()
    assert "Select a valid choice. 9 is not one of the available choices." in page

    good = {**bad, "closes_at": "2030-08-20T09:30"}
    page = client.post(url, good, follow=True).content.decode()
    assert "The check-in window of round 2 is set." in page
    window = CheckInWindow.objects.get(event=event, round_number=2)
    assert window.opens_at == datetime.datetime(2030, 8, 20, 13, 0, tzinfo=datetime.UTC)
    assert "from 20 Aug 2030 09:00 to 20 Aug 2030 09:30" in page
    assert "Check-in window of round 2: 2030-08-20 09:00 (America/New_York)" in log_lines(event)[0]

    page = client.post(url, {"action": "clear", "round_number": "2"}, follow=True)
    assert "the default applies" in page.content.decode()
    assert not CheckInWindow.objects.exists()


@pytest.mark.django_db
def test_a_window_for_a_paired_round_or_without_times_is_refused() -> None:
    event, td, entries, _ann = setup()
    for entry in entries:
        checkin.check_in(entry=entry, user=td, by_hand=True)
    pair(event, td)
    with pytest.raises(Conflict) as paired:
        checkin.set_window(event=event, user=td, round_number=1, opens_at=OPENS, closes_at=CLOSES)
    assert paired.value.field == "round_number"
    with pytest.raises(DomainError) as missing:
        checkin.set_window(event=event, user=td, round_number=2, opens_at=OPENS, closes_at=None)
    assert missing.value.field == "closes_at" and "when check-in closes" in missing.value.message


@pytest.mark.django_db
def test_the_event_form_turns_check_in_on(client: Client) -> None:
    event, td = event_with_players(2)
    client.force_login(td)
    url = reverse("event-edit", args=[event.slug])
    assert "Players must check in before each round" in client.get(url).content.decode()
    data = {
        "name": event.name,
        "ruleset": "mso",
        "pairing_system": "auto",
        "rounds": 5,
        "clock_minutes": 10,
        "bye_value": "1.0",
        "tiebreak_preset": "mso-ingenious",
        "requested_bye_points": ["0.5"],
        "check_in_required": "on",
    }
    assert client.post(url, data).status_code == 302
    event.refresh_from_db()
    assert event.check_in_required


# --- pairing -----------------------------------------------------------------------------


@pytest.mark.django_db
def test_who_did_not_check_in_is_not_paired_but_absent() -> None:
    event, td, entries, _ann = setup(10)
    for entry in entries[:8]:
        checkin.check_in(entry=entry, user=td, by_hand=True)
    round_ = pair(event, td)
    games = list(round_.boards.filter(seats__number=1))
    absent = list(round_.boards.exclude(seats__number=1).order_by("number"))
    assert len(games) == 4 and [b.number for b in games] == [1, 2, 3, 4]
    seated = {pair_of(b)[0] for b in games} | {pair_of(b)[1] for b in games}
    assert seated == {e.pk for e in entries[:8]}
    assert [(b.number, pair_of(b)[0], b.result, b.reason) for b in absent] == [
        (5, entries[8].pk, Result.ABSENT, "did not check in for round 1"),
        (6, entries[9].pk, Result.ABSENT, "did not check in for round 1"),
    ]


@pytest.mark.django_db
def test_a_swap_with_a_player_who_did_not_check_in_says_so() -> None:
    event, td, entries, _ann = setup(6)
    for entry in entries[:4]:
        checkin.check_in(entry=entry, user=td, by_hand=True)
    round_ = pair(event, td)
    with pytest.raises(DomainError) as refused:
        swap_players(
            round_=round_, user=td, first=entries[0], second=entries[5], reason="late arrival"
        )
    assert "did not check in for round 1: check them in" in refused.value.message
    assert round_.boards.get(seats__number=0, seats__entry=entries[5]).result == Result.ABSENT


@pytest.mark.django_db
def test_a_requested_bye_needs_no_check_in_and_a_withdrawal_no_board() -> None:
    event, td, entries, _ann = setup(12)
    set_requested_byes(entry=entries[10], user=td, rounds=[1])
    withdraw_entry(entry=entries[11], user=td)
    for entry in entries[:8]:
        checkin.check_in(entry=entry, user=td, by_hand=True)
    round_ = pair(event, td)
    singles = {pair_of(b)[0]: (b.result, b.reason) for b in round_.boards.exclude(seats__number=1)}
    assert round_.boards.filter(seats__number=1).count() == 4
    assert singles == {
        entries[10].pk: (Result.HALF_BYE, "requested bye (½ point) in round 1"),
        entries[8].pk: (Result.ABSENT, "did not check in for round 1"),
        entries[9].pk: (Result.ABSENT, "did not check in for round 1"),
    }


@pytest.mark.django_db
def test_too_few_checked_in_is_refused_before_pairing() -> None:
    event, td, entries, _ann = setup(6)
    checkin.check_in(entry=entries[0], user=td, by_hand=True)
    with pytest.raises(DomainError) as refused:
        start_pairing(event=event, user=td)
    assert "needs at least two players checked in" in refused.value.message
    assert "checked in so far: 1" in refused.value.message
    assert not event.round_set.exists()


@pytest.mark.django_db
def test_standings_and_crosstable_count_a_missed_check_in_as_an_absence(client: Client) -> None:
    event, td, entries, _ann = setup(6)
    for entry in entries[:4]:
        checkin.check_in(entry=entry, user=td, by_hand=True)
    round_ = pair(event, td)
    publish_round(round_=round_, user=td)
    for board in round_.boards.filter(seats__number=1):
        set_board_result(board=board, user=td, result=Result.FIRST_WINS)
    lines = {line.contender.entry_id: line for line in build_standings(event).lines}
    for entry in entries[4:]:
        line = lines[entry.pk]
        assert line.vp == 0 and line.games_played == 0
        assert line.cells[0] is not None and line.cells[0].kind == ABSENT
        assert line.cells[0].label == "absent"
    assert sorted(line.vp for line in lines.values()) == [0, 0, 0, 0, 1, 1]
    page = client.get(reverse("event-crosstable", args=[event.slug])).content.decode()
    assert page.count("absent") >= 2


# --- the director's live count -----------------------------------------------------------


@pytest.mark.django_db
def test_the_progress_fragment_counts_and_names_who_has_not_checked_in(client: Client) -> None:
    event, td, entries, _ann = setup(6)
    set_requested_byes(entry=entries[5], user=td, rounds=[1])
    for entry in entries[:3]:
        checkin.check_in(entry=entry, user=td, by_hand=True)
    client.force_login(td)
    url = reverse("event-check-in-progress", args=[event.slug])
    fragment = client.get(url).content.decode()
    assert "Checked in: 3 of 5" in fragment and "1 on a requested bye" in fragment
    assert f'hx-get="{url}"' in fragment and "every 5s" in fragment
    assert f"Not checked in: {entries[3].player.name}" in fragment
    assert entries[4].player.name in fragment and entries[5].player.name not in fragment

    detail = client.get(event.get_absolute_url()).content.decode()
    assert "Checked in: 3 of 5" in detail and "Pair round 1" in detail

    checkin.check_in(entry=entries[3], user=td, by_hand=True)
    assert "Checked in: 4 of 5" in client.get(url).content.decode()

    round_ = pair(event, td)
    fragment = client.get(url).content.decode()
    assert "hx-get" not in fragment and "Check-in is over for now" in fragment
    publish_round(round_=round_, user=td)
    # The last round's page shows the count for the next round.
    page = client.get(reverse("event-round", args=[event.slug, 1])).content.decode()
    assert "Check-in for round 2" in page and "Checked in: 0 of 6" in page

    client.force_login(UserFactory(username="stranger"))
    assert client.get(url).status_code == 403
    client.logout()
    assert client.get(url).status_code == 302


# --- API ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_api_checks_a_player_in_and_out() -> None:
    event, _td, entries, ann = setup()
    url = f"/api/events/{event.slug}/check-in/"
    api = api_as(ann)
    first = api.post(url, {}, format="json")
    assert first.status_code == 201, first.json()
    assert first.json()["round"] == 1 and first.json()["by"] == entries[0].player.name
    again = api.post(url, {"round": 1}, format="json")
    assert again.status_code == 200 and CheckIn.objects.count() == 1
    assert api.post(url, {"round": 0}, format="json").json() == {
        "round": ["Ensure this value is greater than or equal to 1."]
    }
    bad = api.post(url, {"round": 6}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "round"

    assert api.delete(url, {"round": 1}, format="json").status_code == 204
    gone = api.delete(url)
    assert gone.status_code == 409 and gone.json()["code"] == "not_checked_in"
    assert not CheckIn.objects.exists() and len(log_lines(event)) == 2

    assert api_as(None).post(url, {}, format="json").status_code == 403
    stranger = api_as(UserFactory(username="stranger")).post(url, {}, format="json")
    assert stranger.status_code == 403 and stranger.json()["code"] == "no_entry"


@pytest.mark.django_db
def test_the_api_lists_check_ins_and_sets_windows_for_directors() -> None:
    event, td, entries, ann = setup()
    checkin.check_in(entry=entries[0], user=ann)
    lister = f"/api/events/{event.slug}/check-ins/"
    body = api_as(td).get(lister, {"round": 1}).json()
    assert (body["round"], body["checked_in"], body["expected"]) == (1, 1, 4)
    states = {row["entry"]: (row["checked_in"], row["by"]) for row in body["entries"]}
    assert states[entries[0].pk] == (True, entries[0].player.name)
    assert states[entries[1].pk] == (False, None)
    assert api_as(ann).get(lister).status_code == 403
    assert api_as(td).get(lister, {"round": "x"}).json()["field"] == "round"

    window = f"/api/events/{event.slug}/check-in-windows/2/"
    times = {"opens_at": "2030-08-20T09:00", "closes_at": "2030-08-20T09:45"}
    answer = api_as(td).put(window, times, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json() == {
        "round": 2,
        "opens_at": "2030-08-20T09:00:00+01:00",
        "closes_at": "2030-08-20T09:45:00+01:00",
    }
    backwards = api_as(td).put(window, {**times, "closes_at": "2030-08-20T08:00"}, format="json")
    assert backwards.status_code == 400 and backwards.json()["field"] == "closes_at"
    nowhere = api_as(td).put(f"/api/events/{event.slug}/check-in-windows/9/", times)
    assert nowhere.status_code == 400 and nowhere.json()["field"] == "round_number"
    assert api_as(ann).put(window, times, format="json").status_code == 403
    assert CheckInWindow.objects.get().closes_at == CLOSES
    assert api_as(td).delete(window).status_code == 204 and not CheckInWindow.objects.exists()


# --- two check-ins at once ---------------------------------------------------------------


@pytest.mark.django_db
def test_a_check_in_that_loses_the_race_to_the_insert_keeps_one_row(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The other request's row lands between this one's look and its insert (what the unique
    constraint catches when the database gives no row lock): one row, one log line, no 500."""
    event, _td, entries, ann = setup()
    other = CheckIn.objects.create(entry=entries[0], round_number=1, user=ann)
    looks: list[int] = []
    real = checkin_selectors.check_in_of

    def late_look(entry: Entry, number: int) -> CheckIn | None:
        looks.append(number)
        return None if len(looks) == 1 else real(entry, number)  # the first look misses it

    monkeypatch.setattr(checkin_selectors, "check_in_of", late_look)
    row, created = checkin.check_in(entry=entries[0], user=ann)
    assert row.pk == other.pk and not created and looks == [1, 1]
    assert CheckIn.objects.count() == 1 and log_lines(event) == []
    with pytest.raises(IntegrityError), transaction.atomic():  # the constraint itself holds
        CheckIn.objects.create(entry=entries[0], round_number=1)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_check_ins_of_one_entry_at_once_make_one_row(postgres: None) -> None:
    event, _td, entries, ann = setup()
    url = f"/api/events/{event.slug}/check-in/"
    answers = together([Call(ann, "post", url, {"round": 1}) for _ in range(4)])
    assert sorted(a.status for a in answers) == [200, 200, 200, 201], answers
    assert CheckIn.objects.filter(entry=entries[0]).count() == 1
    assert len(log_lines(event)) == 1


@pytest.mark.django_db
def test_a_late_entry_checks_in_from_the_round_it_joins() -> None:
    event, td, entries, _ann = setup()
    for entry in entries:
        checkin.check_in(entry=entry, user=td, by_hand=True)
    publish_round(round_=pair(event, td), user=td)
    for board in Board.objects.filter(round__event=event, result=""):
        set_board_result(board=board, user=td, result=Result.DRAW)
    late = add_entry(event=event, user=td, player=PlayerFactory())
    with pytest.raises(DomainError) as refused:
        checkin.check_in(entry=late, user=td, round_number=1, by_hand=True)
    assert "Round 1 is already paired" in refused.value.message
    row, created = checkin.check_in(entry=late, user=td, by_hand=True)
    assert created and row.round_number == 2
