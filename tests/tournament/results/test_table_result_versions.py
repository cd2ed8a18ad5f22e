"""A table's result and a solitaire entrant's levels carry the board's result version they
replace, as a pair's result does (test_result_versions.py): required on the API and the pages,
and a stale one is refused (409 naming both results), so two directors at once never silently
replace each other: one wins, the other is told, the board's log holds one change."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import EntryFactory, EventFactory, RoundFactory, director_of
from tests.games.factories import board_with_game
from tests.result_calls import lowest, set_solitaire_result, set_table_result
from tests.tournament.helpers import event_with_players
from tests.tournament.races import Call, together
from tournament.errors import Conflict
from tournament.models.events import Board, Round
from tournament.models.tables import Seat
from tournament.results.models import ResultCorrection
from tournament.rounds.seating import Table, seat_board
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = pytest.mark.usefixtures("tasks_in_process")

LEVELS = [[5, 9], [7, 7], [5, 9], [2, 14]]  # placings 2, 1, 2, 4
OTHER_LEVELS = [[8, 9], [7, 7], [5, 9], [2, 14]]  # placings 1, 2, 3, 4
NEEDED = "Send the board's result_version as you last read it: the result you replace."


def table_of_four() -> Board:
    event = EventFactory(table_size=4)
    entries = [EntryFactory(event=event) for _ in range(4)]
    round_ = RoundFactory(event=event, number=1, status=Round.Status.PUBLISHED)
    return seat_board(round_, 1, Table(entries=[e.pk for e in entries]))


def solitaire_board() -> Board:
    """The first entrant's board of one in a published round of duplicate solitaire."""
    event, td = event_with_players(3, rounds=3, ruleset="solitaire", table_size=1)
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    publish_round(round_=round_, user=td, notify=False)
    return round_.boards.order_by("number").first()  # type: ignore[return-value]


def table_text(board: Board) -> str:
    seats = Seat.objects.filter(board=board).select_related("entry__player").order_by("number")
    return "the table result " + ", ".join(
        f"{s.entry.player.name} placed {s.placing} ({s.lowest}, {s.next_lowest})" for s in seats
    )


def refusal(board: Board, now: str, by: str, yours: str, seen: str = "no result") -> str:
    return (
        f"Board {board.number} of round {board.round.number} now has {now} (entered by {by}); "
        f"you saw {seen}: your {yours} is not saved. Reload and decide again."
    )


def api_url(board: Board) -> str:
    return reverse("api-board-detail", args=[board.round.event.slug, board.pk])


# --- one request at a time (any database) ---------------------------------------------------


@pytest.mark.django_db
def test_two_directors_who_saw_the_same_table_one_wins_the_other_is_told() -> None:
    board = table_of_four()
    ann = director_of(board.round.event, "ann")
    bob = director_of(board.round.event, "bob")
    set_table_result(board=board, user=ann, reason="sheet", levels=LEVELS, replaces=0)
    with pytest.raises(Conflict) as refused:
        set_table_result(board=board, user=bob, reason="sheet", levels=OTHER_LEVELS, replaces=0)
    assert refused.value.code == "result_changed"
    assert refused.value.message == refusal(board, table_text(board), "ann", "table result")
    # The same result again (a double click) changes nothing and is no conflict.
    set_table_result(board=board, user=ann, reason="sheet", levels=LEVELS, replaces=0)
    board.refresh_from_db()
    assert board.result_version == 1
    assert [s[0] for s in Seat.objects.filter(board=board).values_list("placing")] == [2, 1, 2, 4]
    # Having seen ann's table (version 1), bob corrects it; ann, still at version 1, is told.
    set_table_result(board=board, user=bob, reason="misread", levels=OTHER_LEVELS, replaces=1)
    with pytest.raises(Conflict) as again:
        set_table_result(board=board, user=ann, reason="no", levels=LEVELS, replaces=1)
    seen = "an earlier table result (version 1)"
    assert again.value.message == refusal(board, table_text(board), "bob", "table result", seen)
    assert board.corrections.count() == 2


@pytest.mark.django_db
def test_two_directors_who_saw_the_same_solitaire_board_one_wins_the_other_is_told() -> None:
    board = solitaire_board()
    ann = director_of(board.round.event, "ann")
    bob = director_of(board.round.event, "bob")
    set_solitaire_result(board=board, user=ann, reason="sheet", levels=[6, 9], replaces=0)
    with pytest.raises(Conflict) as refused:
        set_solitaire_result(board=board, user=bob, reason="sheet", levels=[7, 9], replaces=0)
    assert refused.value.message == refusal(board, "the levels 6, 9", "ann", "levels 7, 9")
    board.refresh_from_db()
    assert (board.result_version, lowest(board)[0], board.corrections.count()) == (1, 6, 1)


@pytest.mark.django_db
def test_the_api_needs_the_version_of_a_table_and_of_a_solitaire_board() -> None:
    for board, body in (
        (table_of_four(), {"levels": LEVELS, "reason": "sheet"}),
        (solitaire_board(), {"levels": [[6, 9]], "reason": "sheet"}),
    ):
        api = APIClient()
        api.force_authenticate(director_of(board.round.event, "ann"))
        assert api.get(api_url(board)).json()["result_version"] == 0
        missing = api.patch(api_url(board), body, format="json")
        assert missing.status_code == 400
        assert missing.json() == {"replaces": [NEEDED]}
        saved = api.patch(api_url(board), {**body, "replaces": 0}, format="json")
        assert saved.status_code == 200, saved.content
        assert (saved.json()["result"], saved.json()["result_version"]) == ("table", 1)
        stale = api.patch(
            api_url(board),
            {**body, "levels": [[8, 9], *body["levels"][1:]], "replaces": 0},
            format="json",
        )
        assert stale.status_code == 409
        assert stale.json()["code"] == "result_changed"
        assert stale.json()["result_version"] == 1
        assert "(entered by ann); you saw no result" in stale.json()["detail"]
        assert ResultCorrection.objects.filter(board=board).count() == 1


@pytest.mark.django_db
def test_the_table_page_sends_the_version_it_showed() -> None:
    board = table_of_four()
    ann = director_of(board.round.event, "ann")
    bob = director_of(board.round.event, "bob")
    client = Client()
    client.force_login(bob)
    url = reverse("board-result", args=[board.round.event.slug, board.pk])
    assert 'name="replaces" value="0"' in client.get(url).content.decode()
    form = {f"lowest_{n}": lv[0] for n, lv in enumerate(OTHER_LEVELS)}
    form |= {f"next_{n}": lv[1] for n, lv in enumerate(OTHER_LEVELS)} | {"reason": "sheet"}
    # Ann enters the table while bob's page shows it empty.
    set_table_result(board=board, user=ann, reason="sheet", levels=LEVELS, replaces=0)
    without = client.post(url, form)
    assert "This page is out of date: reload it and enter the result again." in (
        without.content.decode()
    )
    stale = client.post(url, {**form, "replaces": "0"})
    assert stale.status_code == 200
    html = stale.content.decode()
    expected = refusal(board, table_text(board), "ann", "table result").replace("'", "&#x27;")
    assert expected in html
    assert 'name="replaces" value="1"' in html  # the next submit is decided with ann's in view
    board.refresh_from_db()
    assert (board.result_version, board.corrections.count()) == (1, 1)
    assert client.post(url, {**form, "replaces": "1"}).status_code == 302
    board.refresh_from_db()
    assert board.result_version == 2


# --- real concurrent requests (PostgreSQL) ---------------------------------------------------


def _race(kind: str) -> tuple[Board, list[dict[str, Any]]]:
    """A board of the kind and the two directors' results for it, both from version 0."""
    if kind == "pair":
        board, _game, _arbiter = board_with_game()
        bodies = [{"result": "1-0"}, {"result": "0-1"}]
    elif kind == "table":
        board = table_of_four()
        bodies = [{"levels": LEVELS}, {"levels": OTHER_LEVELS}]
    else:
        board = solitaire_board()
        bodies = [{"levels": [[6, 9]]}, {"levels": [[7, 9]]}]
    return board, [{**b, "reason": "the scoresheet", "replaces": 0} for b in bodies]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("kind", ["pair", "table", "solitaire"])
def test_two_directors_at_once_one_wins_and_the_other_gets_409(postgres: None, kind: str) -> None:
    board, bodies = _race(kind)
    directors = [director_of(board.round.event, name) for name in ("ann", "bob")]
    url = api_url(board)
    answers = together([Call(d, "patch", url, b) for d, b in zip(directors, bodies, strict=True)])
    assert sorted(a.status for a in answers) == [200, 409], answers
    won = next(i for i, a in enumerate(answers) if a.status == 200)
    lost = answers[1 - won]
    assert lost.body["code"] == "result_changed", lost
    assert lost.body["result_version"] == 1
    winner = ("ann", "bob")[won]
    assert f"(entered by {winner}); you saw no result: your " in lost.detail, lost
    board.refresh_from_db()
    assert board.result_version == 1
    stored = answers[won].body
    assert board.result == stored["result"]
    corrections = list(ResultCorrection.objects.filter(board=board))
    assert len(corrections) == 1
    assert corrections[0].user == directors[won]
