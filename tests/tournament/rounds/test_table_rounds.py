"""Rounds of an event at tables of 3 or 4: paired into tables by the same services and API as
pairs, reviewed table by table, changed by logged swaps, published, and shown seat by seat."""

import re
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.result_calls import set_table_result
from tests.tournament.helpers import api_as, event_with_players
from tournament.checkin import services as checkin
from tournament.entries.byes import set_requested_byes
from tournament.errors import DomainError
from tournament.models.events import Event, Result, Round
from tournament.models.tables import Seat
from tournament.results.services import set_board_result
from tournament.rounds import tables as table_selectors
from tournament.rounds.models import PairingChange
from tournament.rounds.selectors import note_texts
from tournament.rounds.services import compute_draft, publish_round, start_pairing, swap_entries

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def table_event(n: int, size: int, *, rounds: int = 3, system: str = "swiss") -> tuple[Event, Any]:
    return event_with_players(n, rounds=rounds, system=system, table_size=size)


def draft(event: Event, td: Any) -> Round:
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT, round_.pairing_error
    return round_


def seatings(round_: Round) -> list[list[int]]:
    """Each game's entries in seat order, board by board (boards of one left out)."""
    tables = []
    for board in round_.boards.order_by("number").prefetch_related("seats"):
        seated = [s.entry_id for s in board.seats.all()]
        if len(seated) > 1:
            tables.append(seated)
    return tables


def decide(round_: Round, td: Any) -> None:
    """Results for every game of the round, varied by round and board (ties now and then)."""
    for board in round_.boards.prefetch_related("seats").filter(result=""):
        k = len(board.seats.all())
        if k > 2:
            levels = [[(3 * s + 5 * round_.number + board.number) % 9 + 4, 16] for s in range(k)]
            set_table_result(board=board, user=td, reason="entered", levels=levels)
        elif k == 2:
            set_board_result(
                board=board, user=td, result=Result.FIRST_WINS, first_lowest=12, second_lowest=8
            )


def play(event: Event, td: Any) -> Round:
    round_ = publish_round(round_=draft(event, td), user=td)
    decide(round_, td)
    return round_


def shared_tables(event: Event) -> Counter[frozenset[int]]:
    met: Counter[frozenset[int]] = Counter()
    for round_ in event.round_set.all():
        for table in seatings(round_):
            met.update(frozenset(p) for p in combinations(table, 2))
    return met


def repeats_in(round_: Round) -> set[tuple[int, int]]:
    """The pairs at the round's tables who shared a table in an earlier round."""
    before: set[frozenset[int]] = set()
    for earlier in round_.event.round_set.filter(number__lt=round_.number):
        before.update(frozenset(p) for t in seatings(earlier) for p in combinations(t, 2))
    return {
        (a, b)
        for t in seatings(round_)
        for a, b in combinations(t, 2)
        if frozenset((a, b)) in before
    }


def test_ten_players_at_tables_of_four_play_three_rounds_without_sharing_a_table_twice() -> None:
    event, td = table_event(10, 4)
    first = draft(event, td)
    assert sorted(map(len, seatings(first)), reverse=True) == [4, 3, 3]
    for board in first.boards.all():
        assert board.reason  # every table says why it is so
    publish_round(round_=first, user=td)
    decide(first, td)
    # Victory points: a table of k gives out k/2 (beaten 1, tied ½, per other player).
    states = table_selectors.table_states(event, 2)
    assert sum(s.score for s in states) == pytest.approx(2 + 1.5 + 1.5)
    second = play(event, td)
    third = play(event, td)
    rounds = list(event.round_set.order_by("number"))
    assert [r.status for r in rounds] == [Round.Status.COMPLETE] * 3
    assert all(r.system == "swiss" for r in rounds)
    # A table of 4 drawn from round 1's three tables seats two of its table-mates again: one
    # repeat is unavoidable in round 2, and the solver proves no seating has fewer each round.
    assert len(repeats_in(second)) == 1
    names = {e.pk: e.player.name for e in event.entries.select_related("player")}
    for round_ in (second, third):
        note = next(n for n in note_texts(round_) if n.startswith("Could not avoid"))
        assert "no seating has fewer" in note
        for a, b in repeats_in(round_):
            assert f"{names[a]} and {names[b]}" in note or f"{names[b]} and {names[a]}" in note
    assert max(shared_tables(event).values()) == 2  # nobody shares a table three times
    # Nine tables over three rounds: nobody sits first twice while others never did.
    firsts = Counter(table[0] for r in rounds for table in seatings(r))
    assert sum(firsts.values()) == 9 and max(firsts.values()) == 1


def test_a_draft_of_tables_through_the_api_lists_every_seat_and_publishes(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event, td = table_event(10, 4)
    api = api_as(td)
    with django_capture_on_commit_callbacks(execute=True):
        answer = api.post(reverse("api-event-rounds", args=[event.slug]))
    assert answer.status_code == 202, answer.content
    detail = api.get(reverse("api-round-detail", args=[event.slug, 1])).json()
    assert detail["status"] == "draft"
    boards = detail["boards"]
    assert sorted((len(b["seats"]) for b in boards), reverse=True) == [4, 3, 3]
    stored = {
        b.number: [s.entry_id for s in b.seats.all()]
        for b in Round.objects.get(event=event, number=1).boards.prefetch_related("seats")
    }
    for b in boards:
        assert [s["number"] for s in b["seats"]] == list(range(len(b["seats"])))
        assert [s["entry"]["id"] for s in b["seats"]] == stored[b["number"]]
        assert b["seats"][0]["entry"] == b["first"]
    published = api.post(reverse("api-round-publish", args=[event.slug, 1]))
    assert published.status_code == 200, published.content
    assert published.json()["status"] == "published"


def test_swaps_at_tables_exchange_seats_or_tables_and_are_logged_with_warnings() -> None:
    event, td = table_event(10, 4)
    play(event, td)
    round_ = draft(event, td)
    tables = seatings(round_)
    # At one table two players exchange seats, and the first seat with them.
    a, b = tables[0][0], tables[0][2]
    change = swap_entries(round_=round_, user=td, first_id=a, second_id=b, reason="eyes")
    assert seatings(round_)[0][0] == b and seatings(round_)[0][2] == a
    assert change.reason == "eyes" and "swapped seats" in change.description
    # Across tables: a player joins a table-mate of round 1 and the warning says so.
    met = {e: set() for t in seatings(round_) for e in t}
    for t in seatings(Round.objects.get(event=event, number=1)):
        for x, y in combinations(t, 2):
            met[x].add(y)
            met[y].add(x)
    now = seatings(round_)
    x, y = next(
        (x, y)
        for i, j in combinations(range(len(now)), 2)
        for x in now[i]
        for y in now[j]
        if met[x] & (set(now[j]) - {y})
    )
    i, j = (
        next(k for k, t in enumerate(now) if x in t),
        next(k for k, t in enumerate(now) if y in t),
    )
    api = api_as(td)
    refused = api.post(
        reverse("api-round-swap", args=[event.slug, round_.number]),
        {"first": x, "second": y, "reason": ""},
        format="json",
    )
    assert refused.status_code == 400
    answer = api.post(
        reverse("api-round-swap", args=[event.slug, round_.number]),
        {"first": x, "second": y, "reason": "they came late"},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    after = seatings(round_)
    assert after[j][now[j].index(y)] == x and after[i][now[i].index(x)] == y
    logged = PairingChange.objects.filter(round=round_).order_by("-id").first()
    assert logged is not None and logged.reason == "they came late" and logged.user == td
    assert any("Repeat" in w for w in logged.warnings), logged.warnings
    board = round_.boards.get(number=j + 1)
    assert board.reason.startswith("changed by the director")
    # The director's page shows the warning beside that table.
    client = Client()
    client.force_login(td)
    page = client.get(reverse("event-round", args=[event.slug, round_.number])).content.decode()
    row = re.search(rf'<tr id="board-{j + 1}".*?</tr>', page, flags=re.S)
    assert row is not None and "Repeat:" in row.group(0)


def test_the_round_pages_list_every_seat_in_order() -> None:
    event, td = table_event(7, 4)
    round_ = draft(event, td)
    client = Client()
    client.force_login(td)
    page = client.get(reverse("event-round", args=[event.slug, 1])).content.decode()
    names = {e.pk: e.player.name for e in event.entries.select_related("player")}
    for number, table in enumerate(seatings(round_), start=1):
        row = re.search(rf'<tr id="board-{number}".*?</tr>', page, flags=re.S)
        assert row is not None
        found = [row.group(0).index(names[e]) for e in table]
        assert found == sorted(found)  # in seat order
    publish_round(round_=round_, user=td)
    client.logout()
    public = client.get(reverse("event-round", args=[event.slug, 1])).content.decode()
    for number, table in enumerate(seatings(round_), start=1):
        row = re.search(rf'<tr id="board-{number}".*?</tr>', public, flags=re.S)
        assert row is not None
        found = [row.group(0).index(names[e]) for e in table]
        assert found == sorted(found)
    assert "Find my board" in public and "At the table" in public


def director_page_queries(n: int) -> int:
    event, td = table_event(n, 4, rounds=2)
    play(event, td)
    draft(event, td)
    client = Client()
    client.force_login(td)
    with CaptureQueriesContext(connection) as queries:
        client.get(reverse("event-round", args=[event.slug, 2]))
    return len(queries)


def test_the_director_page_of_tables_reads_a_constant_number_of_queries() -> None:
    assert director_page_queries(8) == director_page_queries(16)


def test_requested_byes_and_withdrawals_stay_off_the_tables() -> None:
    event, td = table_event(12, 4)
    entries = list(event.entries.order_by("starting_rank"))
    set_requested_byes(entry=entries[0], user=td, rounds=[1])
    round_ = draft(event, td)
    assert sorted(map(len, seatings(round_)), reverse=True) == [4, 4, 3]
    bye = round_.boards.get(seats__number=0, seats__entry=entries[0])
    assert bye.result == Result.HALF_BYE and not bye.seats.exclude(entry=entries[0]).exists()


def test_nine_players_at_tables_of_three_play_all_play_all() -> None:
    event, td = table_event(9, 3, rounds=4, system="round-robin")
    for _ in range(4):
        play(event, td)
    assert set(event.round_set.values_list("system", flat=True)) == {"round-robin"}
    met = shared_tables(event)
    assert len(met) == 36 and set(met.values()) == {1}  # everybody met everybody once
    with pytest.raises(DomainError):
        start_pairing(event=event, user=td)


def test_an_all_play_all_longer_than_its_schedule_is_refused() -> None:
    event, td = table_event(9, 3, rounds=5, system="round-robin")
    with pytest.raises(DomainError) as refused:
        start_pairing(event=event, user=td)
    assert refused.value.field == "rounds"
    assert not Round.objects.filter(event=event).exists()


def test_ten_players_at_tables_of_three_sit_at_tables_of_three_and_two() -> None:
    event, td = table_event(10, 3)
    round_ = draft(event, td)
    assert sorted(map(len, seatings(round_)), reverse=True) == [3, 3, 2, 2]
    assert Seat.objects.filter(board__round=round_).count() == 10
    publish_round(round_=round_, user=td)
    decide(round_, td)
    round_.refresh_from_db()
    assert round_.status == Round.Status.COMPLETE
    second = draft(event, td)  # the pairs' results count as at a table of two
    assert sorted(map(len, seatings(second)), reverse=True) == [3, 3, 2, 2]


def test_an_all_play_all_where_no_schedule_seats_the_field_is_refused() -> None:
    event, td = table_event(10, 4, rounds=3, system="round-robin")
    with pytest.raises(DomainError) as refused:
        start_pairing(event=event, user=td)
    assert refused.value.field == "pairing_system"
    assert not Round.objects.filter(event=event).exists()


def test_players_not_checked_in_get_boards_of_one_after_the_tables() -> None:
    event, td = event_with_players(
        10, rounds=3, system="swiss", table_size=4, check_in_required=True
    )
    entries = list(event.entries.order_by("starting_rank"))
    for entry in entries[1:]:
        checkin.check_in(entry=entry, user=td, by_hand=True)
    round_ = draft(event, td)
    assert sorted(map(len, seatings(round_)), reverse=True) == [3, 3, 3]
    absent = round_.boards.get(seats__number=0, seats__entry=entries[0])
    assert absent.result == Result.ABSENT
    assert absent.number == round_.boards.count()  # after the tables


def test_a_swap_into_the_first_seat_of_a_player_who_sat_first_more_is_warned_about() -> None:
    event, td = table_event(10, 4)
    first = play(event, td)
    sat_first = {table[0] for table in seatings(first)}
    round_ = draft(event, td)
    table = next(t for t in seatings(round_) if t[0] not in sat_first and set(t[1:]) & sat_first)
    mover = next(e for e in table[1:] if e in sat_first)
    change = swap_entries(
        round_=round_, user=td, first_id=table[0], second_id=mover, reason="by request"
    )
    assert any("First-seat imbalance" in w for w in change.warnings), change.warnings
    review = next(r for r in table_selectors.table_review(round_) if r.seats[0].entry.pk == mover)
    assert [s.entry.pk for s in review.seats][0] == mover
    assert any("First-seat imbalance" in w for w in review.warnings)
