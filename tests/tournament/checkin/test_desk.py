"""The director's check-in desk (issue 28, requirement 1): every entry of a round with its
state, the counts (checked in, missing, absent), a tap that checks in or out without a reload
(htmx gets the row and the counts back; a plain form still posts and comes back), and "check
in everyone present" behind a confirmation, in one service call and one log line."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EntryFactory, EventFactory, PlayerFactory, UserFactory, arbiter_of
from tests.tournament.helpers import event_with_players
from tournament.checkin import selectors as checkin_selectors
from tournament.checkin import services as checkin
from tournament.checkin.models import CheckIn
from tournament.entries.byes import set_requested_byes
from tournament.entries.services import withdraw_entry
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.events.models import EventLogEntry
from tournament.models.events import Entry, Event, Round
from tournament.rounds.services import compute_draft, start_pairing

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

HTMX = {"HTTP_HX_REQUEST": "true"}


class Desk:
    """Six entries taking part in round 1 (check-in required), one withdrawn, one on a
    requested bye for round 1, and one who joins in round 2."""

    def __init__(self) -> None:
        self.event, self.td = event_with_players(
            8, rounds=5, system="swiss", check_in_required=True
        )
        self.entries = list(self.event.entries.select_related("player").order_by("starting_rank"))
        withdraw_entry(entry=self.entries[6], user=self.td)
        set_requested_byes(entry=self.entries[7], user=self.td, rounds=[1])
        self.late = EntryFactory(
            event=self.event, player=PlayerFactory(name="Late Larry"), starting_rank=9
        )
        Entry.objects.filter(pk=self.late.pk).update(joined_round=2)
        self.playing = self.entries[:6]

    @property
    def manage(self) -> str:
        return reverse("event-check-in-manage", args=[self.event.slug])

    @property
    def everyone(self) -> str:
        return reverse("event-check-in-everyone", args=[self.event.slug])

    def client(self, user: Any = None) -> Client:
        client = Client()
        client.force_login(user or self.td)
        return client


def log_lines(event: Event) -> list[str]:
    found = EventLogEntry.objects.filter(event=event, kind="check-in").order_by("id")
    return list(found.values_list("description", flat=True))


@pytest.fixture
def desk() -> Desk:
    return Desk()


# --- what the desk reads ---------------------------------------------------------------


def test_the_desk_lists_who_plays_and_who_is_absent_with_the_counts(desk: Desk) -> None:
    checkin.check_in(entry=desk.entries[0], user=desk.td, by_hand=True)

    rows = checkin_selectors.desk_of(desk.event, 1)
    counts = checkin_selectors.counts_of(rows)

    assert [(r.entry.pk, r.state) for r in rows] == [
        (desk.entries[0].pk, "in"),
        *[(e.pk, "missing") for e in desk.entries[1:6]],
        (desk.entries[6].pk, "withdrawn"),
        (desk.entries[7].pk, "bye"),
    ]
    assert (counts.checked_in, counts.missing, counts.absent, counts.expected) == (1, 5, 2, 6)


def test_the_late_entrant_is_on_the_desk_from_the_round_they_join(desk: Desk) -> None:
    rows = checkin_selectors.desk_of(desk.event, 2)

    assert desk.late.pk in [r.entry.pk for r in rows]
    assert desk.late.pk not in [r.entry.pk for r in checkin_selectors.desk_of(desk.event, 1)]


# --- check in everyone present: the service --------------------------------------------


def test_everyone_present_checks_in_the_missing_only_and_logs_one_line(desk: Desk) -> None:
    checkin.check_in(entry=desk.entries[0], user=desk.td, by_hand=True)

    number, done = checkin.check_in_everyone(event=desk.event, user=desk.td)

    assert number == 1
    assert [e.pk for e in done] == [e.pk for e in desk.entries[1:6]]
    checked = set(CheckIn.objects.filter(round_number=1).values_list("entry_id", flat=True))
    assert checked == {e.pk for e in desk.playing}
    rows = CheckIn.objects.exclude(entry=desk.entries[0])
    assert all(row.by_director and row.user == desk.td for row in rows)
    names = ", ".join(e.player.name for e in desk.entries[1:6])
    assert log_lines(desk.event)[1:] == [
        f"Everyone present checked in for round 1 by hand (a director), 5: {names}."
    ]


def test_everyone_present_never_checks_in_the_withdrawn_the_bye_or_the_late(desk: Desk) -> None:
    checkin.check_in_everyone(event=desk.event, user=desk.td)

    left_out = [desk.entries[6].pk, desk.entries[7].pk, desk.late.pk]
    assert not CheckIn.objects.filter(entry_id__in=left_out).exists()


def test_everyone_present_twice_changes_nothing_the_second_time(desk: Desk) -> None:
    checkin.check_in_everyone(event=desk.event, user=desk.td)

    again = checkin.check_in_everyone(event=desk.event, user=desk.td, round_number=1)

    assert again == (1, [])
    assert CheckIn.objects.count() == 6
    assert len(log_lines(desk.event)) == 1


def test_an_arbiter_checks_everyone_in_and_a_stranger_may_not(desk: Desk) -> None:
    with pytest.raises(NotAllowed):
        checkin.check_in_everyone(event=desk.event, user=UserFactory(username="stranger"))
    assert not CheckIn.objects.exists()

    checkin.check_in_everyone(event=desk.event, user=arbiter_of(desk.event))
    assert CheckIn.objects.exists()


def test_everyone_present_is_refused_once_the_round_is_paired(desk: Desk) -> None:
    checkin.check_in(entry=desk.entries[0], user=desk.td, by_hand=True)
    checkin.check_in(entry=desk.entries[1], user=desk.td, by_hand=True)
    round_ = start_pairing(event=desk.event, user=desk.td)
    compute_draft(round_.pk)
    assert Round.objects.get(pk=round_.pk).status == Round.Status.DRAFT

    with pytest.raises(Conflict) as refused:
        checkin.check_in_everyone(event=desk.event, user=desk.td, round_number=1)
    assert refused.value.message == "Round 1 is already paired: check-in for it is over."
    assert CheckIn.objects.count() == 2


def test_everyone_present_is_refused_where_no_check_in_is_asked() -> None:
    event, td = event_with_players(4, rounds=3, system="swiss")

    with pytest.raises(DomainError) as refused:
        checkin.check_in_everyone(event=event, user=td)
    assert refused.value.message == f"{event.name} does not ask players to check in."
    assert not CheckIn.objects.exists()


# --- the desk's page -------------------------------------------------------------------


def test_the_desk_page_shows_the_counts_the_search_and_what_absent_means(desk: Desk) -> None:
    response = desk.client().get(desk.manage)
    page = response.content.decode()

    assert response.status_code == 200
    assert "Checked in: 0 of 6" in page
    assert "Missing: 6" in page
    assert "Absent: 2" in page
    assert 'id="desk-search"' in page
    assert "absent: withdrawn" in page and "absent: requested bye" in page
    assert "Absent: players withdrawn before the round, or on a bye they asked for" in page
    assert "Late Larry" not in page


def test_a_tap_through_htmx_answers_with_the_row_and_the_counts(desk: Desk) -> None:
    entry = desk.entries[2]
    data = {"entry": entry.pk, "action": "in", "round": "1"}

    response = desk.client().post(desk.manage, data, **HTMX)
    page = response.content.decode()

    assert response.status_code == 200
    assert f'id="entry-{entry.pk}"' in page and 'hx-swap-oob="true"' in page
    assert f"{entry.player.name} is checked in for round 1." in page
    assert "Checked in: 1 of 6" in page
    assert f"Check out {entry.player.name}" in page
    assert CheckIn.objects.filter(entry=entry, round_number=1, by_director=True).exists()


def test_a_tap_to_check_out_through_htmx_puts_the_player_back_to_missing(desk: Desk) -> None:
    entry = desk.entries[2]
    checkin.check_in(entry=entry, user=desk.td, by_hand=True)
    data = {"entry": entry.pk, "action": "out", "round": "1"}

    response = desk.client().post(desk.manage, data, **HTMX)
    page = response.content.decode()

    assert response.status_code == 200
    assert f"{entry.player.name} is checked out." in page
    assert "Checked in: 0 of 6" in page
    assert not CheckIn.objects.exists()


def test_a_refused_tap_through_htmx_says_why_and_changes_nothing(desk: Desk) -> None:
    withdrawn = desk.entries[6]
    data = {"entry": withdrawn.pk, "action": "in", "round": "1"}

    response = desk.client().post(desk.manage, data, **HTMX)
    page = response.content.decode()

    assert response.status_code == 200
    assert f"{withdrawn.player.name} has withdrawn." in page
    assert not CheckIn.objects.exists()


def test_a_tap_without_javascript_posts_and_comes_back_to_the_round(desk: Desk) -> None:
    data = {"entry": desk.entries[0].pk, "action": "in", "round": "1"}

    response = desk.client().post(desk.manage, data)

    assert response.status_code == 302
    assert response["Location"] == f"{desk.manage}?round=1"
    assert CheckIn.objects.filter(entry=desk.entries[0]).exists()


def test_the_confirmation_page_names_who_will_be_checked_in(desk: Desk) -> None:
    response = desk.client().get(desk.everyone, {"round": "1"})
    page = response.content.decode()

    assert response.status_code == 200
    assert "6 players will be checked in by hand:" in page
    assert all(e.player.name in page for e in desk.playing)
    assert desk.entries[6].player.name not in page
    assert "2 absent players (withdrawn, or on a requested bye) stay as they are." in page
    assert "<html" in page  # a page of its own, without JavaScript


def test_the_confirmation_through_htmx_is_the_dialogs_body(desk: Desk) -> None:
    response = desk.client().get(desk.everyone, {"round": "1"}, **HTMX)
    page = response.content.decode()

    assert response.status_code == 200
    assert "<html" not in page
    assert "Check in 6 players" in page
    assert not CheckIn.objects.exists()  # asking checks nobody in


def test_confirming_through_htmx_checks_everyone_in_and_redraws_the_desk(desk: Desk) -> None:
    response = desk.client().post(desk.everyone, {"round": "1"}, **HTMX)
    page = response.content.decode()

    assert response.status_code == 200
    assert 'id="check-in-desk"' in page
    assert "6 players are checked in for round 1." in page
    assert "Checked in: 6 of 6" in page
    assert CheckIn.objects.count() == 6


def test_confirming_without_javascript_redirects_to_the_desk(desk: Desk) -> None:
    response = desk.client().post(desk.everyone, {"round": "1"})

    assert response.status_code == 302
    assert response["Location"] == f"{desk.manage}?round=1"
    assert CheckIn.objects.count() == 6


def test_confirming_when_everyone_is_in_says_so(desk: Desk) -> None:
    checkin.check_in_everyone(event=desk.event, user=desk.td)

    page = desk.client().post(desk.everyone, {"round": "1"}, follow=True).content.decode()

    assert "Everyone taking part in round 1 was checked in already." in page


def test_the_desk_is_the_arbiters_and_directors_only(desk: Desk) -> None:
    client = desk.client(UserFactory(username="stranger"))
    tap = {"entry": desk.entries[0].pk, "action": "in", "round": "1"}

    assert client.get(desk.manage).status_code == 403
    assert client.post(desk.manage, tap, **HTMX).status_code == 403
    assert client.get(desk.everyone).status_code == 403
    assert client.post(desk.everyone, {"round": "1"}).status_code == 403
    assert not CheckIn.objects.exists()


def test_a_visitor_is_sent_to_log_in(desk: Desk) -> None:
    response = Client().post(desk.everyone, {"round": "1"})

    assert response.status_code == 302
    assert reverse("login") in response["Location"]
    assert not CheckIn.objects.exists()


def test_an_arbiter_of_the_event_checks_players_in_at_the_desk(client: Client) -> None:
    event = EventFactory(check_in_required=True)
    entry = EntryFactory(event=event)
    client.force_login(arbiter_of(event))
    desk = reverse("event-check-in-manage", args=[event.slug])
    assert client.get(desk).status_code == 200
    response = client.post(desk, {"entry": entry.pk, "round": 1, "action": "in"})
    assert response.status_code == 302
    assert CheckIn.objects.filter(entry=entry, round_number=1).exists()
    page = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    assert desk in page
