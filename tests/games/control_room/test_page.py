"""The control room shows every online board of the round to the event's arbiters and
directors only: each seat's name, clock and move count, the board's status."""

from __future__ import annotations

import re

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from games.control_room import selectors
from games.recording.services import record_action
from games.recording.setup import game_for_board
from tests.factories import BoardFactory, EntryFactory
from tests.games.control_room.world import build_room
from tests.games.recording.test_online_boards import engine_of
from tournament.models.events import Board
from tournament.models.where import Played

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def test_the_arbiter_sees_every_online_board_with_names_clocks_and_moves() -> None:
    room = build_room()
    game = room.game(0)
    record_action(
        game=game,
        user=room.arbiter,
        expected_index=game.log_length,
        action=engine_of(game).legal_placements()[0],
    )
    page = room.client(room.arbiter).get(room.url)
    assert page.status_code == 200
    html = page.content.decode()
    for name in ("Ada Byron", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"):
        assert name in html
    assert 'id="control-board-1"' in html and 'id="control-board-2"' in html
    cards = selectors.board_cards(room.round)
    assert [[s.moves for s in card.seats] for card in cards] == [[1, 0], [0, 0]]
    assert [card.status for card in cards] == ["playing", "playing"]
    # The live part hears the event's socket, and polls while it cannot.
    assert f'data-push="/ws/events/{room.event.slug}/live/"' in html


def test_a_clock_is_read_from_its_timestamps_when_the_page_is_read() -> None:
    room = build_room(started=False)
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        from games.clocks.services import start_clock

        game = room.game(1)
        start_clock(game=game, user=room.arbiter, expected_index=game.log_length)
        traveller.shift(42)
        cards = selectors.board_cards(room.round)
    board_two = cards[1]
    assert board_two.seats[0].running and not board_two.seats[1].running
    assert board_two.seats[0].clock_ms == room.game(1).clock_ms - 42_000
    assert board_two.seats[1].clock_ms == room.game(1).clock_ms
    assert cards[0].status == "pending"


def test_a_board_at_the_venue_is_not_in_the_control_room() -> None:
    room = build_room()
    venue = BoardFactory(
        round=room.round,
        number=3,
        played=Played.VENUE,
        sides=[
            EntryFactory(event=room.event, player__name="Venue Vera"),
            EntryFactory(event=room.event),
        ],
    )
    game_for_board(venue)
    html = room.client(room.arbiter).get(room.url).content.decode()
    assert "Venue Vera" not in html
    assert [c.board.number for c in selectors.board_cards(room.round)] == [1, 2]


@pytest.mark.parametrize("who", ["arbiter", "director"])
def test_the_events_arbiters_and_directors_may_open_it(who: str) -> None:
    room = build_room()
    user = getattr(room, who)
    assert room.client(user).get(room.url).status_code == 200
    assert room.client(user).get(room.live_url).status_code == 200


@pytest.mark.parametrize("who", ["other_director", "player"])
def test_anyone_else_is_refused(who: str) -> None:
    room = build_room()
    user = room.other_director if who == "other_director" else room.players[0]
    assert room.client(user).get(room.url).status_code == 403
    assert room.client(user).get(room.live_url).status_code == 403


def test_a_visitor_is_asked_to_log_in() -> None:
    room = build_room()
    answer = room.client(None).get(room.url)
    assert answer.status_code == 302
    assert answer["Location"].startswith(reverse("login"))


def test_an_unpublished_or_missing_round_is_not_found() -> None:
    room = build_room()
    missing = reverse("control-room", args=[room.event.slug, 9])
    assert room.client(room.arbiter).get(missing).status_code == 404


def test_the_round_page_links_the_control_room_for_its_arbiters_only() -> None:
    room = build_room()
    round_page = reverse("event-round", args=[room.event.slug, room.round.number])
    link = re.escape(room.url)
    assert re.search(link, room.client(room.arbiter).get(round_page).content.decode())
    assert re.search(link, room.client(room.director).get(round_page).content.decode())
    assert not re.search(link, room.client(room.players[0]).get(round_page).content.decode())
    assert not re.search(link, room.client(None).get(round_page).content.decode())


def test_a_finished_or_decided_board_says_so() -> None:
    room = build_room()
    Board.objects.filter(pk=room.boards[1].pk).update(result="1-0")
    cards = selectors.board_cards(room.round)
    assert cards[1].status == "decided"
