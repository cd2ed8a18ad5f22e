"""The round rules: no pairing over an unfinished round, late entries, withdrawals, requested
byes, the history the pairing reads, and the director's changes to a draft."""

from decimal import Decimal
from typing import Any

import pytest

from tests.factories import BoardFactory, EntryFactory, PlayerFactory
from tests.tournament.helpers import api_as, event_with_players, hand_result
from tournament.entries.byes import set_requested_byes
from tournament.entries.selectors import entries_of
from tournament.entries.services import add_entry, add_player_entry, rank_by_rating, withdraw_entry
from tournament.errors import Conflict, DomainError
from tournament.events.services import update_event
from tournament.models.events import Board, Entry, Event, Result, Round
from tournament.results.services import set_board_result
from tournament.rounds.history import player_states
from tournament.rounds.models import PairingChange
from tournament.rounds.selectors import pair_of, plays_round_robin, seat_in
from tournament.rounds.services import (
    compute_draft,
    delete_draft,
    publish_round,
    start_pairing,
    swap_boards,
    swap_players,
)

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def play_round(event: Event, user: Any, *, results: bool = True) -> Round:
    """Pair, publish and (by default) enter every result of the next round."""
    round_ = start_pairing(event=event, user=user)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT, round_.pairing_error
    publish_round(round_=round_, user=user)
    if results:
        for board in round_.boards.filter(result=""):
            set_board_result(board=board, user=user, **hand_result(round_.number, board.number))
    round_.refresh_from_db()
    return round_


def seated(round_: Round) -> set[int]:
    ids = set()
    for board in round_.boards.all():
        ids |= set(pair_of(board)) - {None}
    return ids


@pytest.mark.django_db
def test_pairing_is_refused_while_boards_have_no_result_and_the_refusal_lists_them() -> None:
    event, td = event_with_players(12)
    round_1 = play_round(event, td, results=False)
    for board in round_1.boards.exclude(number__in=[2, 5]):
        set_board_result(board=board, result="1-0", user=td)
    refused = api_as(td).post(f"/api/events/{event.slug}/rounds/")
    assert refused.status_code == 400
    body = refused.json()
    assert body["boards"] == [2, 5] and body["code"] == "round_unfinished"
    b2, b5 = round_1.boards.get(number=2), round_1.boards.get(number=5)
    for board in (b2, b5):
        assert f"board {board.number} ({board.sides[0].player.name} v" in body["detail"]
    assert not event.round_set.filter(number=2).exists()


@pytest.mark.django_db
def test_a_late_entry_joins_the_next_round_with_half_point_byes_for_missed_rounds() -> None:
    event, td = event_with_players(12)
    play_round(event, td)
    play_round(event, td)
    api = api_as(td)
    added = api.post(
        f"/api/events/{event.slug}/entries/",
        {"name": "Late Larry", "club": "York", "missed_rounds": "half"},
        format="json",
    )
    assert added.status_code == 201, added.content
    late = Entry.objects.get(pk=added.json()["id"])
    assert (late.joined_round, late.starting_rank) == (3, 13)
    missed = Board.objects.filter(seats__number=0, seats__entry=late).order_by("round__number")
    assert [(b.round.number, b.result, pair_of(b)[1]) for b in missed] == [
        (1, Result.HALF_BYE, None),
        (2, Result.HALF_BYE, None),
    ]
    for board in missed:
        assert board.number == board.round.boards.count(), "after the round's other boards"
    state = {s.id: s for s in player_states(event, 3)}[late.pk]
    assert state.score == 1.0 and state.active and state.opponents == ()
    round_3 = play_round(event, td)
    assert late.pk in seated(round_3)
    assert len(seated(round_3)) == 13
    assert round_3.boards.filter(result=Result.BYE).count() == 1


@pytest.mark.django_db
def test_a_late_entry_can_score_zero_for_missed_rounds_and_waits_for_an_open_draft() -> None:
    event, td = event_with_players(12)
    play_round(event, td)
    late = add_player_entry(
        event=event, user=td, player=None, player_fields={"name": "Zero Zed"}, missed_rounds="zero"
    )
    assert Board.objects.get(seats__number=0, seats__entry=late).result == Result.ABSENT
    assert {s.id: s for s in player_states(event, 2)}[late.pk].score == 0.0
    start_pairing(event=event, user=td)
    with pytest.raises(Conflict, match="Round 2 is being paired: publish or delete it"):
        add_player_entry(event=event, user=td, player=None, player_fields={"name": "Too Late"})
    assert not event.entries.filter(player__name="Too Late").exists()


@pytest.mark.django_db
def test_a_withdrawn_player_is_never_paired_again_and_results_stand() -> None:
    event, td = event_with_players(12)
    round_1 = play_round(event, td)
    leaving = round_1.boards.get(number=1).sides[0]
    result_before = round_1.boards.get(number=1).result
    response = api_as(td).patch(
        f"/api/events/{event.slug}/entries/{leaving.pk}/", {"status": "withdrawn"}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["withdrawn_after_round"] == 1
    for _ in range(3):
        later = play_round(event, td)
        assert leaving.pk not in seated(later)
        assert len(seated(later)) == 11
        assert later.boards.filter(result=Result.BYE).count() == 1
    assert round_1.boards.get(number=1).result == result_before
    byes = Board.objects.filter(round__event=event, result=Result.BYE)
    assert len({pair_of(b)[0] for b in byes}) == byes.count(), "nobody gets a second bye"


@pytest.mark.django_db
def test_a_player_in_a_draft_cannot_withdraw_until_the_draft_is_deleted() -> None:
    event, td = event_with_players(12)
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    entry = event.entries.first()
    with pytest.raises(Conflict, match="delete the draft"):
        withdraw_entry(entry=entry, user=td)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ACTIVE
    delete_draft(round_=round_, user=td)
    assert withdraw_entry(entry=entry, user=td).withdrawn_after_round == 0
    assert entry.pk not in seated(play_round(event, td))


@pytest.mark.django_db
def test_a_requested_bye_is_a_half_point_board_after_the_games() -> None:
    event, td = event_with_players(12)
    resting = event.entries.get(starting_rank=3)
    set_requested_byes(entry=resting, user=td, rounds=[2])
    play_round(event, td)
    round_2 = play_round(event, td)
    board = Board.objects.get(round=round_2, seats__number=0, seats__entry=resting)
    assert (pair_of(board)[1], board.result) == (None, Result.HALF_BYE)
    allocated = round_2.boards.get(result=Result.BYE)
    assert board.number == round_2.boards.count() and allocated.number == board.number - 1
    state = {s.id: s for s in player_states(event, 3)}[resting.pk]
    assert state.byes == 0 and state.firsts[-1] is None
    game = seat_in(event.round_set.get(number=1), resting)
    won = {"1-0": pair_of(game)[0], "+/-": pair_of(game)[0], "0-1": pair_of(game)[1]}
    round_1 = 0.5 if game.result == "1/2-1/2" else float(won.get(game.result) == resting.pk)
    assert state.score == round_1 + 0.5
    with pytest.raises(DomainError, match="already paired") as refused:
        set_requested_byes(entry=resting, user=td, rounds=[2, 1])
    assert refused.value.field == "requested_byes"
    resting.refresh_from_db()
    assert resting.requested_byes == [2]


@pytest.mark.django_db
def test_player_states_read_scores_byes_forfeits_first_moves_and_floats() -> None:
    event, td = event_with_players(0, bye_value=Decimal("0.5"))
    a, b, c = (EntryFactory(event=event, starting_rank=r) for r in (1, 2, 3))
    round_1 = Round.objects.create(event=event, number=1, status=Round.Status.COMPLETE)
    BoardFactory(round=round_1, number=1, sides=[a, b], result="1-0")
    BoardFactory(round=round_1, number=2, sides=[c], result="bye")
    round_2 = Round.objects.create(event=event, number=2, status=Round.Status.COMPLETE)
    BoardFactory(round=round_2, number=1, sides=[c, a], result="-/+")
    BoardFactory(round=round_2, number=2, sides=[b], result="half-bye")
    states = {s.id: s for s in player_states(event, 3)}
    assert states[a.pk].score == 2.0 and states[a.pk].opponents == (b.pk, c.pk)
    assert states[a.pk].firsts == (True, None), "a forfeit is no game for who moved first"
    assert states[b.pk].score == 0.5 and states[b.pk].firsts == (False, None)
    assert states[c.pk].score == 0.5 and states[c.pk].byes == 1
    assert states[c.pk].floats == ("down", "up")
    assert states[a.pk].floats == (None, "down")


@pytest.mark.django_db
def test_swapping_players_and_boards_in_a_draft_is_logged_with_warnings() -> None:
    event, td = event_with_players(11)
    play_round(event, td)
    round_2 = start_pairing(event=event, user=td)
    compute_draft(round_2.pk)
    round_1 = event.round_set.get(number=1)
    had_bye = round_1.boards.get(result=Result.BYE).sides[0]
    bye_board = round_2.boards.get(result=Result.BYE)
    game = round_2.boards.filter(seats__number=1).exclude(seats__entry=had_bye)
    # Give the round-2 bye to the player who had the round-1 bye: a second bye.
    seat = seat_in(round_2, had_bye)
    change = swap_players(
        round_=round_2, user=td, first=bye_board.sides[0], second=had_bye, reason="Test swap"
    )
    assert any("already had a bye" in w for w in change.warnings), change.warnings
    assert round_2.boards.get(result=Result.BYE).side_ids == [had_bye.pk]
    assert Board.objects.get(pk=seat.pk).result == ""
    with pytest.raises(DomainError, match="Say why") as no_reason:
        swap_players(round_=round_2, user=td, first=bye_board.sides[0], second=had_bye, reason=" ")
    assert no_reason.value.field == "reason"
    first_game, second_game = game[0], game[1]
    a, b = first_game.number, second_game.number
    swap_boards(round_=round_2, user=td, board_a=a, board_b=b, reason="TV table")
    assert Board.objects.get(pk=first_game.pk).number == b
    assert Board.objects.get(pk=second_game.pk).number == a
    with pytest.raises(DomainError, match="is a bye"):
        swap_boards(
            round_=round_2,
            user=td,
            board_a=a,
            board_b=round_2.boards.get(result=Result.BYE).number,
            reason="x",
        )
    flipped = round_2.boards.get(number=a)
    first_before = pair_of(flipped)[0]
    swap_players(
        round_=round_2, user=td, first=flipped.sides[0], second=flipped.sides[1], reason="Colours"
    )
    flipped.refresh_from_db()
    assert pair_of(flipped)[1] == first_before
    assert PairingChange.objects.filter(round=round_2).count() == 3
    publish_round(round_=round_2, user=td)
    with pytest.raises(Conflict, match="not a draft"):
        swap_boards(round_=round_2, user=td, board_a=1, board_b=2, reason="late")


@pytest.mark.django_db
def test_a_round_robin_takes_no_late_entries_and_ranks_follow_ratings_before_round_one() -> None:
    event, td = event_with_players(0, rounds=5)
    for rating in (1500, None, 1900, 1700, 1600):
        add_entry(event=event, user=td, player=PlayerFactory(rating=rating))
    rank_by_rating(event=event, user=td)
    ratings = [e.player.rating for e in entries_of(event)]
    assert ratings == [1900, 1700, 1600, 1500, None]
    play_round(event, td)
    assert plays_round_robin(event)
    with pytest.raises(DomainError, match="all-play-all"):
        add_entry(event=event, user=td, player=PlayerFactory())
    with pytest.raises(DomainError, match="fixed once round 1"):
        rank_by_rating(event=event, user=td)
    with pytest.raises(DomainError, match="cannot change once round 1") as locked:
        update_event(event=event, user=td, data={"pairing_system": "swiss"})
    assert locked.value.field == "pairing_system"
    event.refresh_from_db()
    assert event.pairing_system == "auto"


@pytest.mark.django_db
def test_results_must_fit_the_board_and_the_lowest_colours() -> None:
    event, td = event_with_players(4, rounds=3)
    draft = start_pairing(event=event, user=td)
    compute_draft(draft.pk)
    board = draft.boards.get(number=1)
    with pytest.raises(DomainError, match="not published"):
        set_board_result(board=board, result="1-0", user=td)
    publish_round(round_=draft, user=td)
    with pytest.raises(DomainError, match="the result is 1-0") as wrong:
        set_board_result(board=board, result="0-1", user=td, first_lowest=12, second_lowest=9)
    assert wrong.value.field == "result"
    with pytest.raises(DomainError, match="not a result for a game"):
        set_board_result(board=board, result="bye", user=td)
    with pytest.raises(DomainError, match="played games only"):
        set_board_result(board=board, result="+/-", user=td, first_lowest=3)
    board.refresh_from_db()
    assert board.result == "" and not board.corrections.exists()
    set_board_result(board=board, result="1-0", user=td, first_lowest=9, second_lowest=9)
    draft.refresh_from_db()
    assert draft.status == Round.Status.PLAYING
    set_board_result(board=board, result="", user=td, reason="entered on wrong board")
    board.refresh_from_db()
    assert board.result == "" and board.corrections.count() == 2


@pytest.mark.django_db
def test_a_swap_that_gives_a_third_first_move_in_a_row_is_warned_about() -> None:
    event, td = event_with_players(0)
    a, b, c, d = (EntryFactory(event=event, starting_rank=r) for r in (1, 2, 3, 4))
    for number, (x, y, z, w) in ((1, (a, b, c, d)), (2, (a, c, b, d))):
        done = Round.objects.create(event=event, number=number, status=Round.Status.COMPLETE)
        BoardFactory(round=done, number=1, sides=[x, y], result="1-0")
        BoardFactory(round=done, number=2, sides=[z, w], result="0-1")
    draft = Round.objects.create(event=event, number=3, status=Round.Status.DRAFT)
    BoardFactory(round=draft, number=1, sides=[d, a])
    BoardFactory(round=draft, number=2, sides=[b, c])
    change = swap_players(round_=draft, user=td, first=a, second=d, reason="Asked")
    assert change.description == "Board 1: swapped who moves first"
    assert any("First-move imbalance" in w and a.player.name in w for w in change.warnings)
    assert Board.objects.get(round=draft, number=1).side_ids[0] == a.pk
