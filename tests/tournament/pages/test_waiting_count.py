"""The header's count of what waits for a director (issue 28, requirement 1): the claims of
players they may decide and the online entries of the events they direct, as a badge that
leads to the claims page (which lists both). Asked only of signed-in staff and directors, in
two COUNTs."""

import datetime
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import EntryFactory, EventFactory, PlayerFactory, UserFactory, director_of
from tournament.claims.models import PlayerClaim
from tournament.entries.models import EntryRequest
from tournament.festivals.models import FestivalRole
from tournament.models.events import Event, Festival

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


class Waiting:
    """Event E, directed by ``td``: one online entry waits, and one claim of a player entered
    in E only. Event F, directed by ``other``: one online entry waits."""

    def __init__(self) -> None:
        self.event = EventFactory(name="Waiting Open", entry_open=True)
        self.td = director_of(self.event, "td")
        self.other_event = EventFactory(name="Other Open", entry_open=True)
        self.other = director_of(self.other_event, "other")
        EntryRequest.objects.create(event=self.event, player=PlayerFactory(name="Asker One"))
        EntryRequest.objects.create(event=self.other_event, player=PlayerFactory(name="Asker F"))
        entered = EntryFactory(event=self.event).player
        PlayerClaim.objects.create(user=UserFactory(username="claimant"), player=entered)


@pytest.fixture
def waiting() -> Waiting:
    return Waiting()


def header_of(user: Any) -> str:
    client = Client()
    client.force_login(user)
    page = client.get(reverse("home")).content.decode()
    return page.split("</header>", 1)[0]


def badge(user: Any) -> tuple[str, list[str]]:
    """The header badge, rendered alone, and the queries it cost."""
    request = RequestFactory().get("/")
    request.user = user
    with CaptureQueriesContext(connection) as queries:
        html = render_to_string("tournament/_waiting.html", request=request)
    return html, [q["sql"] for q in queries.captured_queries]


def test_a_director_sees_his_claims_and_entries_waiting_in_the_header(waiting: Waiting) -> None:
    header = header_of(waiting.td)

    assert f'href="{reverse("claims")}"' in header
    assert '<span class="badge count" aria-hidden="true">2</span>' in header
    assert "1 claim of a player, 1 online entry" in header


def test_another_events_director_counts_only_his_own_entry(waiting: Waiting) -> None:
    header = header_of(waiting.other)

    assert '<span class="badge count" aria-hidden="true">1</span>' in header
    assert "1 online entry" in header
    assert "claim of" not in header


def test_a_player_sees_no_count_and_costs_one_query(waiting: Waiting) -> None:
    html, queries = badge(UserFactory(username="player"))

    assert html.strip() == ""
    assert len(queries) == 1


def test_a_visitor_costs_no_query(waiting: Waiting) -> None:
    html, queries = badge(AnonymousUser())

    assert html.strip() == ""
    assert queries == []


def test_a_director_costs_two_counts(waiting: Waiting) -> None:
    _html, queries = badge(waiting.td)

    assert len([q for q in queries if "COUNT(" in q.upper()]) == 2


def test_nothing_waiting_shows_no_badge(waiting: Waiting) -> None:
    quiet = director_of(EventFactory(name="Quiet Open"), "quiet")

    html, _queries = badge(quiet)

    assert html.strip() == ""


def test_staff_see_every_claim_but_no_entries_of_events_they_do_not_direct(
    waiting: Waiting,
) -> None:
    html, _queries = badge(UserFactory(username="staffer", is_staff=True))

    assert '<span class="badge count" aria-hidden="true">1</span>' in html
    assert "1 claim of a player" in html


def test_a_festival_wide_director_counts_the_festivals_entries(waiting: Waiting) -> None:
    mso = Festival.objects.create(
        name="MSO", slug="mso", starts=datetime.date(2026, 8, 20), ends=datetime.date(2026, 8, 28)
    )
    Event.objects.filter(pk=waiting.other_event.pk).update(festival=mso)
    bea = UserFactory(username="bea")
    FestivalRole.objects.create(festival=mso, user=bea, role=FestivalRole.Role.DIRECTOR)

    html, _queries = badge(bea)

    assert '<span class="badge count" aria-hidden="true">1</span>' in html
    assert "1 online entry" in html


def test_the_claims_page_lists_the_events_with_entries_waiting(waiting: Waiting) -> None:
    client = Client()
    client.force_login(waiting.td)

    page = client.get(reverse("claims")).content.decode()

    assert reverse("event-entry-requests", args=[waiting.event.slug]) in page
    assert "1 entry to approve or refuse" in page
    assert "Other Open" not in page
