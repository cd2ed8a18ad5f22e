"""Games at tables of 3 and 4: set up from the seats, recorded with a clock per seat, flags at a
table (RULINGS.md: the flagged player stops, the others play on), and the result sent to the
tournament floor as placings."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.clocks.services import detect_flag, press_clock, start_clock
from games.engine.randomgame import random_game
from games.models import Game
from games.recording import positions
from games.recording.corrections import take_back
from games.recording.services import import_record, record_action
from games.recording.setup import create_games_for_round, game_for_board
from games.recording.writes import effective_rows
from tests.factories import EntryFactory, EventFactory, RoundFactory, arbiter_of
from tests.games.factories import fresh
from tournament.models.events import Board, Event, Result, Round
from tournament.models.tables import Seat
from tournament.rounds.seating import Table, seat_boards

pytestmark = pytest.mark.usefixtures("tasks_in_process")

NAMES = ["Ada Byron", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"]


def table_round(*sizes: int, **event_fields: Any) -> tuple[Event, Round, list[Board]]:
    """A published round of an event of tables, with one board per size (seat 0 first)."""
    event_fields.setdefault("table_size", max(sizes))
    event = EventFactory(**event_fields)
    round_ = RoundFactory(event=event)
    tables = []
    for size in sizes:
        entries = [EntryFactory(event=event, player__name=name) for name in NAMES[:size]]
        tables.append(Table(entries=[e.pk for e in entries]))
    boards = seat_boards(round_, tables, first_number=1)
    return event, round_, [Board.objects.get(pk=b.pk) for b in boards]


def four_seat_game(**event_fields: Any) -> tuple[Board, Game, Any]:
    event, _round, (board,) = table_round(4, **event_fields)
    return board, game_for_board(board), arbiter_of(event)


def place_legal(game: Game, user: Any) -> dict[str, Any]:
    """Record the first legal placement for the seat the engine expects."""
    game = fresh(game)
    rows = effective_rows(game)
    eng = positions.replay(game.ruleset, game.options, game.players, [r.payload for r in rows])
    move = eng.legal_placements()[0]
    record_action(game=game, user=user, expected_index=game.log_length, action=move)
    return move


def press(game: Game, user: Any) -> None:
    game = fresh(game)
    press_clock(game=game, user=user, expected_index=game.log_length)


# ---------------------------------------------------------------- setup


@pytest.mark.django_db
def test_a_game_is_set_up_for_every_table_of_two_to_four_with_a_clock_per_seat() -> None:
    _event, round_, boards = table_round(4, 3, 2, 1, clock_minutes=25)
    games = {g.board_id: g for g in create_games_for_round(round_)}
    assert set(games) == {boards[0].pk, boards[1].pk, boards[2].pk}  # no game at the bye
    four, three, two = (games[b.pk] for b in boards[:3])
    assert four.players == NAMES and three.players == NAMES[:3] and two.players == NAMES[:2]
    assert four.remaining_ms == [25 * 60_000] * 4 and three.remaining_ms == [25 * 60_000] * 3
    # The event plays MSO, which is for two: its tables play the standard game, on the board
    # of their size (radius 7 for four, 6 for three); its pair keeps MSO.
    assert (four.ruleset, three.ruleset, two.ruleset) == ("standard", "standard", "mso")
    assert four.position["radius"] == 7 and three.position["radius"] == 6
    assert two.position["radius"] == 5
    assert four.options["flag_allowed"] is True


@pytest.mark.django_db
def test_the_players_follow_the_seats_not_the_order_entries_were_made() -> None:
    event = EventFactory(table_size=3, ruleset=Event.Ruleset.STANDARD)
    round_ = RoundFactory(event=event)
    a, b, c = (EntryFactory(event=event, player__name=n) for n in NAMES[:3])
    (board,) = seat_boards(round_, [Table(entries=[c.pk, a.pk, b.pk])], first_number=1)
    game = game_for_board(board)
    assert game.players == [NAMES[2], NAMES[0], NAMES[1]]
    assert game.ruleset == "standard"


# ---------------------------------------------------------------- the clock through the seats


@pytest.mark.django_db
def test_the_clock_goes_round_the_four_seats_of_a_table() -> None:
    board, game, arbiter = four_seat_game()
    start_clock(game=game, user=arbiter, expected_index=0)
    assert fresh(game).clock_seat == 0
    on_clock = []
    for turn in range(5):
        move = place_legal(game, arbiter)
        assert move["player"] == turn % 4
        press(game, arbiter)
        on_clock.append(fresh(game).clock_seat)
    assert on_clock == [1, 2, 3, 0, 1]
    game = fresh(game)
    assert game.status == Game.Status.PLAYING and len(game.remaining_ms) == 4
    # Only the seat on the clock places: seat 2 is refused while seat 1's clock runs.
    eng = positions.replay(
        game.ruleset, game.options, game.players, [r.payload for r in effective_rows(game)]
    )
    move = dict(eng.legal_placements()[0], player=2)
    with pytest.raises(Exception, match="press the clock"):
        record_action(game=game, user=arbiter, expected_index=game.log_length, action=move)


@pytest.mark.django_db
def test_a_flag_at_a_table_stops_that_player_and_the_others_play_on() -> None:
    board, game, arbiter = four_seat_game(clock_minutes=1)
    start_clock(game=game, user=arbiter, expected_index=0)
    place_legal(game, arbiter)
    press(game, arbiter)  # seat 1's clock runs
    later = timezone.now() + timedelta(minutes=2)
    flag = detect_flag(game.pk, at=later)
    assert flag is not None and flag.payload == {"type": "flag", "player": 1}
    game = fresh(game)
    assert game.status == Game.Status.PLAYING  # three players play on
    assert game.clock_seat == 2 and game.position["flagged"] == [1]
    # Seat 2 plays and presses; the turn then passes seat 3 and comes back past the flag.
    assert place_legal(game, arbiter)["player"] == 2
    press(game, arbiter)
    assert fresh(game).clock_seat == 3
    assert place_legal(game, arbiter)["player"] == 3
    press(game, arbiter)
    assert fresh(game).clock_seat == 0
    assert place_legal(game, arbiter)["player"] == 0
    press(game, arbiter)
    assert fresh(game).clock_seat == 2  # seat 1 is skipped


@pytest.mark.django_db
def test_the_game_at_a_table_ends_when_every_flag_has_fallen(
    django_capture_on_commit_callbacks: Any,
) -> None:
    board, game, arbiter = four_seat_game(clock_minutes=1)
    start_clock(game=game, user=arbiter, expected_index=0)
    at = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        for n in range(4):
            at += timedelta(minutes=2)
            assert detect_flag(game.pk, at=at) is not None, n
    game = fresh(game)
    assert game.status == Game.Status.FINISHED and game.clock_seat is None
    board.refresh_from_db()
    assert board.result == Result.TABLE
    # Nobody scored: every level 0, so all four share the first placing.
    assert [s.placing for s in board.seats.order_by("number")] == [1, 1, 1, 1]


# ---------------------------------------------------------------- the result


@pytest.mark.django_db
def test_a_finished_table_game_sends_its_placings_and_levels_to_the_board(
    django_capture_on_commit_callbacks: Any,
) -> None:
    board, game, arbiter = four_seat_game()
    record = random_game("standard", mode="board", seed=3, players=4)
    actions = positions.board_mode_actions(record)
    end = positions.replay(game.ruleset, game.options, game.players, actions)
    assert end.over
    with django_capture_on_commit_callbacks(execute=True):
        import_record(
            game=game,
            user=arbiter,
            source=positions.make_record(
                game.ruleset, game.options, game.players, actions
            ).to_json(),
        )
    game = fresh(game)
    assert game.status == Game.Status.FINISHED
    assert game.position["placings"] == positions.placings(end)
    board.refresh_from_db()
    assert board.result == Result.TABLE
    seats = list(Seat.objects.filter(board=board).order_by("number"))
    assert [s.placing for s in seats] == positions.placings(end)
    assert [s.lowest for s in seats] == [min(side) for side in end.scores]
    assert [s.next_lowest for s in seats] == [sorted(side)[1] for side in end.scores]


# ---------------------------------------------------------------- pages


@pytest.mark.django_db
def test_the_board_page_shows_a_clock_and_a_track_for_every_seat(client: Client) -> None:
    board, game, arbiter = four_seat_game()
    client.force_login(arbiter)
    start_clock(game=game, user=arbiter, expected_index=0)
    place_legal(game, arbiter)
    press(game, arbiter)
    html = client.get(reverse("game-board", args=[board.pk])).content.decode()
    assert html.count('class="clock-time"') == 4
    assert html.count('data-track-seat="') == 4
    assert 'class="clocks seats-4"' in html
    assert " v ".join(NAMES) in html.replace('<span class="muted">v</span>', "v")
    assert "Clock: <strong>Alan Turing</strong>" in html  # seat 1 on the clock
    # The board of four has radius 7: all 169 cells are in use.
    assert len(re.findall(r'class="cell in-use[ "]', html)) == 169


@pytest.mark.django_db
def test_the_live_page_and_the_viewer_show_every_seat_and_the_placings(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    board, game, arbiter = four_seat_game()
    event = board.round.event
    record = random_game("standard", mode="board", seed=5, players=4)
    actions = positions.board_mode_actions(record)
    end = positions.replay(game.ruleset, game.options, game.players, actions)
    with django_capture_on_commit_callbacks(execute=True):
        import_record(
            game=game,
            user=arbiter,
            source=positions.make_record(
                game.ruleset, game.options, game.players, actions
            ).to_json(),
        )
    live = client.get(reverse("event-live-boards", args=[event.slug])).content.decode()
    for name in NAMES:
        assert name in live
    assert len(re.findall(r'class="lb-player[ "]', live)) == 4
    for placing in positions.placings(end):
        assert f"placing {placing}" in live
    viewer = client.get(reverse("game-view", args=[board.pk])).content.decode()
    assert viewer.count("data-view-clock=") == 4
    assert viewer.count('data-track-seat="') == 4
    projector = client.get(reverse("event-projector-screens", args=[event.slug])).content.decode()
    for name in NAMES:
        assert name in projector


@pytest.mark.django_db
def test_taking_back_the_last_move_of_a_table_game_withdraws_its_placings(
    django_capture_on_commit_callbacks: Any,
) -> None:
    board, game, arbiter = four_seat_game()
    actions = positions.board_mode_actions(random_game("standard", mode="board", seed=3, players=4))
    record = positions.make_record(game.ruleset, game.options, game.players, actions)
    with django_capture_on_commit_callbacks(execute=True):
        import_record(game=game, user=arbiter, source=record.to_json())
        game = fresh(game)
        take_back(
            game=game, user=arbiter, expected_index=game.log_length, reason="misread the tile"
        )
    game = fresh(game)
    assert game.status == Game.Status.PLAYING
    board.refresh_from_db()
    assert board.result == ""
    assert [s.placing for s in board.seats.order_by("number")] == [None] * 4
