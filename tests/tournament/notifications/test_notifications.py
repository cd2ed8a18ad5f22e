"""E-mail to players: their board when a round is published, each result entered, corrected or
withdrawn on their games; once per (player, key) however often a task is delivered; the
director's list of what went out, and a player's own list in the API."""

import smtplib
import time
from typing import Any

import pytest
from django.conf import settings
from django.core import mail
from django.core.mail.backends import locmem
from django.test import Client

from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    arbiter_of,
    director_of,
    may_create_events,
)
from tests.tournament.helpers import api_as, event_with_players, hand_result
from tournament import tasks
from tournament.confirmations.services import confirm_result
from tournament.models.events import Board, Event, Player, Result, Round
from tournament.notifications import services as notifications
from tournament.notifications.models import Notification
from tournament.restrictions.trf_import import import_trf
from tournament.results.models import ResultCorrection
from tournament.results.services import Source, enter_result, set_board_result, withdraw_game_result
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = pytest.mark.usefixtures("tasks_in_process")

SITE = "http://127.0.0.1:8000"


def entry(event: Event, rank: int, name: str, **fields: Any) -> Any:
    return EntryFactory(event=event, player=PlayerFactory(name=name, **fields), starting_rank=rank)


def draft_round_three() -> tuple[Event, Any, Round, dict[str, Any]]:
    """A draft round 3: Alice (account e-mail) v Bob (e-mail contact), Carol (a phone number)
    v Dan (e-mail off), Frank (merged away) v Gina, and Eve's pairing-allocated bye."""
    event = EventFactory(name="Summer Open")
    td = director_of(event)
    alice_user = UserFactory(username="alice", email="alice@example.org")
    people = {
        "alice": entry(event, 1, "Alice", club="Cambridge", contact="old@example.org"),
        "bob": entry(event, 2, "Bob", club="Oxford", contact="bob@example.org"),
        "carol": entry(event, 3, "Carol", contact="07700 900123"),
        "dan": entry(event, 4, "Dan", contact="dan@example.org", notify=False),
        "eve": entry(event, 5, "Eve", club="", contact=" eve@example.org "),
        "frank": entry(event, 6, "Frank", club="", contact="frank@example.org"),
        "gina": entry(event, 7, "Gina", club="", contact="gina@example.org"),
    }
    Player.objects.filter(pk=people["alice"].player_id).update(user=alice_user)
    Player.objects.filter(pk=people["frank"].player_id).update(
        merged_into=people["alice"].player_id
    )
    round_ = RoundFactory(event=event, number=3, status=Round.Status.DRAFT)
    BoardFactory(round=round_, number=1, sides=[people["alice"], people["bob"]])
    BoardFactory(round=round_, number=2, sides=[people["carol"], people["dan"]])
    BoardFactory(round=round_, number=3, sides=[people["frank"], people["gina"]])
    BoardFactory(round=round_, number=4, sides=[people["eve"]], result=Result.BYE)
    return event, td, round_, people


def publish(round_: Round, td: Any, capture: Any) -> Round:
    with capture(execute=True):
        return publish_round(round_=round_, user=td)


def mail_to(outbox: list[Any], address: str) -> Any:
    found = [m for m in outbox if m.to == [address]]
    assert len(found) == 1, [m.to for m in outbox]
    return found[0]


@pytest.mark.django_db
def test_publishing_a_round_mails_each_player_their_board_opponent_and_seat(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event, td, round_, people = draft_round_three()
    publish(round_, td, django_capture_on_commit_callbacks)

    assert sorted(m.to[0] for m in mailoutbox) == [
        "alice@example.org",  # the account's address, not the old contact
        "bob@example.org",
        "eve@example.org",
        "gina@example.org",
    ]
    alice = mail_to(mailoutbox, "alice@example.org")
    assert alice.subject == "Round 3 of Summer Open: board 1"
    assert "Round 3 of Summer Open: board 1, you play first against Bob (Oxford)." in alice.body
    assert f"{SITE}/events/{event.slug}/rounds/3/#board-1" in alice.body
    bob = mail_to(mailoutbox, "bob@example.org")
    assert "board 1, you play second against Alice (Cambridge)." in bob.body
    eve = mail_to(mailoutbox, "eve@example.org")
    assert "Round 3 of Summer Open: board 4, you have a bye worth 1 point." in eve.body
    gina = mail_to(mailoutbox, "gina@example.org")
    assert "board 3, you play second against Frank." in gina.body

    rows = {
        n.player.name: n for n in Notification.objects.filter(key=f"round:{round_.pk}:published")
    }
    assert set(rows) == {"Alice", "Bob", "Carol", "Dan", "Eve", "Gina"}  # merged Frank: nothing
    assert (rows["Carol"].skipped, rows["Carol"].sent_at, rows["Carol"].to) == (
        "no address",
        None,
        "",
    )
    assert (rows["Dan"].skipped, rows["Dan"].sent_at) == ("turned off", None)
    assert all(rows[n].sent_at and not rows[n].skipped for n in ("Alice", "Bob", "Eve", "Gina"))
    assert rows["Alice"].to == "alice@example.org" and rows["Alice"].event == event
    assert rows["Alice"].subject == alice.subject and rows["Alice"].body == alice.body


@pytest.mark.django_db
def test_a_task_delivered_twice_sends_once(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    _event, td, round_, _people = draft_round_three()
    publish(round_, td, django_capture_on_commit_callbacks)
    assert len(mailoutbox) == 4
    rows = Notification.objects.count()

    tasks.notify_round_published.delay(round_.pk)
    tasks.notify_round_published.delay(round_.pk)

    assert len(mailoutbox) == 4
    assert Notification.objects.count() == rows


@pytest.mark.django_db
def test_a_delivery_out_of_time_stops_between_two_mails_and_the_next_sends_the_rest(
    mailoutbox: list[Any],
) -> None:
    _event, td, round_, _people = draft_round_three()
    publish_round(round_=round_, user=td, notify=False)
    # A worker's delivery sends for MAIL_BATCH_SECONDS; given no time, it sends one, at least.
    first = notifications.notify_round_published(round_.pk, seconds=0)
    assert (first.sent, first.failed, first.left) == (1, 0, 6)  # of 7 messages
    assert len(mailoutbox) == 1
    rest = notifications.notify_round_published(round_.pk, seconds=None)
    assert rest.left == 0
    assert sorted(m.to[0] for m in mailoutbox) == [
        "alice@example.org",
        "bob@example.org",
        "eve@example.org",
        "gina@example.org",
    ]
    assert tasks.MAIL_BATCH_SECONDS < settings.CELERY_TASK_SOFT_TIME_LIMIT


@pytest.mark.django_db
def test_a_draft_sends_nothing_and_a_player_who_turned_mail_off_gets_none(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    _event, td, round_, people = draft_round_three()
    tasks.notify_round_published.delay(round_.pk)  # not published: nothing to tell
    assert mailoutbox == [] and not Notification.objects.exists()
    Player.objects.filter(pk=people["bob"].player_id).update(notify=False)

    publish(round_, td, django_capture_on_commit_callbacks)

    assert "bob@example.org" not in [m.to[0] for m in mailoutbox]
    bob = Notification.objects.get(player=people["bob"].player)
    assert (bob.skipped, bob.sent_at, bob.to) == ("turned off", None, "bob@example.org")


def published_game(capture: Any) -> tuple[Event, Any, Board]:
    event = EventFactory(name="Winter Cup")
    td = director_of(event)
    alice = entry(event, 1, "Alice", contact="alice@example.org")
    bob = entry(event, 2, "Bob", contact="bob@example.org")
    round_ = RoundFactory(event=event, number=3, status=Round.Status.DRAFT)
    board = BoardFactory(round=round_, number=7, sides=[alice, bob])
    publish(round_, td, capture)
    mail.outbox.clear()
    return event, td, board


@pytest.mark.django_db
def test_a_result_reaches_both_players_and_a_correction_sends_again_with_its_reason(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event, td, board = published_game(django_capture_on_commit_callbacks)

    with django_capture_on_commit_callbacks(execute=True):
        set_board_result(board=board, user=td, result=Result.DRAW)
    assert sorted(m.to[0] for m in mailoutbox) == ["alice@example.org", "bob@example.org"]
    first = mailoutbox[0]
    assert first.subject == "Winter Cup: Round 3, board 7: Alice ½-½ Bob"
    assert "Round 3, board 7: Alice ½-½ Bob (entered by the director)." in first.body
    assert f"{SITE}/events/{event.slug}/rounds/3/#board-7" in first.body

    with django_capture_on_commit_callbacks(execute=True):
        set_board_result(
            board=board, user=td, result=Result.FIRST_WINS, reason="scoresheet misread"
        )
    assert len(mailoutbox) == 4
    second = mail_to(mailoutbox[2:], "bob@example.org")
    assert second.subject == "Winter Cup: Round 3, board 7: Alice 1-0 Bob"
    assert "corrected from ½-½ to 1-0: scoresheet misread." in second.body

    corrections = list(ResultCorrection.objects.filter(board=board).order_by("id"))
    keys = set(Notification.objects.filter(player__name="Bob").values_list("key", flat=True))
    assert {f"board:{board.pk}:result:{c.pk}" for c in corrections} <= keys
    tasks.notify_result.delay(corrections[0].pk)  # delivered again: nothing more
    assert len(mailoutbox) == 4


@pytest.mark.django_db
def test_a_result_both_players_confirmed_says_so(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    _event, _td, board = published_game(django_capture_on_commit_callbacks)
    levels = {"first_lowest": 12, "second_lowest": 9}
    for side in (board.sides[0], board.sides[1]):
        user = UserFactory(username=side.player.name.lower())
        Player.objects.filter(pk=side.player_id).update(user=user)
        with django_capture_on_commit_callbacks(execute=True):
            confirm_result(board=board, user=user, result=Result.FIRST_WINS, **levels)
    assert sorted(m.to[0] for m in mailoutbox) == ["alice@example.org", "bob@example.org"]
    assert "Alice 1-0 Bob (confirmed by both players)." in mailoutbox[0].body


@pytest.mark.django_db
def test_a_game_result_and_its_withdrawal_reach_the_players(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event, _td, board = published_game(django_capture_on_commit_callbacks)
    arbiter = arbiter_of(event)

    with django_capture_on_commit_callbacks(execute=True):
        enter_result(
            board=board,
            result=Result.SECOND_WINS,
            user=arbiter,
            levels=[[6], [9]],
            source=Source.GAME,
        )
    assert len(mailoutbox) == 2
    assert "Alice 0-1 Bob (recorded at the board)." in mailoutbox[0].body

    with django_capture_on_commit_callbacks(execute=True):
        withdraw_game_result(board=board, user=arbiter, reason="take-back")
    assert len(mailoutbox) == 4
    assert "the result Alice 0-1 Bob no longer stands: take-back." in mailoutbox[3].body


@pytest.mark.django_db
def test_a_mail_the_server_refuses_is_not_recorded_so_the_next_delivery_sends_it(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any, monkeypatch: Any
) -> None:
    _event, td, board = published_game(django_capture_on_commit_callbacks)
    send = locmem.EmailBackend.send_messages

    def refuse_bob(backend: Any, messages: list[Any]) -> int:
        if messages[0].to == ["bob@example.org"]:
            raise smtplib.SMTPServerDisconnected("the mail server went away")
        return send(backend, messages)

    monkeypatch.setattr(locmem.EmailBackend, "send_messages", refuse_bob)
    with django_capture_on_commit_callbacks(execute=True):
        set_board_result(board=board, user=td, result=Result.DRAW)  # no error here

    assert [m.to for m in mailoutbox] == [["alice@example.org"]]
    assert not Notification.objects.filter(player__name="Bob", key__contains=":result:").exists()
    monkeypatch.undo()
    tasks.notify_result.delay(ResultCorrection.objects.get(board=board).pk)
    assert [m.to for m in mailoutbox] == [["alice@example.org"], ["bob@example.org"]]


class WorkerKilled(BaseException):
    """The worker's process dies (SIGKILL, OOM): nothing after it runs, no except clause."""


@pytest.mark.django_db
def test_a_worker_killed_right_after_sending_does_not_send_again_when_redelivered(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any, monkeypatch: Any
) -> None:
    _event, td, board = published_game(django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=False):  # the task runs below, by hand
        set_board_result(board=board, user=td, result=Result.DRAW)
    correction = ResultCorrection.objects.get(board=board).pk
    send = locmem.EmailBackend.send_messages

    def sent_to_bob_then_killed(backend: Any, messages: list[Any]) -> int:
        count = send(backend, messages)
        if messages[0].to == ["bob@example.org"]:
            raise WorkerKilled
        return count

    monkeypatch.setattr(locmem.EmailBackend, "send_messages", sent_to_bob_then_killed)
    with pytest.raises(WorkerKilled):
        tasks.notify_result.delay(correction)
    monkeypatch.undo()
    tasks.notify_result.delay(correction)  # the broker delivers the task again
    tasks.notify_result.delay(correction)

    assert [m.to for m in mailoutbox] == [["alice@example.org"], ["bob@example.org"]]
    rows = Notification.objects.filter(key__contains=":result:").order_by("player__name")
    assert [(n.player.name, n.sent_at is not None, n.skipped) for n in rows] == [
        ("Alice", True, ""),
        ("Bob", False, "sending interrupted"),  # the director's list says it may not have gone
    ]
    client = Client()
    client.force_login(td)
    page = client.get(f"/events/{board.round.event.slug}/notifications/").content.decode()
    assert "being sent, or its worker stopped while sending it (perhaps sent)" in page


@pytest.mark.django_db
def test_a_trf_import_mails_nobody(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event, td = event_with_players(6, rounds=3, system="swiss")
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    publish_round(round_=Round.objects.get(pk=round_.pk), user=td)
    for board in round_.boards.all():
        set_board_result(board=board, user=td, **hand_result(1, board.number))
    client = Client()
    client.force_login(td)
    trf = client.get(f"/events/{event.slug}/export/event.trf").content.decode()
    Player.objects.update(contact="someone@example.org")
    may_create_events(td)

    with django_capture_on_commit_callbacks(execute=True):
        imported = import_trf(user=td, text=trf, name="Reimported")

    assert ResultCorrection.objects.filter(board__round__event=imported).count() == 3
    assert mailoutbox == []
    assert not Notification.objects.exists()


@pytest.mark.django_db
def test_the_directors_page_lists_what_went_out_and_is_theirs_only(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event, td, round_, _people = draft_round_three()
    publish(round_, td, django_capture_on_commit_callbacks)
    url = f"/events/{event.slug}/notifications/"
    client = Client()

    assert client.get(url).status_code == 302  # to the login page
    client.force_login(arbiter_of(event))
    assert client.get(url).status_code == 403
    client.force_login(UserFactory(username="alice"))  # a player
    assert client.get(url).status_code == 403
    client.force_login(td)
    page = client.get(url)

    assert page.status_code == 200
    text = page.content.decode()
    assert "4 e-mails sent" in text and "2 not sent" in text
    assert "bob@example.org" in text and "Round 3 of Summer Open: board 1" in text
    # Alice's went to her account's address, which is hers alone (issue 25, item 5).
    assert "alice@example.org" not in text and "the player&#x27;s account address" in text
    assert "not sent: turned off" in text and "not sent: no address" in text
    detail = client.get(f"/events/{event.slug}/").content.decode()
    assert f'href="{url}"' in detail


@pytest.mark.django_db
def test_the_api_gives_a_player_their_own_notifications_only(
    mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    _event, td, round_, _people = draft_round_three()
    publish(round_, td, django_capture_on_commit_callbacks)
    url = "/api/me/notifications/"

    assert api_as(None).get(url).status_code == 403
    stranger = api_as(UserFactory(username="stranger")).get(url)
    assert stranger.status_code == 403 and stranger.json()["code"] == "no_player"
    mine = api_as(UserFactory(username="alice")).get(url)

    assert mine.status_code == 200
    rows = mine.json()
    assert [r["key"] for r in rows] == [f"round:{round_.pk}:published"]
    assert rows[0]["to"] == "alice@example.org" and "play first against Bob" in rows[0]["body"]
    assert rows[0]["event"] == round_.event.slug and rows[0]["sent_at"]


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_mails_the_players_of_a_published_round(live_worker: object) -> None:
    _event, td, round_, _people = draft_round_three()
    publish_round(round_=round_, user=td)
    deadline = time.monotonic() + 30
    sent = Notification.objects.filter(sent_at__isnull=False)
    while time.monotonic() < deadline and sent.count() < 4:
        time.sleep(0.1)
    assert sent.count() == 4, "no worker sent the round's e-mails within 30 s"
    assert Notification.objects.filter(skipped="").count() == 4
