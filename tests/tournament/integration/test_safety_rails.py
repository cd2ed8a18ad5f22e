"""Safety rails a director or arbiter expects: publishing asks for a confirmation, the event's
log shows publishes, withdrawals, reinstatements and late entries, and a clock adjustment far
beyond the event's clock, byes for most rounds, an empty custom tie-break list and a second
event of one name are refused with a message naming what is wrong."""

from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from games.clocks.services import adjust_clock
from tests.factories import EventCreatorFactory, PlayerFactory
from tests.games.integration.api import Tablet
from tests.games.integration.factories import board_with_game, fresh
from tests.tournament.integration.helpers import api_as, event_with_players, hand_result
from tournament.entries.byes import set_requested_byes
from tournament.entries.services import (
    add_entry,
    import_players_csv,
    reinstate_entry,
    withdraw_entry,
)
from tournament.errors import DomainError
from tournament.events.models import EventLogEntry
from tournament.events.services import create_event, update_event
from tournament.models.events import Event, Round
from tournament.results.services import set_board_result
from tournament.rounds.services import compute_draft, publish_round, start_pairing

MIN = 60_000
EVENT_FORM = {
    "venue": "JW3",
    "ruleset": "mso",
    "pairing_system": "swiss",
    "rounds": "7",
    "clock_minutes": "10",
    "bye_value": "1.0",
    "tiebreak_preset": "mso-ingenious",
}


def draft_round(event: Event, td: Any) -> Round:
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT, round_.pairing_error
    return round_


def play_round(event: Event, td: Any) -> Round:
    round_ = draft_round(event, td)
    publish_round(round_=round_, user=td)
    for board in round_.boards.filter(result=""):
        set_board_result(board=board, user=td, **hand_result(round_.number, board.number))
    return round_


# --- publish asks for a confirmation -----------------------------------------------------------


@pytest.mark.django_db
def test_publish_on_the_page_needs_the_reviewed_tick(client: Client) -> None:
    event, td = event_with_players(6, system="swiss")
    round_ = draft_round(event, td)
    client.force_login(td)
    url = f"/events/{event.slug}/rounds/1/"
    page = client.get(url).content.decode()
    assert 'name="reviewed"' in page and "I have reviewed the draft" in page
    assert "required" in page.split('name="reviewed"')[1].split(">")[0]
    assert 'data-confirm="Publish round 1?' in page

    refused = client.post(f"{url}publish/")
    assert refused.status_code == 302
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT
    said = [str(m) for m in get_messages(refused.wsgi_request)]
    assert any('tick "I have reviewed the draft"' in m for m in said), said

    client.post(f"{url}publish/", {"reviewed": "1"})
    round_.refresh_from_db()
    assert round_.status == Round.Status.PUBLISHED


@pytest.mark.django_db
def test_publish_through_the_api_stays_one_call() -> None:
    event, td = event_with_players(6, system="swiss")
    draft_round(event, td)
    published = api_as(td).post(f"/api/events/{event.slug}/rounds/1/publish/")
    assert published.status_code == 200, published.content
    assert Round.objects.get(event=event, number=1).status == Round.Status.PUBLISHED


# --- the event log ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_event_log_shows_publishes_withdrawals_reinstatements_and_late_entries(
    client: Client,
) -> None:
    event, td = event_with_players(6, system="swiss")
    play_round(event, td)
    leaver = event.entries.order_by("starting_rank").first()
    withdraw_entry(entry=leaver, user=td)
    reinstate_entry(entry=leaver, user=td)
    late = PlayerFactory(name="Lena Late")
    add_entry(event=event, user=td, player=late, missed_rounds="half")
    import_players_csv(event=event, user=td, text="name,club\nCarl Csv,Leeds\nDora Csv,York\n")

    kinds = list(EventLogEntry.objects.filter(event=event).values_list("kind", "user__username"))
    assert kinds == [
        ("publish", "td"),
        ("withdraw", "td"),
        ("reinstate", "td"),
        ("late-entry", "td"),
        ("late-entry", "td"),
    ]
    client.force_login(td)
    page = client.get(f"/events/{event.slug}/log/").content.decode()
    assert "Round 1 published (3 boards)." in page
    assert f"{leaver.player.name} withdrew after round 1." in page
    assert f"{leaver.player.name} reinstated from round 2." in page
    assert "Lena Late: late entry from round 2; missed rounds score half-point byes." in page
    assert "Carl Csv, Dora Csv: late entry from round 2; missed rounds score zero." in page
    # Who: the director's user name on each of those lines.
    acts = page.split("Rounds published, withdrawals and late entries")[1].split("</table>")[0]
    assert acts.count("<td>td</td>") == 5


@pytest.mark.django_db
def test_the_admin_shows_the_event_log_read_only(admin_client: Client) -> None:
    event, td = event_with_players(4, system="swiss")
    play_round(event, td)
    entry = EventLogEntry.objects.get(event=event)
    listing = admin_client.get("/admin/tournament/eventlogentry/")
    assert listing.status_code == 200 and "Round 1 published" in listing.content.decode()
    assert admin_client.get("/admin/tournament/eventlogentry/add/").status_code == 403
    changed = admin_client.post(
        f"/admin/tournament/eventlogentry/{entry.pk}/change/", {"description": "nothing"}
    )
    assert changed.status_code == 403
    entry.refresh_from_db()
    assert entry.description.startswith("Round 1 published")


# --- a clock adjustment far beyond the event's clock --------------------------------------------


@pytest.mark.django_db
def test_a_clock_adjustment_above_the_starting_time_needs_confirming() -> None:
    board, game, arbiter = board_with_game(clock_minutes=10)

    def adjust(ms: int, **kw: Any) -> None:
        adjust_clock(
            game=fresh(game),
            user=arbiter,
            expected_index=fresh(game).log_length,
            seat=0,
            remaining_ms=ms,
            reason="clock error",
            **kw,
        )

    with pytest.raises(DomainError) as refused:
        adjust(45 * MIN)
    assert refused.value.field == "remaining_ms"
    assert "45:00 is more than the 10:00 each player started with" in refused.value.message
    assert "confirm" in refused.value.message
    assert fresh(game).remaining_ms[0] != 45 * MIN

    adjust(10 * MIN)  # the whole starting time back: a faulty clock, no confirmation needed
    assert fresh(game).remaining_ms[0] == 10 * MIN
    adjust(45 * MIN, confirm_long=True)
    assert fresh(game).remaining_ms[0] == 45 * MIN


@pytest.mark.django_db
def test_a_long_clock_adjustment_through_the_api_needs_confirm_long() -> None:
    board, game, arbiter = board_with_game(clock_minutes=10)
    tablet = Tablet(api_as(arbiter), board.pk)
    body = {"seat": 1, "remaining_ms": 45 * MIN, "reason": "clock error"}
    refused = tablet.clock("adjust", **body)
    assert refused.status_code == 400 and refused.json()["field"] == "remaining_ms"
    assert "more than the 10:00 each player started with" in refused.json()["detail"]
    confirmed = tablet.clock("adjust", **body, confirm_long=True)
    assert confirmed.status_code == 200, confirmed.content
    assert fresh(game).remaining_ms[1] == 45 * MIN


# --- byes for most rounds ---------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("rounds", [[1, 2, 3, 4, 5, 6, 7], [2, 3, 4, 5]])
def test_byes_for_more_than_half_the_rounds_are_refused(rounds: list[int]) -> None:
    event, td = event_with_players(8, rounds=7, system="swiss")
    entry = event.entries.order_by("starting_rank").first()
    with pytest.raises(DomainError) as refused:
        set_requested_byes(entry=entry, user=td, rounds=rounds)
    assert refused.value.field == "requested_byes"
    assert f"byes in {len(rounds)} of the event's 7 rounds: at most 3" in refused.value.message
    entry.refresh_from_db()
    assert entry.requested_byes == []

    set_requested_byes(entry=entry, user=td, rounds=[2, 4, 6])
    entry.refresh_from_db()
    assert entry.requested_byes == [2, 4, 6]


@pytest.mark.django_db
def test_requested_byes_are_in_the_event_log_with_who_and_their_value() -> None:
    event, td = event_with_players(8, rounds=7, system="swiss")
    event.requested_bye_points = ["0", "0.5", "1"]
    event.save()
    entry = event.entries.select_related("player").order_by("starting_rank").first()
    set_requested_byes(entry=entry, user=td, rounds=[3, (5, "1")])
    set_requested_byes(entry=entry, user=td, rounds=[3, (5, "1")])  # no change: no line
    with pytest.raises(DomainError):
        set_requested_byes(entry=entry, user=td, rounds=[9])
    set_requested_byes(entry=entry, user=td, rounds=[])
    lines = list(EventLogEntry.objects.filter(event=event, kind="bye-request"))
    name = entry.player.name
    assert [ln.description for ln in lines] == [
        f"Requested byes of {name}: round 3 (½), round 5 (1) (were: none).",
        f"Requested byes of {name}: none (were: round 3 (½), round 5 (1)).",
    ]
    assert all(ln.user == td for ln in lines)


@pytest.mark.django_db
def test_byes_for_every_round_are_refused_through_the_api_and_on_entry() -> None:
    event, td = event_with_players(8, rounds=4, system="swiss")
    api = api_as(td)
    entry = event.entries.first()
    every = api.patch(
        f"/api/events/{event.slug}/entries/{entry.pk}/",
        {"requested_byes": [1, 2, 3, 4]},
        format="json",
    )
    assert every.status_code == 400 and every.json()["field"] == "requested_byes"
    assert "at most 2 (half the rounds)" in every.json()["detail"]
    with pytest.raises(DomainError):
        add_entry(event=event, user=td, player=PlayerFactory(), requested_byes=[1, 2, 3])
    assert event.entries.count() == 8


# --- an empty custom tie-break list -----------------------------------------------------------


@pytest.mark.django_db
def test_an_empty_custom_tiebreak_list_is_refused_on_the_form(client: Client) -> None:
    client.force_login(EventCreatorFactory(username="td"))
    data = {**EVENT_FORM, "name": "Empty Tie-breaks", "tiebreak_preset": "custom"}
    response = client.post("/events/new/", {**data, "tiebreak_custom": " , "})
    assert response.status_code == 200
    assert "Name at least one tie-break for a custom list, or choose a preset." in (
        response.content.decode()
    )
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_an_empty_tiebreak_list_is_refused_by_the_service_and_the_api() -> None:
    td = EventCreatorFactory(username="td")
    with pytest.raises(DomainError) as refused:
        create_event(user=td, data={"name": "No Ties", "tiebreak_chain": []})
    assert refused.value.field == "tiebreak_chain"
    assert "The tie-break list is empty" in refused.value.message
    response = api_as(td).post(
        "/api/events/", {"name": "No Ties", "tiebreak_chain": []}, format="json"
    )
    assert response.status_code == 400 and response.json()["field"] == "tiebreak_chain"
    assert not Event.objects.exists()


# --- a second event of one name ---------------------------------------------------------------


@pytest.mark.django_db
def test_a_duplicate_event_name_is_refused_by_service_form_and_api(client: Client) -> None:
    td = EventCreatorFactory(username="td")
    first = create_event(user=td, data={"name": "MSO Ingenious Open"})
    with pytest.raises(DomainError) as refused:
        create_event(user=td, data={"name": "  mso ingenious OPEN "})
    assert refused.value.field == "name"
    assert "There is already an event called 'mso ingenious OPEN'" in refused.value.message

    other = create_event(user=td, data={"name": "MSO Ingenious Blitz"})
    with pytest.raises(DomainError):
        update_event(event=other, user=td, data={"name": "MSO INGENIOUS OPEN"})
    # An event keeps its own name when saved again.
    update_event(event=first, user=td, data={"name": "MSO Ingenious Open", "rounds": 5})

    client.force_login(td)
    page = client.post("/events/new/", {**EVENT_FORM, "name": "MSO Ingenious Open"})
    assert page.status_code == 200
    assert "There is already an event called" in page.content.decode()
    api = api_as(td).post("/api/events/", {"name": "mso ingenious open"}, format="json")
    assert api.status_code == 400 and api.json()["field"] == "name"
    assert Event.objects.count() == 2
