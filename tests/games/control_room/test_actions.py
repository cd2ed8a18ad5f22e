"""Every action of the control room on one online board, each with its reason in the log:
allowed to the event's arbiters (a result: to its directors, as every result), refused to a
director of another event and to a player, nothing changed; bad input says what is wrong."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.contrib.messages import get_messages

from games.clocks.services import pause_clock
from games.control_room import selectors
from games.control_room.models import BoardMessage, RackInspection
from games.models import GameAction
from games.recording.services import record_action
from tests.games.control_room.world import Room, build_room
from tests.games.recording.test_online_boards import engine_of
from tournament.models.events import Board
from tournament.results.models import ResultCorrection

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def said(answer: Any) -> list[str]:
    return [str(m) for m in get_messages(answer.wsgi_request)]


def snapshot(room: Room) -> tuple[Any, ...]:
    """Everything an action of the control room could change."""
    games = [room.game(n) for n in range(2)]
    boards = Board.objects.filter(pk__in=[b.pk for b in room.boards]).order_by("pk")
    return (
        [(g.log_length, g.clock_running, g.remaining_ms, g.clock_seat) for g in games],
        list(boards.values_list("result", "result_version")),
        BoardMessage.objects.count(),
        RackInspection.objects.count(),
        ResultCorrection.objects.count(),
    )


def placed(room: Room) -> None:
    game = room.game(0)
    action = engine_of(game).legal_placements()[0]
    record_action(game=game, user=room.arbiter, expected_index=game.log_length, action=action)


def paused(room: Room) -> None:
    game = room.game(0)
    pause_clock(game=game, user=room.arbiter, expected_index=game.log_length, reason="set-up")


ACTIONS: dict[str, tuple[dict[str, Any], Any]] = {
    "pause": ({"reason": "a fire alarm"}, None),
    "resume": ({"reason": "the alarm is over"}, paused),
    "adjust": ({"seat": 1, "time": "4:30", "reason": "the clock ran during a power cut"}, None),
    "takeback": ({"count": 1, "reason": "a slip of the mouse"}, placed),
    "message": ({"text": "Five minutes left in the round."}, None),
}


def post(room: Room, user: Any, op: str, data: dict[str, Any], game: int = 0) -> Any:
    body = {"op": op, "game": room.games[game].pk, **data}
    if op == "takeback":
        body.setdefault("expected_index", room.game(game).log_length)
    return room.client(user).post(room.act_url, body)


@pytest.mark.parametrize("op", list(ACTIONS))
def test_the_arbiter_acts_with_a_reason_that_is_logged(op: str) -> None:
    room = build_room()
    data, prepare = ACTIONS[op]
    if prepare:
        prepare(room)
    before = room.game(0).log_length
    answer = post(room, room.arbiter, op, data)
    assert answer.status_code == 302
    assert answer["Location"] == room.url
    assert not [m for m in get_messages(answer.wsgi_request) if m.level_tag == "error"], said(
        answer
    )
    if op == "message":
        message = BoardMessage.objects.get()
        assert (message.text, message.user, message.game_id) == (
            data["text"],
            room.arbiter,
            room.games[0].pk,
        )
        assert [m["text"] for m in selectors.board_messages(room.game(0))] == [data["text"]]
        return
    row = GameAction.objects.get(game=room.games[0], index=before)
    assert row.kind == op
    assert row.reason == data["reason"]
    assert row.user == room.arbiter


def test_an_adjustment_sets_the_seats_time() -> None:
    room = build_room()
    post(room, room.arbiter, "adjust", ACTIONS["adjust"][0])
    assert room.game(0).remaining_ms[1] == 270_000


def test_a_pause_holds_the_clock_and_a_resume_sets_it_going() -> None:
    room = build_room()
    post(room, room.arbiter, "pause", {"reason": "a fire alarm"})
    assert not room.game(0).clock_running
    post(room, room.arbiter, "resume", {"reason": "over"})
    assert room.game(0).clock_running


def test_a_director_decides_the_result_with_a_reason_that_is_logged() -> None:
    room = build_room()
    answer = post(
        room,
        room.director,
        "result",
        {"result": "1-0", "reason": "Alan Turing resigned by message", "replaces": 0},
    )
    assert answer.status_code == 302
    board = Board.objects.get(pk=room.boards[0].pk)
    assert board.result == "1-0"
    correction = ResultCorrection.objects.get(board=board)
    assert (correction.reason, correction.user) == (
        "Alan Turing resigned by message",
        room.director,
    )
    # The director's result holds the clock that was running, in the game's log.
    assert not room.game(0).clock_running


def test_an_arbiter_who_is_no_director_is_told_a_result_is_a_directors() -> None:
    room = build_room()
    before = snapshot(room)
    answer = post(
        room, room.arbiter, "result", {"result": "1-0", "reason": "resigned", "replaces": 0}
    )
    assert answer.status_code == 302
    assert any("directors" in m for m in said(answer))
    assert snapshot(room) == before


def test_the_racks_are_shown_to_the_arbiter_who_asks_and_the_look_is_logged(caplog: Any) -> None:
    room = build_room()
    placed(room)
    game = room.game(0)
    racks = engine_of(game).racks
    assert racks is not None
    with caplog.at_level(logging.INFO, logger="tournament.writes"):
        answer = post(room, room.arbiter, "racks", {"reason": "a player says a tile is missing"})
    assert answer.status_code == 200
    html = answer.content.decode()
    for rack in racks:
        shown = "".join(f'<span class="tile">{tile}</span>' for tile in rack)
        assert shown in html
    look = RackInspection.objects.get()
    assert (look.user, look.reason, look.game_id, look.log_length) == (
        room.arbiter,
        "a player says a tile is missing",
        game.pk,
        game.log_length,
    )
    assert any("what=control.racks" in r.getMessage() for r in caplog.records)
    # Nobody else's page shows them: not the control room read again, not the board page.
    again = room.client(room.arbiter).get(room.url).content.decode()
    assert 'class="tile"' not in again


@pytest.mark.parametrize("op", [*ACTIONS, "racks", "result"])
@pytest.mark.parametrize("who", ["other_director", "player"])
def test_a_director_of_another_event_and_a_player_are_refused(op: str, who: str) -> None:
    room = build_room()
    data, prepare = ACTIONS.get(op, ({"reason": "why not", "result": "1-0", "replaces": 0}, None))
    if prepare:
        prepare(room)
    before = snapshot(room)
    user = room.other_director if who == "other_director" else room.players[1]
    answer = post(room, user, op, data)
    assert answer.status_code == 403
    assert snapshot(room) == before


def test_a_visitor_is_sent_to_log_in_and_nothing_changes() -> None:
    room = build_room()
    before = snapshot(room)
    answer = post(room, None, "pause", {"reason": "x"})
    assert answer.status_code == 302
    assert "/accounts/login/" in answer["Location"]
    assert snapshot(room) == before


BAD = [
    ("pause", {}, "reason"),
    ("adjust", {"seat": 1, "time": "4:99", "reason": "r"}, "4:99"),
    ("adjust", {"seat": 7, "time": "4:30", "reason": "r"}, "seat"),
    ("adjust", {"seat": "٣", "time": "4:30", "reason": "r"}, "seat"),
    ("takeback", {"count": 0, "reason": "r"}, "actions"),
    ("takeback", {"count": 1, "reason": "r", "expected_index": 0}, "moved on"),
    ("message", {"text": "   "}, "message"),
    ("racks", {"reason": ""}, "reason"),
    ("explode", {"reason": "r"}, "not an action"),
    ("result", {"result": "2-0", "reason": "r"}, "result"),
]


@pytest.mark.parametrize(("op", "data", "word"), BAD, ids=[f"{op}-{word}" for op, _d, word in BAD])
def test_bad_input_says_what_is_wrong_and_changes_nothing(
    op: str, data: dict[str, Any], word: str
) -> None:
    room = build_room()
    before = snapshot(room)
    answer = room.client(room.director).post(
        room.act_url, {"op": op, "game": room.games[0].pk, **data}
    )
    assert answer.status_code == 302
    errors = [str(m) for m in get_messages(answer.wsgi_request) if m.level_tag == "error"]
    assert errors and word.casefold() in errors[0].casefold(), errors
    assert snapshot(room) == before


def test_a_game_of_another_round_or_event_is_no_board_of_this_control_room() -> None:
    room = build_room()
    elsewhere = build_room(tag="x")
    before = snapshot(room)
    answer = room.client(room.director).post(
        room.act_url, {"op": "pause", "game": elsewhere.games[0].pk, "reason": "r"}
    )
    assert answer.status_code == 302
    assert any("No such online board" in m for m in said(answer))
    assert snapshot(room) == before
    assert elsewhere.game(0).clock_running
