"""A result write carries the board's result version it replaces (required): a director's write
that raced the game's final move (or another director) gets 409 naming both results, never a
silent overwrite; the final move of a game whose board got another result meanwhile is refused
as a whole. Tables and solitaire boards: test_table_result_versions.py."""

from functools import cache
from typing import Any

import pytest
from django.test import Client

from games.clocks.services import press_clock, start_clock
from games.models import Game
from games.recording import positions
from games.recording.services import record_action
from tests.factories import director_of
from tests.games.factories import board_with_game, fresh, scripted_actions
from tests.tournament.races import Call, queued, together
from tournament.errors import Conflict, DomainError
from tournament.models.events import Board
from tournament.results.models import ResultCorrection
from tournament.results.services import Source, enter_result, set_board_result

pytestmark = pytest.mark.usefixtures("tasks_in_process")

GAME = "the game recorded at the board"
NEEDED = "Send the board's result_version as you last read it: the result you replace."
OUT_OF_DATE = "This page is out of date: reload it and enter the result again."


@cache
def game_record() -> tuple[tuple[dict[str, Any], ...], str]:
    """A complete game and the result it ends with."""
    actions = scripted_actions(seed=1)
    eng = positions.replay("mso", {}, ["A", "B"], actions)
    return tuple(actions), positions.result_code(eng)


def other_than(result: str) -> str:
    return "0-1" if result == "1-0" else "1-0"


def one_move_from_the_end() -> tuple[Board, Game, Any, Any, dict[str, Any]]:
    """A board whose game is recorded up to its last action, with the clock running for the
    player who makes it; the board's director; that last action."""
    actions, _ = game_record()
    board, game, arbiter = board_with_game()
    start_clock(game=game, user=arbiter, expected_index=0)
    for action in actions:
        game = fresh(game)
        if game.clock_seat is not None and action["player"] != game.clock_seat:
            press_clock(game=game, user=arbiter, expected_index=game.log_length)
            game = fresh(game)
        if action is actions[-1]:
            break
        record_action(game=game, user=arbiter, expected_index=game.log_length, action=action)
    return board, fresh(game), arbiter, director_of(board.round.event), dict(actions[-1])


def final_move(board: Board, game: Game, arbiter: Any, action: dict[str, Any]) -> Call:
    body = {"expected_index": game.log_length, "action": action}
    return Call(arbiter, "post", f"/api/games/{board.pk}/actions/", body)


def directors_result(board: Board, director: Any, result: str) -> Call:
    url = f"/api/events/{board.round.event.slug}/boards/{board.pk}/"
    body = {"result": result, "reason": "from the scoresheet", "replaces": 0}
    return Call(director, "patch", url, body)


def changed_meanwhile(board: Board, now: str, by: str, yours: str, seen: str = "no result") -> str:
    return (
        f"Board {board.number} of round {board.round.number} now has {now} (entered by {by}); "
        f"you saw {seen}: your {yours} is not saved. Reload and decide again."
    )


def assert_board_and_game_agree(board: Board, game: Game, director_result: str) -> None:
    """The game finished and the board has its result, or the game is one move short and the
    board has the director's result."""
    _, ends = game_record()
    board.refresh_from_db()
    game = fresh(game)
    if game.status == Game.Status.FINISHED:
        assert board.result == ends
        assert board.result_check != Board.Check.NONE
    else:
        moves = game.actions.filter(kind__in=["place", "swap"]).count()
        assert moves == len(game_record()[0]) - 1
        assert board.result == director_result
        assert board.result_check == Board.Check.NONE


# --- one request at a time (any database) ---------------------------------------------------


@pytest.mark.django_db
def test_a_director_who_saw_no_result_does_not_overwrite_the_games_result() -> None:
    board, game, arbiter = board_with_game()
    director = director_of(board.round.event)
    enter_result(board=board, result="1-0", user=arbiter, levels=[[9], [7]], source=Source.GAME)
    with pytest.raises(Conflict) as refused:
        set_board_result(
            board=board, result="0-1", user=director, reason="the scoresheet", replaces=0
        )
    assert refused.value.code == "result_changed"
    assert refused.value.message == changed_meanwhile(board, "1-0", GAME, "0-1")
    assert refused.value.as_dict()["result_version"] == 1
    board.refresh_from_db()
    assert (board.result, board.result_check, board.result_version) == (
        "1-0",
        Board.Check.PENDING,
        1,
    )
    assert board.corrections.count() == 1

    # Having seen 1-0 (version 1), the director corrects it (with a reason, as ever).
    set_board_result(board=board, result="0-1", user=director, reason="the scoresheet", replaces=1)
    board.refresh_from_db()
    assert (board.result, board.result_check, board.result_version) == ("0-1", Board.Check.NONE, 2)


@pytest.mark.django_db
def test_two_directors_who_saw_the_same_board_one_wins_the_other_is_told() -> None:
    board, _game, _arbiter = board_with_game()
    ann = director_of(board.round.event, "ann")
    bob = director_of(board.round.event, "bob")
    set_board_result(board=board, result="1-0", user=ann, replaces=0)
    with pytest.raises(Conflict) as refused:
        set_board_result(board=board, result="", user=bob, reason="typo", replaces=0)
    assert refused.value.message == changed_meanwhile(board, "1-0", "ann", "clearing of the result")
    # A double click (the same result again) changes nothing and is no conflict.
    set_board_result(board=board, result="1-0", user=ann, replaces=0)
    set_board_result(board=board, result="0-1", user=bob, reason="scoresheet", replaces=1)
    with pytest.raises(Conflict, match="now has 0-1 \\(entered by bob\\); you saw 1-0"):
        set_board_result(board=board, result="", user=ann, reason="x", replaces=1)
    # 1-0 again, then 0-1 again: a director who saw the first 0-1 (version 2) is still stale.
    set_board_result(board=board, result="1-0", user=bob, reason="misread", replaces=2)
    set_board_result(board=board, result="0-1", user=bob, reason="no, 0-1", replaces=3)
    with pytest.raises(Conflict, match="now has 0-1 \\(entered by bob\\); you saw 0-1"):
        set_board_result(board=board, result="1-0", user=ann, reason="x", replaces=2)
    assert [c.new_result for c in board.corrections.all()] == ["1-0", "0-1", "1-0", "0-1"]


@pytest.mark.django_db
def test_a_version_the_board_never_had_is_refused_naming_the_one_it_has() -> None:
    board, _game, _arbiter = board_with_game()
    director = director_of(board.round.event)
    with pytest.raises(DomainError) as refused:
        set_board_result(board=board, result="1-0", user=director, replaces=3)
    assert refused.value.field == "replaces"
    assert refused.value.message == (
        "Board 1 has no result version 3: its result is at version 0. Reload the board and "
        "send the version it shows."
    )
    board.refresh_from_db()
    assert (board.result, board.result_version) == ("", 0)


@pytest.mark.django_db
def test_the_games_final_result_is_refused_on_a_board_decided_otherwise() -> None:
    board, _game, arbiter = board_with_game()
    director = director_of(board.round.event)
    set_board_result(board=board, result="0-1", user=director, replaces=0)
    with pytest.raises(Conflict) as refused:
        enter_result(board=board, result="1-0", user=arbiter, levels=[[9], [7]], source=Source.GAME)
    assert refused.value.code == "result_differs"
    assert "ends 1-0" in refused.value.message and "the result 0-1" in refused.value.message


@pytest.mark.django_db
def test_a_board_deleted_meanwhile_is_a_conflict() -> None:
    board, _game, _arbiter = board_with_game()
    director = director_of(board.round.event)
    Board.objects.filter(pk=board.pk).delete()
    with pytest.raises(Conflict, match=f"Board {board.number} was deleted meanwhile: reload."):
        set_board_result(board=board, result="1-0", user=director)


@pytest.mark.django_db
def test_the_api_needs_the_version_and_answers_409_naming_both() -> None:
    board, _game, arbiter = board_with_game()
    director = director_of(board.round.event)
    enter_result(board=board, result="1-0", user=arbiter, levels=[[9], [7]], source=Source.GAME)
    client = Client()
    client.force_login(director)
    url = f"/api/events/{board.round.event.slug}/boards/{board.pk}/"
    shown = client.get(url).json()
    assert (shown["result"], shown["result_version"]) == ("1-0", 1)
    body = {"result": "0-1", "reason": "scoresheet"}
    missing = client.patch(url, body, content_type="application/json")
    assert missing.status_code == 400
    assert missing.json() == {"replaces": [NEEDED]}
    for wrong in ("", "1-0", None):
        bad = client.patch(url, {**body, "replaces": wrong}, content_type="application/json")
        assert bad.status_code == 400, wrong
        assert list(bad.json()) == ["replaces"], wrong
    stale = client.patch(url, {**body, "replaces": 0}, content_type="application/json")
    assert stale.status_code == 409
    assert stale.json() == {
        "detail": changed_meanwhile(board, "1-0", GAME, "0-1"),
        "code": "result_changed",
        "field": "result",
        "result_version": 1,
    }
    board.refresh_from_db()
    assert (board.result, board.result_version, board.corrections.count()) == ("1-0", 1, 1)
    fresh_ = client.patch(
        url, {**body, "replaces": shown["result_version"]}, content_type="application/json"
    )
    assert fresh_.status_code == 200
    assert (fresh_.json()["result"], fresh_.json()["result_version"]) == ("0-1", 2)


@pytest.mark.django_db
def test_the_result_forms_send_the_version_they_showed() -> None:
    board, _game, arbiter = board_with_game()
    director = director_of(board.round.event)
    slug = board.round.event.slug
    client = Client()
    client.force_login(director)
    page = client.get(f"/events/{slug}/boards/{board.pk}/result/").content.decode()
    assert '<input type="hidden" name="replaces" value="0" id="id_replaces">' in page
    round_page = client.get(f"/events/{slug}/rounds/{board.round.number}/").content.decode()
    assert f'type="hidden" name="b{board.pk}-replaces" value="0"' in round_page

    # The game ends 1-0 while the director's page still shows no result.
    enter_result(board=board, result="1-0", user=arbiter, levels=[[9], [7]], source=Source.GAME)
    post = {"result": "0-1", "reason": "", "replaces": "0"}
    refused = client.post(f"/events/{slug}/boards/{board.pk}/result/", post)
    assert refused.status_code == 200
    html = refused.content.decode()
    assert "now has 1-0 (entered by the game recorded at the board); you saw no result" in html
    assert 'name="replaces" value="1"' in html  # the next submit is decided with 1-0 in view
    board.refresh_from_db()
    assert board.result == "1-0" and board.corrections.count() == 1

    inline = {"prefix": f"b{board.pk}", f"b{board.pk}-result": "", f"b{board.pk}-replaces": "0"}
    answer = client.post(f"/events/{slug}/boards/{board.pk}/result/", inline, follow=True)
    assert "you saw no result: your clearing of the result is not saved" in answer.content.decode()
    board.refresh_from_db()
    assert board.result == "1-0"

    post = {"result": "0-1", "reason": "the scoresheet", "replaces": "1"}
    assert client.post(f"/events/{slug}/boards/{board.pk}/result/", post).status_code == 302
    board.refresh_from_db()
    assert board.result == "0-1"
    assert ResultCorrection.objects.filter(board=board).count() == 2


@pytest.mark.django_db
def test_a_result_form_without_the_version_changes_nothing_and_says_reload() -> None:
    board, _game, _arbiter = board_with_game()
    director = director_of(board.round.event)
    slug = board.round.event.slug
    client = Client()
    client.force_login(director)
    url = f"/events/{slug}/boards/{board.pk}/result/"
    for replaces in (None, "", "x", "-1"):
        sent = {} if replaces is None else {"replaces": replaces}
        post = {"result": "1-0", "reason": ""} | sent
        answer = client.post(url, post)
        assert answer.status_code == 200, replaces
        assert OUT_OF_DATE in answer.content.decode(), replaces
    inline = {"prefix": f"b{board.pk}", f"b{board.pk}-result": "1-0"}
    answer = client.post(url, inline, follow=True)
    assert OUT_OF_DATE in answer.content.decode()
    board.refresh_from_db()
    assert (board.result, board.result_version, board.corrections.count()) == ("", 0, 0)


# --- real concurrent requests (PostgreSQL) ---------------------------------------------------


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_games_final_move_behind_a_directors_result_is_refused(postgres: None) -> None:
    _, ends = game_record()
    board, game, arbiter, director, last = one_move_from_the_end()
    mine = other_than(ends)
    held = lambda: Board.objects.select_for_update().get(pk=board.pk)  # noqa: E731
    entered, move = queued(
        held, [directors_result(board, director, mine), final_move(board, game, arbiter, last)]
    )
    assert entered.status == 200, entered
    assert move.status == 409, move
    assert move.body["code"] == "board_closed", move
    assert move.detail.startswith(f"Board 1 of round 1 is decided ({mine}, entered by td)")
    assert fresh(game).status != Game.Status.FINISHED
    assert_board_and_game_agree(board, game, mine)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_directors_result_behind_the_games_final_move_is_refused(postgres: None) -> None:
    _, ends = game_record()
    board, game, arbiter, director, last = one_move_from_the_end()
    mine = other_than(ends)
    held = lambda: Board.objects.select_for_update().get(pk=board.pk)  # noqa: E731
    move, entered = queued(
        held, [final_move(board, game, arbiter, last), directors_result(board, director, mine)]
    )
    assert move.status == 201, move
    assert entered.body["code"] == "result_changed"
    assert entered.detail == changed_meanwhile(board, ends, GAME, mine)
    assert fresh(game).status == Game.Status.FINISHED
    assert_board_and_game_agree(board, game, mine)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_directors_result_and_the_final_move_at_once_agree_every_time(postgres: None) -> None:
    _, ends = game_record()
    mine = other_than(ends)
    seen: list[str] = []
    for _ in range(10):
        board, game, arbiter, director, last = one_move_from_the_end()
        entered, move = together(
            [directors_result(board, director, mine), final_move(board, game, arbiter, last)]
        )
        assert 500 not in (entered.status, move.status), (entered, move)
        if move.status == 201:
            assert entered.body["code"] == "result_changed", entered
            assert entered.detail == changed_meanwhile(board, ends, GAME, mine)
            seen.append("game first")
        else:  # the move waited for the director's result and found the board decided
            assert entered.status == 200, entered
            assert move.status == 409, move
            assert move.body["code"] == "board_closed", move
            assert f"is decided ({mine}, entered by td)" in move.detail, move
            seen.append("director first")
        assert_board_and_game_agree(board, game, mine)
    print("outcomes:", {k: seen.count(k) for k in set(seen)})
