"""Restrictions in the product: pairs kept apart (by the director, or by club, family or
country), requested byes of 0, ½ or 1 point, the forfeit-win bye rule, and Baku acceleration."""

from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.standings import build as standings
from tests.tournament.helpers import api_as, event_with_players, hand_result
from tournament.entries.byes import set_requested_byes
from tournament.errors import DomainError
from tournament.events.models import EventLogEntry
from tournament.events.services import update_event
from tournament.models.events import Board, Entry, Event, Result, Round
from tournament.restrictions.models import ForbiddenPair
from tournament.restrictions.selectors import kept_apart
from tournament.restrictions.services import add_forbidden_pair
from tournament.results.services import set_board_result
from tournament.rounds.history import player_states
from tournament.rounds.selectors import note_texts, pair_of
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def pair_round(event: Event, user: Any) -> Round:
    round_ = start_pairing(event=event, user=user)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT, round_.pairing_error
    return round_


def play_round(event: Event, user: Any) -> Round:
    """Pair, publish and enter every result of the next round."""
    round_ = pair_round(event, user)
    publish_round(round_=round_, user=user)
    for board in round_.boards.filter(result=""):
        set_board_result(board=board, user=user, **hand_result(round_.number, board.number))
    round_.refresh_from_db()
    return round_


def met(event: Event) -> set[frozenset[int]]:
    boards = Board.objects.filter(round__event=event).filter(seats__number=1)
    return {frozenset(pair_of(b)) for b in boards}


def entry(event: Event, rank: int) -> Entry:
    return event.entries.select_related("player").get(starting_rank=rank)


@pytest.mark.django_db
def test_forbidden_pairs_never_meet_across_a_small_event() -> None:
    event, td = event_with_players(8, rounds=5, system="swiss")
    clubs = ["Hove", "Hove", "York", "Bath", "Ely", "Hull", "Ayr", "Deal"]
    for e, club in zip(event.entries.order_by("starting_rank"), clubs, strict=True):
        e.player.club = club
        e.player.save()
    update_event(event=event, user=td, data={"keep_apart": ["club"]})
    # The director's pair, through the API, in the "wrong" order: stored once either way.
    added = api_as(td).post(
        f"/api/events/{event.slug}/restrictions/",
        {"first": entry(event, 4).pk, "second": entry(event, 3).pk, "reason": "siblings"},
        format="json",
    )
    assert added.status_code == 201, added.content
    again = api_as(td).post(
        f"/api/events/{event.slug}/restrictions/",
        {"first": entry(event, 3).pk, "second": entry(event, 4).pk, "reason": "twice"},
        format="json",
    )
    assert again.status_code == 400 and "already kept apart" in again.json()["detail"]
    kept = [
        frozenset((entry(event, 1).pk, entry(event, 2).pk)),  # same club
        frozenset((entry(event, 3).pk, entry(event, 4).pk)),  # the director's pair
    ]
    rounds = [play_round(event, td) for _ in range(5)]
    assert all(not r.notes or "restriction gave way" not in " ".join(note_texts(r)) for r in rounds)
    assert not set(kept) & met(event)
    log = list(EventLogEntry.objects.filter(event=event, kind="restriction"))
    assert any("Keep apart: club" in e.description for e in log)
    assert any("kept apart: siblings" in e.description for e in log)


@pytest.mark.django_db
def test_the_draft_names_the_restriction_that_had_to_give_way(client: Client) -> None:
    event, td = event_with_players(2, rounds=1, system="swiss")
    add_forbidden_pair(
        event=event, user=td, first=entry(event, 1).pk, second=entry(event, 2).pk, reason="twins"
    )
    draft = pair_round(event, td)
    game = draft.boards.get()
    assert set(pair_of(game)) == {entry(event, 1).pk, entry(event, 2).pk}
    assert any("restriction gave way" in n for n in note_texts(draft)), draft.notes
    client.force_login(td)
    page = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    names = f"{entry(event, 1).player.name} and {entry(event, 2).player.name}"
    assert f"Restriction gave way: {names} are to be kept apart (twins)." in page
    assert "restriction gave way" in page


@pytest.mark.django_db
def test_keep_apart_derives_pairs_from_club_family_or_country_case_blind() -> None:
    event, td = event_with_players(5, system="swiss")
    people = [("Hove", "Ng", "ENG"), ("hove ", "", "SCO"), ("York", "ng", "WAL"), ("", "", "")]
    for rank, (club, family, country) in enumerate(people, start=1):
        player = entry(event, rank).player
        player.club, player.family, player.country = club, family, country
        player.save()
    ids = {rank: entry(event, rank).pk for rank in range(1, 6)}
    assert all(s.forbidden == () for s in player_states(event, 1))
    update_event(event=event, user=td, data={"keep_apart": ["family", "club"]})
    event.refresh_from_db()
    assert event.keep_apart == ["club", "family"]  # stored in one order
    states = {s.id: s for s in player_states(event, 1)}
    assert states[ids[1]].forbidden == tuple(sorted((ids[2], ids[3])))
    assert states[ids[3]].forbidden == (ids[1],)
    assert states[ids[4]].forbidden == ()
    apart = kept_apart(event)
    assert apart[ids[1]][ids[2]] == "same club (Hove)"
    assert apart[ids[1]][ids[3]] == "same family (Ng)"
    with pytest.raises(DomainError, match="club, family or country only") as refused:
        update_event(event=event, user=td, data={"keep_apart": ["rating"]})
    assert refused.value.field == "keep_apart"
    event.refresh_from_db()
    assert event.keep_apart == ["club", "family"]


@pytest.mark.django_db
def test_the_restrictions_page_adds_and_removes_a_pair_and_refuses_a_bad_one(
    client: Client,
) -> None:
    event, td = event_with_players(4, system="swiss")
    client.force_login(td)
    url = f"/events/{event.slug}/restrictions/"
    a, b = entry(event, 1), entry(event, 2)
    same = client.post(url, {"first": a.pk, "second": a.pk, "reason": "x"})
    assert same.status_code == 200 and "Choose two different players." in same.content.decode()
    no_reason = client.post(url, {"first": a.pk, "second": b.pk, "reason": ""})
    assert no_reason.status_code == 200 and not ForbiddenPair.objects.exists()
    done = client.post(url, {"first": a.pk, "second": b.pk, "reason": "club mates"}, follow=True)
    assert "club mates" in done.content.decode()
    pair = ForbiddenPair.objects.get()
    assert kept_apart(event)[a.pk] == {b.pk: "club mates"}
    client.post(f"{url}{pair.pk}/remove/")
    assert not ForbiddenPair.objects.exists()
    assert EventLogEntry.objects.filter(event=event, description__contains="paired again")
    stranger = event_with_players(2, director="other")[1]
    client.force_login(stranger)
    assert client.post(url, {"first": a.pk, "second": b.pk, "reason": "r"}).status_code == 403


@pytest.mark.django_db
def test_requested_byes_of_zero_half_and_one_point_score_as_the_event_allows() -> None:
    event, td = event_with_players(6, rounds=3, system="swiss")
    e1, e2, e3 = entry(event, 1), entry(event, 2), entry(event, 3)
    with pytest.raises(DomainError, match="Round 1: this event allows requested byes of ½"):
        set_requested_byes(entry=e1, user=td, rounds=[(1, "1")])
    update_event(event=event, user=td, data={"requested_bye_points": ["1", "0", "0.5"]})
    set_requested_byes(entry=e1, user=td, rounds=[(1, "1")])
    set_requested_byes(entry=e2, user=td, rounds=[(1, "0")])
    set_requested_byes(entry=e3, user=td, rounds=[1])
    e1.refresh_from_db()
    assert e1.requested_byes_text == "1=1"
    round_1 = play_round(event, td)
    singles = {
        pair_of(b)[0]: b.result
        for b in round_1.boards.exclude(seats__number=1).exclude(result="bye")
    }
    assert singles == {e1.pk: Result.FULL_BYE, e2.pk: Result.ABSENT, e3.pk: Result.HALF_BYE}
    assert round_1.boards.filter(seats__number=1).count() == 1  # the other three: one game, a bye
    table = standings.standings_for(event)
    vp = {line.contender.entry_id: line.vp for line in table.lines}
    assert (vp[e1.pk], vp[e2.pk], vp[e3.pk]) == (1.0, 0.0, 0.5)
    with pytest.raises(DomainError, match="Round 1 is already paired"):
        set_requested_byes(entry=e1, user=td, rounds=[(1, "0.5")])


@pytest.mark.django_db
def test_requested_bye_values_by_form_and_api_and_bad_ones_change_nothing(client: Client) -> None:
    event, td = event_with_players(6, rounds=5, system="swiss", requested_bye_points=["0.5", "1"])
    e1 = entry(event, 1)
    client.force_login(td)
    url = f"/events/{event.slug}/entries/{e1.pk}/byes/"
    page = client.post(url, {"requested_byes": "2, 3=1"}, follow=True).content.decode()
    e1.refresh_from_db()
    assert (e1.requested_byes, e1.requested_bye_points) == ([2, 3], {"2": "0.5", "3": "1"})
    assert "2, 3=1" in page
    page = client.post(url, {"requested_byes": "2, 4=0"}, follow=True).content.decode()
    assert "Round 4: this event allows requested byes of ½, 1 point(s) only, not 0." in page
    page = client.post(url, {"requested_byes": "2, 4=two"}, follow=True).content.decode()
    assert "Round 4: &#x27;two&#x27; is not a bye value" in page
    e1.refresh_from_db()
    assert e1.requested_bye_points == {"2": "0.5", "3": "1"}
    api = api_as(td)
    patch = api.patch(
        f"/api/events/{event.slug}/entries/{e1.pk}/",
        {"requested_byes": [4], "requested_bye_points": {"4": "1"}},
        format="json",
    )
    assert patch.status_code == 200, patch.content
    assert patch.json()["requested_bye_points"] == {"4": "1"}
    stray = api.patch(
        f"/api/events/{event.slug}/entries/{e1.pk}/",
        {"requested_byes": [4], "requested_bye_points": {"5": "1"}},
        format="json",
    )
    assert stray.status_code == 400 and "requested_bye_points" in stray.json()


@pytest.mark.django_db
def test_a_forfeit_win_bars_the_pairing_allocated_bye_while_another_can_take_it() -> None:
    event, td = event_with_players(5, rounds=3, system="swiss", requested_bye_points=["0"])
    round_1 = pair_round(event, td)
    publish_round(round_=round_1, user=td)
    bye = round_1.boards.get(result=Result.BYE)
    assert bye.sides[0] == entry(event, 5)
    four = entry(event, 4)
    winners = {four.pk}
    for board in round_1.boards.filter(seats__number=1):
        if four.pk in pair_of(board):
            result = Result.FIRST_FORFEIT_WIN if pair_of(board)[0] == four.pk else "-/+"
        else:
            result = Result.FIRST_WINS
            winners.add(pair_of(board)[0])
        set_board_result(board=board, result=result, user=td)
    losers = set(event.entries.values_list("pk", flat=True)) - winners - {pair_of(bye)[0]}
    for loser in Entry.objects.filter(pk__in=losers):
        set_requested_byes(entry=loser, user=td, rounds=[(2, "0")])
    states = {s.id: s for s in player_states(event, 2)}
    assert states[four.pk].forfeit_wins == 1 and states[four.pk].score == 1.0
    # Three players on one point: #5 had the bye, #4 won by forfeit, so the third takes it.
    round_2 = pair_round(event, td)
    (other,) = winners - {four.pk}
    assert round_2.boards.get(result=Result.BYE).side_ids == [other]


@pytest.mark.django_db
def test_baku_acceleration_is_chosen_per_event_and_shown_on_the_draft(client: Client) -> None:
    event, td = event_with_players(16, rounds=7, system="swiss", acceleration="baku")
    draft = pair_round(event, td)
    assert any("Baku acceleration" in note for note in note_texts(draft)), draft.notes
    client.force_login(td)
    page = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert "Accelerated pairings:" in page and "Baku (FIDE)" in page
    plain, td2 = event_with_players(16, rounds=7, system="swiss", director="td2")
    assert not any("Baku" in note for note in note_texts(pair_round(plain, td2)))
    with pytest.raises(DomainError, match="not an acceleration"):
        update_event(event=plain, user=td2, data={"acceleration": "rocket"})
    update_event(event=event, user=td, data={"acceleration": ""})
    api = api_as(td2)
    patched = api.patch(
        f"/api/events/{plain.slug}/",
        {"acceleration": "baku", "keep_apart": ["country"], "requested_bye_points": ["1"]},
        format="json",
    )
    assert patched.status_code == 200, patched.content
    body = patched.json()
    assert (body["acceleration"], body["keep_apart"], body["requested_bye_points"]) == (
        "baku",
        ["country"],
        ["1"],
    )
    bad = api.patch(f"/api/events/{plain.slug}/", {"keep_apart": ["rating"]}, format="json")
    assert bad.status_code == 400 and "keep_apart" in bad.json()
    assert EventLogEntry.objects.filter(event=event, description="Acceleration: none.").exists()


@pytest.mark.django_db
def test_the_event_form_sets_acceleration_keep_apart_and_bye_values(client: Client) -> None:
    event, td = event_with_players(4, system="swiss")
    client.force_login(td)
    form = client.get(f"/events/{event.slug}/edit/").content.decode()
    assert 'name="keep_apart"' in form and 'name="acceleration"' in form
    data = {
        "name": event.name,
        "ruleset": "mso",
        "pairing_system": "swiss",
        "rounds": 7,
        "clock_minutes": 10,
        "bye_value": "1.0",
        "tiebreak_preset": "mso-ingenious",
        "acceleration": "baku",
        "keep_apart": ["country", "club"],
        "requested_bye_points": ["0", "0.5"],
    }
    response = client.post(f"/events/{event.slug}/edit/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    event.refresh_from_db()
    assert event.acceleration == "baku"
    assert event.keep_apart == ["club", "country"]
    assert event.requested_bye_points == ["0", "0.5"]


@pytest.mark.django_db
def test_the_restrictions_api_lists_and_removes_pairs_for_directors_only() -> None:
    event, td = event_with_players(4, system="swiss")
    url = f"/api/events/{event.slug}/restrictions/"
    api = api_as(td)
    bad = api.post(url, {"first": entry(event, 1).pk, "second": 9999, "reason": "x"}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "second"
    assert "9999 is not an entry of this event." in bad.json()["detail"]
    created = api.post(
        url, {"first": entry(event, 1).pk, "second": entry(event, 2).pk, "reason": "twins"}
    )
    assert created.status_code == 201, created.content
    listed = api.get(url).json()
    assert [(p["first_name"], p["second_name"], p["reason"]) for p in listed] == [
        (entry(event, 1).player.name, entry(event, 2).player.name, "twins")
    ]
    stranger = api_as(event_with_players(2, director="other")[1])
    assert stranger.get(url).status_code == 403
    assert stranger.delete(f"{url}{listed[0]['id']}/").status_code == 403
    assert api.delete(f"{url}{listed[0]['id']}/").status_code == 204
    assert api.get(url).json() == []


@pytest.mark.django_db
@settings(
    max_examples=6,
    deadline=None,
    derandomize=True,  # a handful of whole events: the same ones every run
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    size=st.integers(min_value=5, max_value=8),
    apart=st.lists(st.tuples(st.integers(1, 8), st.integers(1, 8)), max_size=4),
)
def test_kept_apart_pairs_meet_only_where_the_draft_says_the_restriction_gave_way(
    size: int, apart: list[tuple[int, int]]
) -> None:
    event, td = event_with_players(size, rounds=4, system="swiss", director="prop")
    kept: set[frozenset[int]] = set()
    for a, b in apart:
        if a != b and a <= size and b <= size and frozenset((a, b)) not in kept:
            kept.add(frozenset((a, b)))
            add_forbidden_pair(
                event=event,
                user=td,
                first=entry(event, a).pk,
                second=entry(event, b).pk,
                reason="property",
            )
    ranks = dict(event.entries.values_list("pk", "starting_rank"))
    for _ in range(4):
        round_ = play_round(event, td)
        games = {
            frozenset((ranks[pair_of(b)[0]], ranks[pair_of(b)[1]]))
            for b in round_.boards.filter(seats__number=1)
        }
        if games & kept:
            assert any("restriction gave way" in note for note in note_texts(round_)), round_.notes
