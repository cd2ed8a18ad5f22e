"""Every board has its seats in order, and they agree with the board's pair whatever wrote it:
the pairing, a requested bye, a late entry, a reinstatement, a draft swap, a result."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.factories import PlayerFactory
from tests.tournament.helpers import event_with_players
from tournament.entries.services import add_entry, reinstate_entry, withdraw_entry
from tournament.models.events import Board, Entry, Result, Round
from tournament.models.tables import SEATED, Seat
from tournament.results.services import set_board_result
from tournament.rounds.selectors import boards_of, pair_of
from tournament.rounds.services import compute_draft, publish_round, start_pairing, swap_players

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def seat_rows(round_: Round) -> dict[int, list[int]]:
    seats: dict[int, list[int]] = {}
    for seat in Seat.objects.filter(board__round=round_).order_by("board__number", "number"):
        seats.setdefault(seat.board.number, []).append(seat.entry_id)
    return seats


def pair_rows(round_: Round) -> dict[int, list[int]]:
    return {
        b.number: [e for e in pair_of(b) if e is not None]
        for b in round_.boards.prefetch_related("seats").order_by("number")
    }


def two_sided(round_: Round) -> list[Board]:
    """The round's games between two players (not a bye), in board order."""
    return [b for b in boards_of(round_) if len(b.side_ids) == 2]


def paired(event, user) -> Round:  # type: ignore[no-untyped-def]
    round_ = start_pairing(event=event, user=user)
    compute_draft(round_.pk)
    return Round.objects.get(pk=round_.pk)


def test_a_paired_round_seats_every_board_as_its_pair_and_a_swap_reseats_it() -> None:
    event, user = event_with_players(7, rounds=5, system="swiss")
    round_ = paired(event, user)
    assert seat_rows(round_) == pair_rows(round_)
    assert len(seat_rows(round_)) == 4  # three games and a bye
    games = two_sided(round_)
    one, other = games[0], games[1]
    moved = other.sides[1]
    swap_players(round_=round_, user=user, first=one.sides[0], second=moved, reason="club mates")
    assert seat_rows(round_) == pair_rows(round_)
    one = Board.objects.prefetch_related(*SEATED).get(pk=one.pk)
    assert moved.pk in one.side_ids
    swap_players(
        round_=round_, user=user, first=one.sides[0], second=one.sides[1], reason="colours"
    )
    assert seat_rows(round_) == pair_rows(round_)


def test_a_result_places_the_seats_and_a_correction_replaces_the_placings() -> None:
    event, user = event_with_players(4, rounds=3, system="swiss")
    round_ = publish_round(round_=paired(event, user), user=user)
    board = two_sided(round_)[0]
    set_board_result(
        board=board, user=user, result=Result.SECOND_WINS, first_lowest=6, second_lowest=9
    )
    placings = list(board.seats.order_by("number").values_list("placing", "levels"))
    assert placings == [(2, [6]), (1, [9])]
    set_board_result(
        board=board,
        user=user,
        result=Result.DRAW,
        first_lowest=8,
        second_lowest=8,
        reason="the levels were misread",
    )
    placings = list(board.seats.order_by("number").values_list("placing", "levels"))
    assert placings == [(1, [8]), (1, [8])]
    set_board_result(
        board=board,
        user=user,
        result=Result.FIRST_FORFEIT_WIN,
        reason="the second player never came",
    )
    assert list(board.seats.values_list("placing", flat=True)) == [None, None]


def test_late_entries_and_reinstatements_get_boards_of_one_seat() -> None:
    event, user = event_with_players(6, rounds=5, system="swiss")
    round_ = publish_round(round_=paired(event, user), user=user)
    late = add_entry(event=event, user=user, player=PlayerFactory())
    gone = Entry.objects.filter(event=event).exclude(pk=late.pk).first()
    assert gone is not None
    for board in round_.boards.all():
        board.result = board.result or Result.FIRST_WINS
        board.save(update_fields=["result"])
    withdraw_entry(entry=gone, user=user)
    second = publish_round(round_=paired(event, user), user=user)
    reinstate_entry(entry=gone, user=user)
    for r in (round_, second):
        assert seat_rows(r) == pair_rows(r)
    assert seat_rows(round_)[max(seat_rows(round_))] == [late.pk]
    assert Seat.objects.filter(entry=gone, board__round=second).count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_migrations_seat_boards_made_before_seats_existed_with_their_levels() -> None:
    """Boards written before seats (migration 0012's schema) are seated by 0013, and their
    lowest levels are carried into the seats' levels by every migration since."""
    executor = MigrationExecutor(connection)
    executor.migrate([("tournament", "0012_confirmation_levels")])
    old = executor.loader.project_state([("tournament", "0012_confirmation_levels")]).apps
    event = old.get_model("tournament", "Event").objects.create(name="Old Open", slug="old-open")
    Player = old.get_model("tournament", "Player")
    Entry = old.get_model("tournament", "Entry")
    a, b, c = (
        Entry.objects.create(event=event, player=Player.objects.create(name=name), starting_rank=i)
        for i, name in enumerate(("Ann", "Bob", "Cy"), start=1)
    )
    round_ = old.get_model("tournament", "Round").objects.create(
        event=event, number=1, status="published"
    )
    OldBoard = old.get_model("tournament", "Board")
    game = OldBoard.objects.create(
        round=round_, number=1, first=a, second=b, result="0-1", first_lowest=4, second_lowest=7
    )
    bye = OldBoard.objects.create(round=round_, number=2, first=c, result=Result.BYE)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert list(
        Seat.objects.filter(board_id=game.pk).values_list("number", "entry", "placing", "levels")
    ) == [(0, a.pk, 2, [4]), (1, b.pk, 1, [7])]
    assert list(Seat.objects.filter(board_id=bye.pk).values_list("number", "entry", "placing")) == [
        (0, c.pk, None)
    ]
