"""Paper results confirmed on the players' phones (issue 14, item 5; issue 26 for every kind of
table, tests/tournament/confirmations/test_confirmations_tables.py): two agreeing words of a pair
enter the result once through the audited path; one word, or two that disagree, count for
nothing; a disputed board waits for an arbiter's (or a director's) decision with a reason;
boards that take no word say why; two phones at once give one outcome, never a 500."""

from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client

from games.demo import played_actions
from games.recording.services import record_actions
from games.recording.setup import game_for_board
from scoring.standings.build import build_standings
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    arbiter_of,
    director_of,
)
from tests.result_calls import lowest
from tests.tournament.helpers import api_as
from tests.tournament.races import Call, queued, together
from tournament.confirmations.models import ResultConfirmation
from tournament.confirmations.services import confirm_result, settle_result
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.events.models import EventLogEntry
from tournament.models.events import Board, Entry, Result, Round
from tournament.results.models import ResultCorrection
from tournament.results.services import set_board_result

pytestmark = pytest.mark.usefixtures("tasks_in_process")

NO_LEVELS = ["results_between", "buchholz"]  # tie-breaks that read no colour levels


@dataclass
class Paper:
    board: Board
    alice: Any  # the first player's account
    bob: Any  # the second player's account
    td: Any  # a director of the event
    arb: Any  # an arbiter of the event

    @property
    def event(self) -> Any:
        return self.board.round.event

    def fresh(self) -> Board:
        return Board.objects.get(pk=self.board.pk)


def claimed(entry: Entry, username: str) -> Any:
    user = UserFactory(username=username)
    entry.player.user = user
    entry.player.save(update_fields=["user"])
    return user


def paper_board(
    *, chain: list[str] | None = None, status: str = Round.Status.PUBLISHED, tag: str = ""
) -> Paper:
    """Round 1 of an event: Alice v Bob on board 1 (no game recorded), Carol's bye on board 2;
    ``tag`` tells the accounts of one such event from another's."""
    event = EventFactory(tiebreak_chain=chain or NO_LEVELS)
    td, arb = director_of(event, "td"), arbiter_of(event, "arb")
    round_ = RoundFactory(event=event, number=1, status=status)
    entries = [
        EntryFactory(event=event, player=PlayerFactory(name=name), starting_rank=rank)
        for rank, name in enumerate(["Alice", "Bob", "Carol"], start=1)
    ]
    board = BoardFactory(round=round_, number=1, sides=[entries[0], entries[1]])
    BoardFactory(round=round_, number=2, sides=[entries[2]])
    alice, bob = claimed(entries[0], f"alice{tag}"), claimed(entries[1], f"bob{tag}")
    return Paper(board, alice, bob, td, arb)


def vp(paper: Paper) -> tuple[float, float, int]:
    """Alice's and Bob's victory points and Alice's games played, as the standings count."""
    table = build_standings(paper.event)
    a, b = (table.line(id_) for id_ in paper.board.side_ids)
    assert a is not None and b is not None
    return a.vp, b.vp, a.games_played


def log_lines(paper: Paper) -> list[str]:
    kind = EventLogEntry.Kind.CONFIRMATION
    return list(paper.event.log_entries.filter(kind=kind).values_list("description", flat=True))


@pytest.mark.django_db
def test_both_players_agreeing_enter_the_result_once_with_its_audit_row() -> None:
    p = paper_board()
    board = confirm_result(board=p.board, user=p.alice, result=Result.FIRST_WINS)
    assert (board.result, board.confirmation) == ("", Board.Confirmation.AWAITING)
    assert not ResultCorrection.objects.filter(board=p.board).exists()
    assert vp(p) == (0.0, 0.0, 0), "one word counts for nothing"

    board = confirm_result(board=p.board, user=p.bob, result=Result.FIRST_WINS)
    assert (board.result, board.confirmation) == ("1-0", Board.Confirmation.CONFIRMED)
    audit = ResultCorrection.objects.get(board=p.board)
    assert (audit.old_result, audit.new_result, audit.user, audit.reason) == (
        "",
        "1-0",
        p.bob,
        "confirmed by both players",
    )
    assert vp(p) == (1.0, 0.0, 1)
    assert log_lines(p) == [
        "Round 1, board 1 (Alice v Bob): Alice says 1-0; awaiting the others.",
        "Round 1, board 1 (Alice v Bob): Bob says 1-0; every side agrees: the result is entered.",
    ]
    with pytest.raises(Conflict, match="1-0 is confirmed already") as again:
        confirm_result(board=p.board, user=p.alice, result=Result.SECOND_WINS)
    assert again.value.code == "decided"
    assert ResultCorrection.objects.filter(board=p.board).count() == 1
    assert ResultConfirmation.objects.filter(board=p.board).count() == 2
    assert vp(p) == (1.0, 0.0, 1), "counted once"


@pytest.mark.django_db
def test_the_same_side_twice_replaces_its_word_and_never_counts_as_two() -> None:
    p = paper_board()
    confirm_result(board=p.board, user=p.alice, result=Result.FIRST_WINS)
    board = confirm_result(board=p.board, user=p.alice, result=Result.FIRST_WINS)
    assert (board.result, board.confirmation) == ("", Board.Confirmation.AWAITING)
    assert not ResultCorrection.objects.filter(board=p.board).exists()
    confirm_result(board=p.board, user=p.alice, result=Result.SECOND_WINS)  # a slip, corrected
    assert ResultConfirmation.objects.filter(board=p.board).count() == 3
    board = confirm_result(board=p.board, user=p.bob, result=Result.SECOND_WINS)
    assert (board.result, board.confirmation) == ("0-1", Board.Confirmation.CONFIRMED)
    assert vp(p) == (0.0, 1.0, 1)


@pytest.mark.django_db
def test_a_disagreement_is_disputed_counts_for_nothing_and_a_director_decides_with_a_reason() -> (
    None
):
    p = paper_board()
    confirm_result(board=p.board, user=p.alice, result=Result.FIRST_WINS)
    board = confirm_result(board=p.board, user=p.bob, result=Result.DRAW)
    assert (board.result, board.confirmation) == ("", Board.Confirmation.DISPUTED)
    assert vp(p) == (0.0, 0.0, 0)
    assert log_lines(p)[-1].endswith("Bob says 1/2-1/2; the words differ: the arbiter decides.")
    with pytest.raises(NotAllowed, match="settle its result with a reason") as arbiter_word:
        confirm_result(board=p.board, user=p.arb, result=Result.FIRST_WINS)
    assert arbiter_word.value.code == "arbiter_settles"

    director = Client()
    director.force_login(p.td)
    round_page = director.get(f"/events/{p.event.slug}/rounds/1/").content.decode()
    assert "disputed: the arbiter decides" in round_page
    url = f"/events/{p.event.slug}/boards/{p.board.pk}/result/"
    assert "The players disagree on this paper result" in director.get(url).content.decode()
    refused = director.post(url, {"result": "1-0", "replaces": "0"})
    assert refused.status_code == 200
    assert "The players disagree on this board" in refused.content.decode()
    assert p.fresh().result == "" and vp(p) == (0.0, 0.0, 0)

    decided = director.post(url, {"result": "1-0", "replaces": "0", "reason": "scoresheet"})
    assert decided.status_code == 302
    board = p.fresh()
    assert (board.result, board.confirmation) == ("1-0", Board.Confirmation.DISPUTED)
    audit = ResultCorrection.objects.get(board=p.board)
    assert (audit.user, audit.reason) == (p.td, "scoresheet")
    assert vp(p) == (1.0, 0.0, 1)
    public = Client().get(f"/events/{p.event.slug}/rounds/1/").content.decode()
    assert "decided by the arbiter" in public
    with pytest.raises(Conflict, match="decided by the arbiter: 1-0"):
        confirm_result(board=p.board, user=p.bob, result=Result.DRAW)


@pytest.mark.django_db
def test_a_player_who_changes_a_disputed_word_to_agree_confirms_it() -> None:
    p = paper_board()
    confirm_result(board=p.board, user=p.alice, result=Result.FIRST_WINS)
    confirm_result(board=p.board, user=p.bob, result=Result.SECOND_WINS)
    board = confirm_result(board=p.board, user=p.bob, result=Result.FIRST_WINS)
    assert (board.result, board.confirmation) == ("1-0", Board.Confirmation.CONFIRMED)


@pytest.mark.django_db
def test_an_arbiter_settles_a_board_awaiting_a_word_with_a_reason() -> None:
    p = paper_board()
    with pytest.raises(DomainError, match="nothing to settle") as early:
        settle_result(board=p.board, user=p.arb, result=Result.DRAW, reason="slip")
    assert early.value.code == "nothing_to_settle"
    confirm_result(board=p.board, user=p.bob, result=Result.DRAW)
    with pytest.raises(DomainError, match="Say why") as no_reason:
        settle_result(board=p.board, user=p.arb, result=Result.DRAW, reason=" ")
    assert no_reason.value.field == "reason"
    assert p.fresh().result == ""
    board = settle_result(board=p.board, user=p.arb, result=Result.DRAW, reason="Alice left")
    assert (board.result, board.confirmation) == ("1/2-1/2", Board.Confirmation.CONFIRMED)
    audit = ResultCorrection.objects.get(board=p.board)
    assert (audit.user, audit.reason) == (p.arb, "Alice left")
    assert vp(p) == (0.5, 0.5, 1)
    settled = ResultConfirmation.objects.get(board=p.board, user=p.arb)
    assert (settled.entry, settled.reason) == (None, "Alice left")


@pytest.mark.django_db
def test_an_event_that_uses_levels_wants_both_and_they_must_agree_too() -> None:
    p = paper_board(chain=["results_between", "progressive_difference"])
    with pytest.raises(DomainError, match="Give both sides' lowest colour levels") as none:
        confirm_result(board=p.board, user=p.alice, result=Result.FIRST_WINS)
    assert none.value.field == "first_lowest"
    with pytest.raises(DomainError, match="Bob's lowest colour .12. is higher .*the result is 0-1"):
        confirm_result(board=p.board, user=p.alice, result="1-0", first_lowest=7, second_lowest=12)
    with pytest.raises(
        DomainError, match="Bob: a colour level is a whole number from 0 to 18"
    ) as high:
        confirm_result(board=p.board, user=p.alice, result="1-0", first_lowest=7, second_lowest=19)
    assert high.value.field == "second_lowest"
    assert not ResultConfirmation.objects.exists()
    confirm_result(board=p.board, user=p.alice, result="1-0", first_lowest=12, second_lowest=7)
    board = confirm_result(
        board=p.board, user=p.bob, result="1-0", first_lowest=12, second_lowest=8
    )
    assert board.confirmation == Board.Confirmation.DISPUTED, "other levels: a disagreement"
    board = confirm_result(
        board=p.board, user=p.bob, result="1-0", first_lowest=12, second_lowest=7
    )
    assert (board.result, *lowest(board)) == ("1-0", 12, 7)
    assert board.confirmation == Board.Confirmation.CONFIRMED


@pytest.mark.django_db
def test_bad_words_are_refused_with_a_clear_message_and_change_nothing() -> None:
    p = paper_board()
    with pytest.raises(DomainError, match="'2-0' is not a result to confirm") as bad:
        confirm_result(board=p.board, user=p.alice, result="2-0")
    assert bad.value.field == "result"
    with pytest.raises(DomainError, match="not a result to confirm"):
        confirm_result(board=p.board, user=p.alice, result=Result.FIRST_FORFEIT_WIN)
    with pytest.raises(DomainError, match="do not use lowest colour levels"):
        confirm_result(board=p.board, user=p.alice, result="1-0", first_lowest=3, second_lowest=1)
    assert not ResultConfirmation.objects.exists()
    assert p.fresh().confirmation == Board.Confirmation.NONE


@pytest.mark.django_db
def test_boards_that_take_no_word_say_why() -> None:
    p = paper_board()
    bye = Board.objects.get(round=p.board.round, number=2)
    carol = claimed(bye.sides[0], "carol")
    with pytest.raises(DomainError, match="has no game") as refused:
        confirm_result(board=bye, user=carol, result=Result.FIRST_WINS)
    assert refused.value.code == "bye"

    stranger = UserFactory(username="stranger")
    with pytest.raises(NotAllowed, match="Only the players seated at board 1") as not_on_board:
        confirm_result(board=p.board, user=stranger, result=Result.FIRST_WINS)
    assert not_on_board.value.code == "not_on_board"

    game = game_for_board(p.board)  # a game without actions takes words
    confirm_result(board=p.board, user=p.alice, result=Result.FIRST_WINS)
    record_actions(
        game=game, user=p.td, expected_index=game.log_length, actions=played_actions()[:2]
    )
    with pytest.raises(DomainError, match="recorded at the board") as recorded:
        confirm_result(board=p.board, user=p.bob, result=Result.FIRST_WINS)
    assert recorded.value.code == "recorded_game"
    assert p.fresh().result == ""

    draft = paper_board(status=Round.Status.DRAFT, tag="2")
    with pytest.raises(DomainError, match="Round 1 is not published") as unpublished:
        confirm_result(board=draft.board, user=draft.alice, result=Result.FIRST_WINS)
    assert unpublished.value.code == "round_not_published"


@pytest.mark.django_db
def test_a_result_a_director_entered_takes_no_word_and_a_correction_drops_the_mark() -> None:
    p = paper_board()
    set_board_result(board=p.board, user=p.td, result=Result.DRAW)
    with pytest.raises(Conflict, match="already has its result ½-½, entered by td"):
        confirm_result(board=p.board, user=p.alice, result=Result.DRAW)
    other = paper_board(tag="2")
    confirm_result(board=other.board, user=other.alice, result=Result.FIRST_WINS)
    confirm_result(board=other.board, user=other.bob, result=Result.FIRST_WINS)
    board = set_board_result(
        board=other.board, user=other.td, result=Result.DRAW, reason="wrong slip"
    )
    assert board.confirmation == Board.Confirmation.NONE, "no longer what both confirmed"
    board = set_board_result(board=other.board, user=other.td, result="", reason="redo")
    board = confirm_result(board=other.board, user=other.alice, result=Result.FIRST_WINS)
    assert (board.result, board.confirmation) == ("", Board.Confirmation.AWAITING), (
        "the words given before the result was cleared no longer count"
    )


@pytest.mark.django_db
def test_the_phone_page_takes_a_word_and_the_public_pages_mark_the_result(
    django_capture_on_commit_callbacks: Any,
) -> None:
    p = paper_board()
    url = f"/events/{p.event.slug}/boards/{p.board.pk}/confirm/"
    assert Client().get(url).status_code == 302, "sign in first"
    stranger = Client()
    stranger.force_login(UserFactory(username="stranger"))
    assert stranger.get(url).status_code == 403
    alice = Client()
    alice.force_login(p.alice)
    page = alice.get(url).content.decode()
    assert "Alice won (1-0)" in page and "Bob won (0-1)" in page and "csrfmiddlewaretoken" in page
    assert f'href="{url}"' in alice.get(f"/events/{p.event.slug}/rounds/1/").content.decode()

    empty = alice.post(url, {})
    assert empty.status_code == 200 and "errorlist" in empty.content.decode()
    assert not ResultConfirmation.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):  # new live version: pages anew
        sent = alice.post(url, {"result": "1-0"})
    assert sent.status_code == 302
    assert p.fresh().confirmation == Board.Confirmation.AWAITING
    assert "Waiting for Bob to confirm." in alice.get(url).content.decode()
    public_round = Client().get(f"/events/{p.event.slug}/rounds/1/").content.decode()
    assert "awaiting confirmation: not in yet" in public_round

    bob = Client()
    bob.force_login(p.bob)
    with django_capture_on_commit_callbacks(execute=True):
        followed = bob.post(url, {"result": "1-0"}, follow=True).content.decode()
    assert "Both of you agree: the result counts now." in followed
    assert "flash success" not in followed, "what happens next, not a green success"
    assert p.fresh().result == "1-0"
    mark = '<span class="visually-hidden">confirmed by both sides</span>'
    for page_url in (
        f"/events/{p.event.slug}/rounds/1/",
        f"/events/{p.event.slug}/player/{p.board.side_ids[0]}/",
        f"/events/{p.event.slug}/crosstable/",
    ):
        response = Client().get(page_url)
        assert response.status_code == 200, page_url
        assert mark in response.content.decode(), page_url
    assert "Confirm this result" not in bob.get(url).content.decode(), "no form once decided"


@pytest.mark.django_db
def test_a_draft_rounds_board_is_not_found_for_its_players() -> None:
    p = paper_board(status=Round.Status.DRAFT)
    alice = Client()
    alice.force_login(p.alice)
    assert alice.get(f"/events/{p.event.slug}/boards/{p.board.pk}/confirm/").status_code == 404


@pytest.mark.django_db
def test_the_api_takes_words_and_shows_them_to_the_board_only() -> None:
    p = paper_board()
    confirm, words = (
        f"/api/boards/{p.board.pk}/confirm/",
        f"/api/boards/{p.board.pk}/confirmations/",
    )
    first = api_as(p.alice).post(confirm, {"result": "1-0"}, format="json")
    assert first.status_code == 200, first.content
    assert first.json()["confirmation"] == "awaiting" and first.json()["result"] == ""
    bad = api_as(p.bob).post(confirm, {"result": "1:0"}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "result"
    stranger = UserFactory(username="stranger")
    assert api_as(stranger).post(confirm, {"result": "1-0"}, format="json").status_code == 403
    assert api_as(None).post(confirm, {"result": "1-0"}, format="json").status_code == 403
    second = api_as(p.bob).post(confirm, {"result": "1-0"}, format="json")
    assert second.status_code == 200
    assert (second.json()["confirmation"], second.json()["result"]) == ("confirmed", "1-0")
    late = api_as(p.alice).post(confirm, {"result": "0-1"}, format="json")
    assert late.status_code == 409 and late.json()["code"] == "decided"

    shown = api_as(p.arb).get(words)
    assert shown.status_code == 200
    assert [(w["side"], w["seat"], w["result"], w["user"]) for w in shown.json()["words"]] == [
        ("Alice", 0, "1-0", "Alice"),  # the claimed players' names, not the user names
        ("Bob", 1, "1-0", "Bob"),
    ]
    assert shown.json()["kind"] == "pair"
    assert len(shown.json()["history"]) == 2
    assert api_as(p.alice).get(words).status_code == 200
    assert api_as(stranger).get(words).status_code == 403
    assert api_as(None).get(words).status_code == 403
    assert api_as(p.alice).get("/api/boards/999999/confirmations/").status_code == 404


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_three_words_queued_on_the_board_give_one_result(postgres: None) -> None:
    p = paper_board()
    url = f"/api/boards/{p.board.pk}/confirm/"
    # Two words queued on the board's lock (PostgreSQL hands a row lock to the first waiter;
    # beyond two, the order among the rest is not promised), then a late word.
    answers = queued(
        lambda: Board.objects.select_for_update().get(pk=p.board.pk),
        [
            Call(p.alice, "post", url, {"result": "1-0"}),
            Call(p.bob, "post", url, {"result": "1-0"}),
        ],
    )
    answers += queued(
        lambda: Board.objects.select_for_update().get(pk=p.board.pk),
        [Call(p.alice, "post", url, {"result": "0-1"})],
    )
    assert [a.status for a in answers] == [200, 200, 409], [a.body for a in answers]
    assert answers[1].body["confirmation"] == "confirmed"
    assert answers[2].body["code"] == "decided"
    assert ResultCorrection.objects.filter(board=p.board).count() == 1
    assert (p.fresh().result, vp(p)) == ("1-0", (1.0, 0.0, 1))


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_both_phones_at_once_never_500_and_enter_the_result_once(postgres: None) -> None:
    for attempt in range(3):
        p = paper_board(tag=str(attempt))
        url = f"/api/boards/{p.board.pk}/confirm/"
        answers = together(
            [
                Call(p.alice, "post", url, {"result": "1/2-1/2"}),
                Call(p.bob, "post", url, {"result": "1/2-1/2"}),
            ]
        )
        assert [a.status for a in answers] == [200, 200], [a.body for a in answers]
        states = sorted(a.body["confirmation"] for a in answers)
        assert states == ["awaiting", "confirmed"]
        assert ResultCorrection.objects.filter(board=p.board).count() == 1
        assert p.fresh().confirmation == Board.Confirmation.CONFIRMED
