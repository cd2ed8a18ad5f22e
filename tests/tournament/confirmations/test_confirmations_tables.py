"""Confirmations at every kind of table (issue 26, requirement 3): every seat of a table of 3
gives its word and the same words enter the result; a differing word is a dispute, e-mailed to
the event's directors and arbiters only, which an arbiter of the event settles with a reason
(logged), on the confirm page and from the board page; a partnership team gives one word (either
partner); a solitaire entrant's own levels enter at once; outsiders and arbiters of other events
are refused with a clear message and nothing changes."""

from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client

from tests.factories import (
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    arbiter_of,
    director_of,
)
from tests.tournament.helpers import api_as
from tournament.confirmations.models import ResultConfirmation
from tournament.confirmations.services import confirm_result, settle_result
from tournament.errors import DomainError, NotAllowed
from tournament.events.models import EventLogEntry
from tournament.models.events import Board, Entry, Result, Round
from tournament.models.tables import Seat
from tournament.results.models import ResultCorrection
from tournament.rounds.seating import Table, seat_boards

pytestmark = pytest.mark.usefixtures("tasks_in_process")

NAMES = ["Ahmed Karimi", "Noor Haddad", "Oluwaseun Adeyemi"]
WORD = {"levels": [[7, 9], [9, 10], [3, 12]]}  # Noor 1st, Ahmed 2nd, Oluwaseun 3rd


def claimed(entry: Entry, username: str, *, partner: bool = False) -> Any:
    user = UserFactory(username=username, email=f"{username}@example.org")
    player = entry.partner if partner else entry.player
    assert player is not None
    player.user = user
    player.save(update_fields=["user"])
    return user


@dataclass
class Scene:
    board: Board
    players: list[Any]  # the accounts at the board, in seat order
    td: Any
    arb: Any

    def fresh(self) -> Board:
        return Board.objects.get(pk=self.board.pk)


def table_of_three(tag: str = "") -> Scene:
    event = EventFactory(ruleset="standard", table_size=3)
    td = director_of(event, f"td{tag}")
    td.email = f"td{tag}@example.org"
    td.save(update_fields=["email"])
    arb = arbiter_of(event, f"arb{tag}")
    arb.email = f"arb{tag}@example.org"
    arb.save(update_fields=["email"])
    entries = [
        EntryFactory(event=event, starting_rank=rank, player=PlayerFactory(name=name))
        for rank, name in enumerate(NAMES, start=1)
    ]
    round_ = RoundFactory(event=event, number=1, status=Round.Status.PUBLISHED)
    (board,) = seat_boards(round_, [Table([e.pk for e in entries])], first_number=1)
    users = [claimed(e, f"p{n}{tag}") for n, e in enumerate(entries)]
    return Scene(board, users, td, arb)


def log_lines(scene: Scene) -> list[str]:
    kind = EventLogEntry.Kind.CONFIRMATION
    rows = scene.board.round.event.log_entries.filter(kind=kind).order_by("id")
    return list(rows.values_list("description", flat=True))


def placings(board: Board) -> list[int | None]:
    return list(
        Seat.objects.filter(board=board).order_by("number").values_list("placing", flat=True)
    )


@pytest.mark.django_db
def test_every_seat_of_a_table_of_three_agreeing_enters_the_result_once() -> None:
    s = table_of_three()
    board = confirm_result(board=s.board, user=s.players[0], **WORD)
    assert (board.result, board.confirmation) == ("", Board.Confirmation.AWAITING)
    board = confirm_result(board=s.board, user=s.players[1], **WORD)
    assert (board.result, board.confirmation) == ("", Board.Confirmation.AWAITING)
    assert not ResultCorrection.objects.filter(board=s.board).exists(), "two of three: nothing"

    board = confirm_result(board=s.board, user=s.players[2], **WORD)
    assert (board.result, board.confirmation) == (Result.TABLE, Board.Confirmation.CONFIRMED)
    assert placings(s.board) == [2, 1, 3]
    audit = ResultCorrection.objects.get(board=s.board)
    assert (audit.user, audit.reason) == (s.players[2], "confirmed by every player at the table")
    assert log_lines(s)[-1] == (
        "Round 1, board 1 (Ahmed Karimi v Noor Haddad v Oluwaseun Adeyemi): Oluwaseun Adeyemi "
        "says Ahmed Karimi placed 2 (7, 9), Noor Haddad placed 1 (9, 10), Oluwaseun Adeyemi "
        "placed 3 (3, 12); every side agrees: the result is entered."
    )
    rows = ResultConfirmation.objects.filter(board=s.board).order_by("id")
    assert [(r.seat, r.placings) for r in rows] == [(0, [2, 1, 3])] * 1 + [
        (1, [2, 1, 3]),
        (2, [2, 1, 3]),
    ]


@pytest.mark.django_db
def test_a_differing_word_is_a_dispute_told_to_the_staff_and_an_arbiter_settles_it(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    s = table_of_three()
    outsider_arbiter = arbiter_of(EventFactory(), "elsewhere")
    outsider_arbiter.email = "elsewhere@example.org"
    outsider_arbiter.save(update_fields=["email"])
    with django_capture_on_commit_callbacks(execute=True):
        confirm_result(board=s.board, user=s.players[0], **WORD)
        board = confirm_result(board=s.board, user=s.players[1], levels=[[7, 9], [9, 10], [3, 11]])
    assert (board.result, board.confirmation) == ("", Board.Confirmation.DISPUTED)
    assert sorted(m.to[0] for m in mailoutbox) == ["arb@example.org", "td@example.org"]
    assert all(len(m.to) == 1 and not m.cc and not m.bcc for m in mailoutbox)
    told = next(m for m in mailoutbox if m.to == ["arb@example.org"])
    assert "Hello arb," in told.body
    assert "Round 1, board 1: the players disagree." in told.body
    assert "Noor Haddad says Ahmed Karimi placed 2 (7, 9), Noor Haddad placed 1 (9, 10), " in (
        told.body
    )
    assert f"/boards/{s.board.pk}/confirm/#settle" in told.body
    assert "@example.org" not in told.body, "no address in the body"

    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):  # a third word: still disputed
        confirm_result(board=s.board, user=s.players[2], **WORD)
    assert mailoutbox == [], "the staff were told once"

    with pytest.raises(NotAllowed, match="Only the arbiters and directors of") as refused:
        settle_result(board=s.board, user=outsider_arbiter, reason="I saw it", **WORD)
    assert refused.value.code == "not_arbiter"
    assert s.fresh().result == ""

    board = settle_result(board=s.board, user=s.arb, reason="the scoresheet says so", **WORD)
    assert (board.result, board.confirmation) == (Result.TABLE, Board.Confirmation.DISPUTED)
    assert placings(s.board) == [2, 1, 3]
    audit = ResultCorrection.objects.get(board=s.board)
    assert (audit.user, audit.reason) == (s.arb, "the scoresheet says so")
    assert log_lines(s)[-1].startswith(
        "Round 1, board 1 (Ahmed Karimi v Noor Haddad v Oluwaseun Adeyemi): the arbiter arb "
        "settles it: Ahmed Karimi placed 2"
    )
    assert log_lines(s)[-1].endswith("; because: the scoresheet says so.")


@pytest.mark.django_db
def test_the_pages_say_what_happens_next_and_an_arbiter_settles_from_the_board_page() -> None:
    s = table_of_three()
    url = f"/events/{s.board.round.event.slug}/boards/{s.board.pk}/confirm/"
    ahmed = Client()
    ahmed.force_login(s.players[0])
    page = ahmed.get(url).content.decode()
    assert 'name="lowest_2"' in page and 'name="placing_0"' in page
    sent = ahmed.post(
        url, {"lowest_0": "7", "next_0": "9", "lowest_1": "9", "next_1": "10", "lowest_2": "3"}
    )
    assert sent.status_code == 200, "a missing level is shown on the form"
    assert not ResultConfirmation.objects.exists()
    levels = {"lowest_0": "7", "next_0": "9", "lowest_1": "9", "next_1": "10"}
    high = ahmed.post(url, {**levels, "lowest_2": "19", "next_2": "20"})
    assert "Ensure this value is less than or equal to 18." in high.content.decode()
    assert not ResultConfirmation.objects.exists()
    followed = ahmed.post(url, {**levels, "lowest_2": "3", "next_2": "12"}, follow=True)
    text = followed.content.decode()
    assert "Waiting for Noor Haddad and Oluwaseun Adeyemi to confirm." in text
    assert "flash success" not in text

    noor = Client()
    noor.force_login(s.players[1])
    disputed = noor.post(url, {**levels, "lowest_2": "3", "next_2": "11"}, follow=True)
    assert (
        "You disagree: the arbiter has been told and will decide at the board."
        in disputed.content.decode()
    )

    arbiter = Client()
    arbiter.force_login(s.arb)
    board_page = arbiter.get(f"/games/board/{s.board.pk}/")
    assert board_page.status_code == 200
    assert f'href="{url}#settle"' in board_page.content.decode()
    settle_page = arbiter.get(url).content.decode()
    assert "The players disagree: settle the result below, with a reason." in settle_page
    assert 'name="settle-reason"' in settle_page
    no_reason = arbiter.post(
        url,
        {
            "op": "settle",
            **{f"settle-{k}": v for k, v in levels.items()},
            "settle-lowest_2": "3",
            "settle-next_2": "12",
        },
    )
    assert no_reason.status_code == 200 and s.fresh().result == ""
    settled = arbiter.post(
        url,
        {
            "op": "settle",
            **{f"settle-{k}": v for k, v in levels.items()},
            "settle-lowest_2": "3",
            "settle-next_2": "12",
            "settle-reason": "seen at the board",
        },
        follow=True,
    )
    assert "The arbiter decided" in settled.content.decode()
    assert s.fresh().result == Result.TABLE
    assert ResultCorrection.objects.get(board=s.board).reason == "seen at the board"

    other = Client()
    other.force_login(arbiter_of(EventFactory(), "elsewhere"))
    assert other.get(url).status_code == 403
    assert other.post(url, {"op": "settle", "settle-reason": "x"}).status_code == 403
    assert f"{url}#settle" not in other.get(f"/games/board/{s.board.pk}/").content.decode()


@pytest.mark.django_db
def test_an_outsider_is_refused_with_a_clear_message_and_nothing_changes() -> None:
    s = table_of_three()
    stranger = UserFactory(username="stranger")
    with pytest.raises(NotAllowed, match="Only the players seated at board 1") as refused:
        confirm_result(board=s.board, user=stranger, **WORD)
    assert refused.value.code == "not_on_board"
    with pytest.raises(NotAllowed, match="not seated at board 1: as an arbiter"):
        confirm_result(board=s.board, user=s.arb, **WORD)
    url = f"/api/boards/{s.board.pk}/confirm/"
    answer = api_as(stranger).post(url, WORD, format="json")
    assert answer.status_code == 403
    assert not ResultConfirmation.objects.exists()
    assert (s.fresh().result, s.fresh().confirmation) == ("", "")


@pytest.mark.django_db
def test_bad_table_words_name_the_field_and_change_nothing() -> None:
    s = table_of_three()
    cases = [
        ({"levels": [[7, 9], [9, 10]]}, "levels", "seats 3 sides"),
        ({"levels": [[7, 9], [9, 19], [3, 12]]}, "next_1", "Noor Haddad: a colour level is"),
        ({"levels": [[7, 9], [9, 10], [12, 3]]}, "next_2", "give the lowest first"),
        ({"levels": [[7, 9], [9, 10], [3, 12]], "placings": [1, 2, 3]}, "placing_1", "higher"),
        ({"result": "1-0", "levels": [[7, 9], [9, 10], [3, 12]]}, "result", "is a table"),
    ]
    for word, field, message in cases:
        with pytest.raises(DomainError, match=message) as refused:
            confirm_result(board=s.board, user=s.players[0], **word)
        assert refused.value.field == field, word
    assert not ResultConfirmation.objects.exists()
    assert s.fresh().confirmation == ""


@pytest.mark.django_db
def test_the_api_takes_a_tables_words_and_names_who_is_still_to_confirm() -> None:
    s = table_of_three()
    url = f"/api/boards/{s.board.pk}/confirm/"
    first = api_as(s.players[0]).post(url, WORD, format="json")
    assert first.status_code == 200, first.content
    body = first.json()
    assert (body["kind"], body["confirmation"]) == ("table", "awaiting")
    assert body["waiting_for"] == ["Noor Haddad", "Oluwaseun Adeyemi"]
    assert body["words"][0]["levels"] == [[7, 9], [9, 10], [3, 12]]
    assert body["words"][0]["placings"] == [2, 1, 3]
    bad = api_as(s.players[1]).post(url, {"levels": [[7, 9], [9, 37], [3, 12]]}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "next_1"
    api_as(s.players[1]).post(url, {"levels": [[7, 9], [9, 11], [3, 12]]}, format="json")
    settle = f"/api/boards/{s.board.pk}/settle/"
    refused = api_as(s.players[2]).post(settle, {**WORD, "reason": "mine"}, format="json")
    assert refused.status_code == 403
    settled = api_as(s.arb).post(settle, {**WORD, "reason": "scoresheet"}, format="json")
    assert settled.status_code == 200, settled.content
    assert (settled.json()["result"], settled.json()["confirmation"]) == ("table", "disputed")
    assert settled.json()["history"][-1]["side"] == "arbiter"
    assert settled.json()["history"][-1]["reason"] == "scoresheet"


def partnership_board() -> tuple[Board, dict[str, Any], Any]:
    event = EventFactory(ruleset="partnership", table_size=4)
    arb = arbiter_of(event, "arb")
    teams = [
        EntryFactory(
            event=event,
            starting_rank=n,
            player=PlayerFactory(name=a),
            partner=PlayerFactory(name=b),
        )
        for n, (a, b) in enumerate(
            [("Ahmed Karimi", "Noor Haddad"), ("Oluwaseun Adeyemi", "Mei Lin")], start=1
        )
    ]
    round_ = RoundFactory(event=event, number=1, status=Round.Status.PUBLISHED)
    a, b = (t.pk for t in teams)
    (board,) = seat_boards(round_, [Table([a, b, a, b])], first_number=1)
    users = {
        "ahmed": claimed(teams[0], "ahmed"),
        "noor": claimed(teams[0], "noor", partner=True),
        "mei": claimed(teams[1], "mei", partner=True),
    }
    return board, users, arb


@pytest.mark.django_db
def test_a_partnership_team_gives_one_word_by_either_partner() -> None:
    board, users, _arb = partnership_board()
    won = {"result": Result.FIRST_WINS, "first_lowest": 14, "second_lowest": 11}
    board = confirm_result(board=board, user=users["ahmed"], **won)
    assert board.confirmation == Board.Confirmation.AWAITING
    # His partner's word replaces his: one word per team, never two that agree.
    board = confirm_result(board=board, user=users["noor"], **won)
    assert (board.result, board.confirmation) == ("", Board.Confirmation.AWAITING)
    rows = ResultConfirmation.objects.filter(board=board).order_by("id")
    assert [(r.entry_id, r.seat) for r in rows] == [(rows[0].entry_id, 0), (rows[0].entry_id, 2)]
    with pytest.raises(DomainError, match="from 0 to 36") as high:
        confirm_result(board=board, user=users["mei"], **{**won, "second_lowest": 37})
    assert high.value.field == "second_lowest"
    board = confirm_result(board=board, user=users["mei"], **won)
    assert (board.result, board.confirmation) == ("1-0", Board.Confirmation.CONFIRMED)
    audit = ResultCorrection.objects.get(board=board)
    assert (audit.user, audit.reason) == (users["mei"], "confirmed by both teams")
    assert placings(board) == [1, 2, 1, 2]


@pytest.mark.django_db
def test_a_partnership_teams_word_reads_the_double_track_on_the_page() -> None:
    board, users, _arb = partnership_board()
    noor = Client()
    noor.force_login(users["noor"])
    page = noor.get(f"/events/{board.round.event.slug}/boards/{board.pk}/confirm/")
    text = page.content.decode()
    assert "Ahmed Karimi &amp; Noor Haddad won (1-0)" in text
    assert "One word per team: either partner may give it" in text
    assert 'max="36"' in text


@pytest.mark.django_db
def test_a_solitaire_entrants_own_levels_enter_at_once() -> None:
    event = EventFactory(ruleset="solitaire", table_size=1)
    entries = [EntryFactory(event=event, starting_rank=n) for n in (1, 2)]
    round_ = RoundFactory(event=event, number=1, status=Round.Status.PUBLISHED)
    boards = seat_boards(round_, [Table([e.pk]) for e in entries], first_number=1)
    me = claimed(entries[0], "solo")
    with pytest.raises(DomainError, match="from 0 to 36") as high:
        confirm_result(board=boards[0], user=me, levels=[20, 37])
    assert high.value.field == "next_0"
    board = confirm_result(board=boards[0], user=me, levels=[20, 24])
    assert (board.result, board.confirmation) == (Result.TABLE, Board.Confirmation.CONFIRMED)
    seat = Seat.objects.get(board=boards[0])
    assert (seat.levels[:2], seat.placing) == ([20, 24], 1)
    audit = ResultCorrection.objects.get(board=boards[0])
    assert (audit.user, audit.reason) == (me, "confirmed by the entrant")
    with pytest.raises(NotAllowed):
        confirm_result(board=boards[1], user=me, levels=[1, 2])


@pytest.mark.django_db
def test_the_confirm_page_says_what_happens_next_in_german() -> None:
    s = table_of_three()
    confirm_result(board=s.board, user=s.players[0], **WORD)
    noor = Client(HTTP_ACCEPT_LANGUAGE="de")
    noor.force_login(s.players[1])
    page = noor.get(f"/events/{s.board.round.event.slug}/boards/{s.board.pk}/confirm/")
    text = page.content.decode()
    assert "Warten auf die Bestätigung von Noor Haddad und Oluwaseun Adeyemi." in text
    assert "Noor Haddad: niedrigster Farbstand (0 bis 18)" in text
