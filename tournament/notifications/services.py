"""E-mail to players: their board when a round is published, and every result entered,
corrected or withdrawn on their games; to an event's directors and arbiters, a dispute. Each
is built in its recipient's language (gettext and the text templates under
``templates/notifications/``): the language they last used on the site, the site's language for
a recipient without an account (``tournament.accounts.selectors.languages_of`` gives the rule).
Sent by the tasks (``tournament/tasks.py``) through Django's e-mail backend (``EMAIL_URL``).

Each message is one append-only ``Notification`` row per (player, key): a task delivered twice
finds the row and sends nothing more, a correction (a new ``ResultCorrection``) has a key of its
own and sends again. The row is committed before the mail goes out (see :func:`deliver`), so a
worker killed after sending cannot send it twice. A message that is not sent says why in
``skipped`` (stored in English, as log lines are): the player turned e-mail off, or has no
address. Merged players get nothing.

Events imported from a TRF file send nothing: their rounds and results are history, entered by
the director who imports them (the import passes ``notify=False`` to the services).
"""

import logging
import time
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, NamedTuple

from django.conf import settings
from django.core import mail
from django.core.exceptions import ValidationError
from django.core.mail.backends.base import BaseEmailBackend
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Prefetch, QuerySet
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournament.accounts.selectors import languages_of
from tournament.confirmations.models import ResultConfirmation
from tournament.confirmations.services import CONFIRMED_REASONS, WITH_THE_ARBITER
from tournament.logs import fields_text
from tournament.models.events import Board, Entry, Event, Player, Result, Round
from tournament.models.tables import Seat, keep_seats
from tournament.names import display_name
from tournament.notifications.models import Notification
from tournament.pairing.model import format_score
from tournament.permissions import is_arbiter, is_director
from tournament.results.models import ResultCorrection
from tournament.results.services import GAME_OVER_REASON

logger = logging.getLogger(__name__)

TURNED_OFF = "turned off"
NO_ADDRESS = "no address"
# Claimed by a task that has not yet reported its send: left so only when its worker died in
# the middle of sending (the mail may or may not have gone out; it is not sent twice).
SENDING = "sending interrupted"
# The stored reasons, in the reader's language.
SKIPPED_LABELS = {
    TURNED_OFF: gettext_lazy("turned off"),
    NO_ADDRESS: gettext_lazy("no address"),
    SENDING: gettext_lazy("being sent, or its worker stopped while sending it (perhaps sent)"),
}

_BYE_POINTS: dict[str, Decimal] = {
    Result.HALF_BYE: Decimal("0.5"),
    Result.FULL_BYE: Decimal("1"),
    Result.ABSENT: Decimal("0"),
}


@dataclass(frozen=True)
class Message:
    """One e-mail to one player, before it is stored and sent."""

    player: Player
    key: str
    subject: str
    body: str


# Where mail goes -------------------------------------------------------------------------------


def address_of(player: Player) -> str:
    """The player's address: their account's e-mail, else their contact when it is an e-mail
    address; "" when there is none."""
    user = player.user if player.user_id is not None else None
    if user is not None and user.email:
        return str(user.email)
    contact = player.contact.strip()
    try:
        validate_email(contact)
    except ValidationError:
        return ""
    return contact


def address_shown(notification: Notification) -> str:
    """Where a notification went, as its event's directors see it: the registry contact the
    directors keep, but not the address of the player's account, which is private to its
    owner (issue 25); "" when it went nowhere."""
    to = notification.to
    if not to or to == notification.player.contact.strip():
        return to
    return _("the player's account address")


def skip_reason(player: Player) -> str:
    """Why nothing is sent to the player ("" when it is)."""
    if not player.notify:
        return TURNED_OFF
    if not address_of(player):
        return NO_ADDRESS
    return ""


def absolute(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


# Building the messages -------------------------------------------------------------------------


def _points(value: Decimal) -> str:
    number = float(value)
    return ngettext("%(points)s point", "%(points)s points", 1 if 0 < number <= 1 else 2) % {
        "points": format_score(number)
    }


def _named(entry: Entry | Player) -> str:
    player = entry.player if isinstance(entry, Entry) else entry
    return f"{player.name} ({player.club})" if player.club else player.name


def _seated(board: Board) -> list[Seat]:
    """The board's seats with their players and accounts, read once per board (a message's
    parts ask for them in turn)."""
    if "seats" not in getattr(board, "_prefetched_objects_cache", {}):
        keep_seats(board, _with_accounts().filter(board_id=board.pk))
    return list(board.seats.all())


def _with_accounts() -> QuerySet[Seat]:
    seats = Seat.objects.select_related("entry__player__user", "entry__partner__user")
    return seats.order_by("board_id", "number")


def _seats_with_accounts() -> Prefetch[Any]:
    return Prefetch("seats", _with_accounts())


def _sides(seats: list[Seat]) -> list[Entry]:
    """The board's sides in seat order, each entry once (a partnership team sits twice)."""
    return list({seat.entry_id: seat.entry for seat in seats}.values())


def _board_link(board: Board) -> str:
    path = reverse("event-round", args=[board.round.event.slug, board.round.number])
    return absolute(f"{path}#board-{board.number}")


def _render(template: str, **context: object) -> str:
    body = render_to_string(f"notifications/{template}", context)
    return body.strip() + "\n"


def _sentence(text: str) -> str:
    return text.rstrip(" .") + "."


def _one_line(text: str) -> str:
    # A header is one line: a name with a line break must not break the mail.
    return " ".join(text.split())[:200]


def _round_line(board: Board, entry: Entry, player: Player) -> str:
    round_ = board.round
    where = {"round": round_.number, "event": round_.event.name, "board": board.number}
    if board.plays_alone:  # duplicate solitaire: an entrant of the round's deal, never a bye
        return (
            _(
                "Round %(round)s of %(event)s: board %(board)s, you play the round's deal "
                "(duplicate solitaire)"
            )
            % where
        )
    seats = _seated(board)
    sides = _sides(seats)
    if len(sides) < 2:
        if board.result == Result.ABSENT:
            return _("Round %(round)s of %(event)s: you are marked absent (0 points)") % where
        value = _BYE_POINTS.get(board.result, round_.event.bye_value)
        return _(
            "Round %(round)s of %(event)s: board %(board)s, you have a bye worth %(points)s"
        ) % {**where, "points": _points(value)}
    mine = next((seat for seat in seats if seat.player.pk == player.pk), None)
    if len(sides) == 2 and len(seats) > 2 and mine is not None:  # two partnership teams
        partner = [seat for seat in seats if seat.entry_id == mine.entry_id and seat != mine]
        against = [seat for seat in seats if seat.entry_id != mine.entry_id]
        return _(
            "Round %(round)s of %(event)s: table %(board)s, seat %(seat)s of %(count)s, "
            "with your partner %(partner)s against %(opponents)s"
        ) % {
            **where,
            "seat": mine.number + 1,
            "count": len(seats),
            "partner": " & ".join(_named(seat.player) for seat in partner),
            "opponents": " & ".join(_named(seat.player) for seat in against),
        }
    if len(seats) > 2:  # a table of 3 or 4: everybody at it
        mine = next(seat for seat in seats if seat.player.pk == player.pk)
        others = ", ".join(_named(seat.player) for seat in seats if seat.pk != mine.pk)
        return _(
            "Round %(round)s of %(event)s: table %(board)s, seat %(seat)s of %(count)s, "
            "with %(others)s"
        ) % {**where, "seat": mine.number + 1, "count": len(seats), "others": others}
    first = sides[0].pk == entry.pk
    opponent = _named(sides[1] if first else sides[0])
    if first:
        return _(
            "Round %(round)s of %(event)s: board %(board)s, you play first against %(opponent)s"
        ) % {**where, "opponent": opponent}
    return _(
        "Round %(round)s of %(event)s: board %(board)s, you play second against %(opponent)s"
    ) % {**where, "opponent": opponent}


def _round_message(round_: Round, board: Board, entry: Entry, player: Player) -> Message:
    line = _round_line(board, entry, player)
    subject = _("Round %(round)s of %(event)s: board %(board)s") % {
        "round": round_.number,
        "event": round_.event.name,
        "board": board.number,
    }
    body = _render(
        "round_published.txt",
        name=player.name,
        line=_sentence(line),
        link=_board_link(board),
        event=round_.event.name,
    )
    return Message(player, f"round:{round_.pk}:published", _one_line(subject), body)


def round_messages(round_: Round) -> list[Message]:
    """The message to each player of a published round: board, opponent, first seat or not;
    each in its player's language."""
    boards = (
        round_.boards.select_related("round__event")
        .prefetch_related(_seats_with_accounts())
        .order_by("number")
    )
    seated = [(board, entry, player) for board in boards for entry, player in _recipients(board)]
    languages = languages_of(player.user_id for _board, _entry, player in seated)
    messages = []
    for board, entry, player in seated:
        with translation.override(languages[player.user_id]):
            messages.append(_round_message(round_, board, entry, player))
    return messages


def _recipients(board: Board) -> list[tuple[Entry, Player]]:
    """Everybody at the board, once: each seat's player (a partnership team's two)."""
    seats = _seated(board)
    seen: dict[int, tuple[Entry, Player]] = {}
    for seat in seats:
        seen.setdefault(seat.player.pk, (seat.entry, seat.player))
    return list(seen.values())


def _result_text(board: Board, result: str) -> str:
    if result == Result.TABLE and board.plays_alone:  # duplicate solitaire: by its levels
        return board.result_text
    if result == Result.TABLE:
        placings = ", ".join(
            f"{seat.player.name} {seat.placing}" for seat in _seated(board) if seat.placing
        )
        return _("placings at the table: %(placings)s") % {"placings": placings}
    label = str(Result(result).label)
    sides = _sides(_seated(board))
    if len(sides) < 2:
        return f"{sides[0].name}: {label}"
    return f"{sides[0].name} {label} {sides[1].name}"  # players, or partnership teams


def _entered_by(correction: ResultCorrection, event: Event) -> str:
    if correction.reason == GAME_OVER_REASON:
        return _("recorded at the board")
    reason = correction.reason
    if reason in CONFIRMED_REASONS:
        return str(CONFIRMED_REASONS[reason])
    start, end = WITH_THE_ARBITER
    if reason.startswith(start) and reason.endswith(end):
        return _("confirmed by %(name)s and the arbiter") % {"name": reason[len(start) : -len(end)]}
    user = correction.user
    if user is None:
        return _("entered by the tournament staff")
    if is_director(user, event):
        return _("entered by the director")
    if is_arbiter(user, event):
        return _("entered by the arbiter")
    return _("entered by %(name)s") % {"name": display_name(user)}


def _result_line(correction: ResultCorrection) -> tuple[str, str]:
    """(subject, the sentence of the body) of a result entered, corrected or withdrawn."""
    board = correction.board
    where = _("Round %(round)s, board %(board)s") % {
        "round": board.round.number,
        "board": board.number,
    }
    old, new = correction.old_result, correction.new_result
    if not new:
        what = _("the result %(old)s no longer stands") % {"old": _result_text(board, old)}
        line = f"{where}: {what}"
        return line, f"{line}: {correction.reason}" if correction.reason else line
    result = _result_text(board, new)
    if not old:
        who = _entered_by(correction, board.round.event)
        return f"{where}: {result}", f"{where}: {result} ({who})"
    if old == new:  # the same code (a table's, or a pair's): placings or levels corrected
        change = _("corrected, %(who)s") % {"who": _entered_by(correction, board.round.event)}
    else:
        change = _("corrected from %(old)s to %(new)s") % {
            "old": Result(old).label,
            "new": Result(new).label,
        }
    line = f"{where}: {result}, {change}"
    return f"{where}: {result}", f"{line}: {correction.reason}" if correction.reason else line


def result_messages(correction: ResultCorrection) -> list[Message]:
    """The message to each player of the board about one result entered or changed, each in
    its player's language."""
    board = correction.board
    key = f"board:{board.pk}:result:{correction.pk}"
    recipients = [player for _entry, player in _recipients(board)]
    languages = languages_of(player.user_id for player in recipients)
    lines: dict[str, tuple[str, str]] = {}  # each language's lines, worded once
    link = _board_link(board)  # the same in every language: the paths carry none
    messages = []
    for player in recipients:
        language = languages[player.user_id]
        with translation.override(language):
            if language not in lines:
                lines[language] = _result_line(correction)
            subject, line = lines[language]
            body = _render(
                "result.txt",
                name=player.name,
                line=_sentence(line),
                link=link,
                event=board.round.event.name,
            )
        subject = f"{board.round.event.name}: {subject}"
        messages.append(Message(player, key, _one_line(subject), body))
    return messages


# Sending ---------------------------------------------------------------------------------------


def deliver(*, event: Event, message: Message, connection: BaseEmailBackend) -> Notification:
    """Store the message once per (player, key), then send it. The row that decides to send is
    committed first, marked as being sent: a task delivered again (its worker killed, even right
    after the mail went out) finds it and sends nothing more. A send the server refused (or
    could not be reached, EMAIL_TIMEOUT) deletes it, so the task's retry sends it."""
    player = message.player
    to = address_of(player)
    skipped = skip_reason(player)
    with transaction.atomic():
        notification, created = Notification.objects.get_or_create(
            player=player,
            key=message.key,
            defaults={
                "event": event,
                "subject": message.subject,
                "body": message.body,
                "to": to,
                "skipped": skipped or SENDING,
            },
        )
    if not created or skipped:
        return notification
    try:
        mail.EmailMessage(message.subject, message.body, to=[to], connection=connection).send()
    except OSError:
        notification.delete()
        raise
    notification.sent_at = timezone.now()
    notification.skipped = ""
    notification.save(update_fields=["sent_at", "skipped"])
    return notification


def _store_skipped(event: Event, messages: list[Message]) -> set[int]:
    """Store the messages that are not sent (e-mail turned off, no address) in one statement, as
    :func:`deliver` would one by one: a row already there (a task delivered twice) is left as it
    is. Nothing goes out for them, so nothing needs the row committed before a send. The
    ``id()`` of each message so stored."""
    rows, stored = [], set()
    for message in messages:
        player = message.player
        skipped = skip_reason(player) if player.merged_into_id is None else ""
        if not skipped:
            continue
        stored.add(id(message))
        rows.append(
            Notification(
                player=player,
                key=message.key,
                event=event,
                subject=message.subject,
                body=message.body,
                to=address_of(player),
                skipped=skipped,
            )
        )
    if rows:
        Notification.objects.bulk_create(rows, ignore_conflicts=True)
    return stored


class Delivery(NamedTuple):
    sent: int
    failed: int  # the mail server refused or could not be reached: a retry sends these
    left: int = 0  # not tried within the time given: the next delivery sends these


def _deliver_all(
    event: Event,
    messages: list[Message],
    what: str,
    seconds: float | None,
    **fields: object,
) -> Delivery:
    """Send the messages one by one, until ``seconds`` have passed (None: all; one at least):
    a task stops between two messages, well before its time limit, never in the middle of one.
    Those already stored go by quickly, so a new delivery goes on where this one stopped."""
    connection = mail.get_connection()
    sent = failed = left = 0
    started = time.monotonic()
    stored = _store_skipped(event, messages)
    for number, message in enumerate(messages):
        if seconds is not None and number and time.monotonic() - started > seconds:
            left = len(messages) - number
            break
        if message.player.merged_into_id is not None or id(message) in stored:
            continue
        try:
            notification = deliver(event=event, message=message, connection=connection)
        except OSError:  # smtplib's errors too: this one is not stored, the others go on
            logger.exception("e-mail %s to player %s not sent", message.key, message.player.pk)
            failed += 1
            continue
        sent += notification.sent_at is not None
    # A task's delivery, not a person's write: its own logger, not the writes log.
    line = {"what": what, "event": event.pk, "sent": sent, "failed": failed, "left": left}
    logger.info(fields_text({**line, **fields, "messages": len(messages)}))
    return Delivery(sent, failed, left)


def notify_round_published(round_id: int, seconds: float | None = None) -> Delivery:
    """Tell every player of a published round their board; the task calls this (nothing for
    a round no longer public). ``seconds``: see :func:`_deliver_all`."""
    round_ = Round.objects.select_related("event").filter(pk=round_id).first()
    if round_ is None or not round_.is_public:
        return Delivery(0, 0)
    messages = round_messages(round_)
    return _deliver_all(round_.event, messages, "notify.round", seconds, round=round_.number)


def notify_result(correction_id: int, seconds: float | None = None) -> Delivery:
    """Tell both players of a board a result entered, corrected or withdrawn; the task calls
    this. ``seconds``: see :func:`_deliver_all`."""
    correction = (
        ResultCorrection.objects.select_related("user", "board__round__event")
        .filter(pk=correction_id, kind=ResultCorrection.Kind.RESULT)
        .first()
    )
    if correction is None:
        return Delivery(0, 0)
    messages = result_messages(correction)
    board = correction.board
    return _deliver_all(
        board.round.event,
        messages,
        "notify.result",
        seconds,
        round=board.round.number,
        board=board.number,
    )


# A dispute, to the event's directors and arbiters ------------------------------------------------


def _dispute_body(row: ResultConfirmation, name: str) -> tuple[str, str]:
    """(subject, body) of the e-mail telling one of the event's staff (``name``) of a dispute."""
    from tournament.confirmations.selectors import current_words
    from tournament.confirmations.services import said_text

    board = row.board
    event = board.round.event
    where = _("Round %(round)s, board %(board)s") % {
        "round": board.round.number,
        "board": board.number,
    }
    words = current_words(board)
    said = [
        _("%(name)s says %(word)s") % {"name": word.name, "word": said_text(board, word.said)}
        for word in words.values()
    ]
    path = reverse("board-confirm", args=[event.slug, board.pk]) + "#settle"
    subject = _("%(event)s: %(where)s is disputed") % {"event": event.name, "where": where}
    body = _render(
        "dispute.txt",
        name=name,
        line=_sentence(_("%(where)s: the players disagree") % {"where": where}),
        words=said,
        link=absolute(path),
        event=event.name,
    )
    return _one_line(subject), body


def notify_dispute(confirmation_id: int, seconds: float | None = None) -> Delivery:
    """Tell the event's directors and arbiters (each once, to their own address only, named by
    their display name) that the word ``confirmation_id`` made its board disputed; the task calls
    this. At most once: the word's row is marked before any mail goes out, so a task delivered
    twice sends nothing more (a send that fails is logged, not tried again)."""
    from tournament.confirmations.selectors import staff_of

    with transaction.atomic():
        row = (
            ResultConfirmation.objects.select_for_update()
            .filter(pk=confirmation_id, staff_told_at__isnull=True)
            .first()
        )
        if row is None:
            return Delivery(0, 0)
        row.staff_told_at = timezone.now()
        row.save(update_fields=["staff_told_at"])
    board = Board.objects.select_related("round__event").get(pk=row.board_id)
    row.board = board
    event = board.round.event
    connection = mail.get_connection()
    sent = failed = 0
    staff = list(staff_of(event))
    languages = languages_of(user.pk for user in staff)
    for user in staff:
        to = str(user.email or "")
        if not to:
            continue
        with translation.override(languages[user.pk]):
            subject, body = _dispute_body(row, display_name(user))
        try:
            mail.EmailMessage(subject, body, to=[to], connection=connection).send()
        except OSError:
            logger.exception("dispute e-mail of board %s to %s not sent", board.pk, user.pk)
            failed += 1
            continue
        sent += 1
    line = {"what": "notify.dispute", "event": event.pk, "board": board.number, "sent": sent}
    logger.info(fields_text({**line, "failed": failed}))
    return Delivery(sent, 0)


# Reading ---------------------------------------------------------------------------------------


def notifications_of_event(event: Event) -> QuerySet[Notification]:
    """What went out for an event (and what did not), newest first."""
    return Notification.objects.filter(event=event).select_related("player")


def notifications_of_player(player: Player) -> QuerySet[Notification]:
    """A player's own notifications, newest first."""
    return Notification.objects.filter(player=player).select_related("event")
