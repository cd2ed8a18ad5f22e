"""A table's result (3 or 4 seats): entered by a director (service, page, API) or sent by the
game, audited, refused with a clear message when wrong, withdrawn with its seats."""

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import EntryFactory, EventFactory, RoundFactory, director_of
from tests.result_calls import record_table_game_result, set_table_result
from tournament.errors import Conflict, DomainError
from tournament.models.events import Board, Entry, Result, Round
from tournament.models.tables import Seat
from tournament.results.models import ResultCorrection
from tournament.results.services import (
    record_replay_check,
    set_board_result,
    withdraw_game_result,
)
from tournament.rounds.seating import Table, seat_board

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

LEVELS = [[5, 9], [7, 7], [5, 9], [2, 14]]  # placings 2, 1, 2, 4


def table(size: int = 4, status: str = Round.Status.PUBLISHED) -> tuple[Board, list[Entry], object]:
    event = EventFactory(table_size=4)
    entries = [EntryFactory(event=event) for _ in range(size)]
    round_ = RoundFactory(event=event, number=1, status=status)
    board = seat_board(round_, 1, Table(entries=[e.pk for e in entries]))
    return board, entries, director_of(event)


def seat_state(board: Board) -> list[tuple[int | None, int | None, int | None]]:
    return [
        (s.placing, s.lowest, s.next_lowest)
        for s in Seat.objects.filter(board=board).order_by("number")
    ]


def test_a_director_enters_a_table_result_audited_and_placed_by_the_levels() -> None:
    board, _, td = table()
    set_table_result(board=board, user=td, reason="scoresheet", levels=LEVELS)
    board.refresh_from_db()
    assert board.result == Result.TABLE and board.result_check == Board.Check.NONE
    assert board.closed
    assert seat_state(board) == [(2, 5, 9), (1, 7, 7), (2, 5, 9), (4, 2, 14)]
    correction = ResultCorrection.objects.get(board=board)
    assert (correction.old_result, correction.new_result) == ("", "table")
    assert correction.user == td and correction.reason == "scoresheet"
    # A correction: the placings decide the seats equal on the levels; audited again.
    set_table_result(
        board=board, user=td, reason="tie decided", levels=LEVELS, placings=[3, 1, 2, 4]
    )
    assert seat_state(board) == [(3, 5, 9), (1, 7, 7), (2, 5, 9), (4, 2, 14)]
    assert list(
        ResultCorrection.objects.filter(board=board).values_list("old_result", "reason")
    ) == [("", "scoresheet"), ("table", "tie decided")]


@pytest.mark.parametrize(
    ("kwargs", "field", "words"),
    [
        ({"levels": LEVELS[:3]}, "levels", "seats 4 players"),
        ({"levels": [[5, 9], [], [5, 9], [2, 14]]}, "levels", "Seat 2"),
        ({"levels": [[5, 9], [7, 7], [5, 19], [2, 14]]}, "levels", "0 to 18"),
        ({"levels": [[9, 5], [7, 7], [5, 9], [2, 14]]}, "levels", "lowest first"),
        ({"levels": LEVELS, "placings": [1, 2, 2, 4]}, "placings", "higher levels"),
        ({"levels": LEVELS, "placings": [2, 1, 2, 3]}, "placings", "does not fit"),
        ({"levels": LEVELS, "placings": [2, 1, 2]}, "placings", "one placing"),
        ({"levels": LEVELS, "reason": " "}, "reason", "Say why"),
    ],
)
def test_a_wrong_table_result_is_refused_naming_it_and_nothing_changes(
    kwargs: dict[str, object], field: str, words: str
) -> None:
    board, entries, td = table()
    call = {"reason": "scoresheet", **kwargs}
    with pytest.raises(DomainError) as refused:
        set_table_result(board=board, user=td, **call)  # type: ignore[arg-type]
    assert refused.value.field == field and words in refused.value.message
    if words == "Seat 2":
        assert entries[1].player.name in refused.value.message
    board.refresh_from_db()
    assert board.result == "" and not ResultCorrection.objects.filter(board=board).exists()
    assert seat_state(board) == [(None, None, None)] * 4


def test_a_table_takes_no_two_player_result_and_a_pair_no_table_result() -> None:
    board, _, td = table()
    with pytest.raises(DomainError, match="table of more than two"):
        set_board_result(board=board, user=td, result="1-0")
    pair, _, td2 = table(size=2)
    with pytest.raises(DomainError, match="not a table"):
        set_table_result(board=pair, user=td2, reason="x", levels=[[1, 2], [3, 4]])
    draft, _, td3 = table(status=Round.Status.DRAFT)
    with pytest.raises(DomainError, match="not published"):
        set_table_result(board=draft, user=td3, reason="x", levels=LEVELS)


def test_the_game_sends_a_table_result_then_a_take_back_withdraws_it_and_its_seats() -> None:
    board, _, td = table(size=3)
    levels = [[4, 6], [8, 9], [4, 6]]
    record_table_game_result(board=board, levels=levels, placings=[2, 1, 2])
    board.refresh_from_db()
    assert board.result == Result.TABLE and board.result_check == Board.Check.PENDING
    assert seat_state(board) == [(2, 4, 6), (1, 8, 9), (2, 4, 6)]
    record_replay_check(board=board, passed=True)
    with pytest.raises(Conflict):  # another ending while the result stands
        record_table_game_result(board=board, levels=levels, placings=[3, 1, 2])
    withdraw_game_result(board=board, user=None, reason="take-back")
    board.refresh_from_db()
    assert board.result == "" and seat_state(board) == [(None, None, None)] * 3
    assert list(
        ResultCorrection.objects.filter(board=board).values_list("old_result", "new_result")
    ) == [("", "table"), ("table", "")]
    # A director's table result is not the game's to withdraw; clearing it clears the seats.
    set_table_result(board=board, user=td, reason="arbiter", levels=levels)
    withdraw_game_result(board=board, user=None, reason="take-back")
    assert seat_state(board)[1] == (1, 8, 9)
    set_board_result(board=board, user=td, result="", reason="entered on the wrong board")
    assert seat_state(board) == [(None, None, None)] * 3


def test_the_result_page_has_one_row_per_seat_and_saves_the_table(client: Client) -> None:
    board, entries, td = table()
    client.force_login(td)  # type: ignore[arg-type]
    url = reverse("board-result", args=[board.round.event.slug, board.pk])
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert all(e.player.name in html for e in entries) and 'name="lowest_3"' in html
    form = {f"lowest_{n}": lv[0] for n, lv in enumerate(LEVELS)}
    form |= {f"next_{n}": lv[1] for n, lv in enumerate(LEVELS)}
    form["replaces"] = 0
    partial = client.post(url, {**form, "placing_2": 1, "reason": "sheet"})
    assert "Give a placing for every seat, or for none." in partial.content.decode()
    placings = {f"placing_{n}": n + 1 for n in range(4)}  # seat 2 (7, 7) placed below seat 1
    refused = client.post(url, {**form, **placings, "reason": "sheet"})
    assert refused.status_code == 200
    assert "higher levels" in refused.content.decode()
    assert Board.objects.get(pk=board.pk).result == ""
    saved = client.post(url, {**form, "reason": "scoresheet"})
    assert saved.status_code == 302
    assert seat_state(board) == [(2, 5, 9), (1, 7, 7), (2, 5, 9), (4, 2, 14)]


def test_the_api_enters_a_table_result_and_refuses_a_wrong_one() -> None:
    board, _, td = table()
    api = APIClient()
    api.force_authenticate(td)
    url = reverse("api-board-detail", args=[board.round.event.slug, board.pk])
    wrong = api.patch(url, {"levels": LEVELS[:2], "reason": "sheet", "replaces": 0}, format="json")
    assert wrong.status_code == 400 and wrong.json()["field"] == "levels"
    pair_result = api.patch(url, {"result": "1-0", "replaces": 0}, format="json")
    assert pair_result.status_code == 400
    done = api.patch(
        url,
        {"levels": LEVELS, "placings": [2, 1, 3, 4], "reason": "sheet", "replaces": 0},
        format="json",
    )
    assert done.status_code == 200, done.content
    body = done.json()
    assert body["result"] == "table"
    assert [s["placing"] for s in body["seats"]] == [2, 1, 3, 4]
    assert body["seats"][3]["next_lowest"] == 14
    assert ResultCorrection.objects.filter(board=board, user=td).count() == 1


def test_the_api_names_the_seat_and_level_that_is_not_a_number() -> None:
    board, _, td = table()
    api = APIClient()
    api.force_authenticate(td)
    url = reverse("api-board-detail", args=[board.round.event.slug, board.pk])
    junk = {"levels": [[True, "x"], [5, 9], []], "placings": ["first"], "reason": "sheet"}
    refused = api.patch(url, junk, format="json")
    assert refused.status_code == 400
    errors = refused.json()
    # Every field's errors are a flat list of messages, each naming where it is.
    assert all(isinstance(m, str) for m in errors["levels"] + errors["placings"])
    assert "seat 1: level 1: A valid integer is required." in errors["levels"]
    assert any(m.startswith("seat 3: ") for m in errors["levels"])
    assert errors["placings"] == ["seat 1: A valid integer is required."]
    assert Board.objects.get(pk=board.pk).result == ""
