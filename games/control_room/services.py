"""Writes of the arbiter's control room, each with a reason that is logged, and a player's call
of the arbiter.

The board's actions reuse the one write of each thing: the clocks (games/clocks/services.py:
pause, resume, adjust), the take-back (games/recording/corrections.py), the result
(tournament/results/services.enter_result); each logs its reason where it always has (the
game's log, the board's result corrections). What the control room keeps of its own is
games/control_room/models.py: calls, board messages and rack inspections, logged here.

Permission first, as every write: the event's arbiters and directors act here (a result is a
director's, as everywhere: enter_result says so); a call is a seated player's own."""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils import timezone
from django.utils.translation import gettext as _

from games.clocks.services import adjust_clock, pause_clock, resume_clock
from games.control_room.models import TEXT_MAX, ArbiterCall, BoardMessage, RackInspection
from games.control_room.selectors import current_racks, seat_of
from games.models import Game, GameAction
from games.recording.corrections import take_back
from games.recording.writes import Recorder, User, acting
from tournament import effects
from tournament.acting import need_reason
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.logs import log_write
from tournament.models.events import Board
from tournament.names import display_name
from tournament.permissions import require_arbiter
from tournament.results.services import Source, enter_result
from tournament.text import refuse_control_characters

log = logging.getLogger("games.control_room")

#: How often a call's pause is tried again when a move was stored meanwhile.
PAUSE_TRIES = 3


def _event_of(game: Game) -> Any:
    return game.event_board.round.event


def require_control(game: Game, user: User) -> None:
    """Only the event's arbiters and directors act in its control room."""
    require_arbiter(user or AnonymousUser(), _event_of(game))


def _text(value: object, field: str, *, required: bool, what: str = "") -> str:
    """A typed text, stripped: no control characters, at most TEXT_MAX characters."""
    text = str(value or "").strip()
    if required and not text:
        raise DomainError(what, field=field)
    refuse_control_characters(field, text)
    if len(text) > TEXT_MAX:
        raise DomainError(
            _("The %(field)s is longer than %(max)s characters.")
            % {"field": field, "max": TEXT_MAX},
            field=field,
        )
    return text


def _refuse_venue(game: Game) -> None:
    board = game.event_board
    if not board.online:
        raise DomainError(
            _("Board %(number)s is played at the venue, not online.") % {"number": board.number},
            code="not_online",
        )


# ---------------------------------------------------------------- a player's call


def call_arbiter(*, game: Game, user: User, text: str = "") -> ArbiterCall:
    """A seated player calls the arbiter from the game's page. One call of a seat waits at a
    time (a second, before the first is answered, is refused). When the event says so
    (``online_call_pauses_clock``) a running clock is paused, through the clocks' one write,
    in the game's log; the call stands even when it cannot be paused (a flag fell, the clocks
    are paused already)."""
    board = game.event_board
    seat = seat_of(board, user)
    if seat is None:
        raise NotAllowed(
            _("Only a player seated at board %(number)s may call the arbiter there.")
            % {"number": board.number},
            code="not_seated",
        )
    _refuse_venue(game)
    if game.status == Game.Status.FINISHED or board.closed:
        raise DomainError(_("The game is over: the arbiter is no longer called from it."))
    said = _text(text, "text", required=False)
    event = board.round.event
    with effects.changing():
        # The game's row locked: two calls of one seat at once make one.
        Game.objects.select_for_update().filter(pk=game.pk).order_by().exists()
        waiting = ArbiterCall.objects.filter(game=game, seat=seat, answered_at__isnull=True)
        first = waiting.order_by("at").first()
        if first is not None:
            raise Conflict(
                _("Your call of %(time)s is waiting for the arbiter.")
                % {"time": timezone.localtime(first.at).strftime("%H:%M")},
                code="call_waiting",
            )
        call = ArbiterCall.objects.create(
            game=game, seat=seat, user=acting(user), at=timezone.now(), text=said
        )
        log_write(
            "control.call", user=user, event=event.pk, board=board.number, seat=seat, text=said
        )
        effects.live_changed(event.pk, event.slug, board=board.pk)
    if event.online_call_pauses_clock and _pause_for_call(game, user, seat):
        ArbiterCall.objects.filter(pk=call.pk).update(paused=True)
        call.paused = True
    return call


def _pause_for_call(game: Game, user: User, seat: int) -> bool:
    """Pause the game's running clock for a call (True: paused). The caller is a player, not
    an arbiter: the event's option is the permission, checked by the call (a Recorder allowed
    here, for this one pause)."""
    board = game.event_board
    recorder = Recorder(user, board.pk, board.round.event, True, board.round)
    reason = f"{game.players[seat]} called the arbiter"
    for _try in range(PAUSE_TRIES):
        running, length = (
            Game.objects.filter(pk=game.pk).values_list("clock_running", "log_length").get()
        )
        if not running:
            return False
        try:
            pause_clock(game=recorder, user=user, expected_index=length, reason=reason)
        except Conflict as exc:
            if exc.code == "stale_index":
                continue  # a move was stored meanwhile: try again at the new length
            log.info("call in game %s did not pause the clock: %s", game.pk, exc.message)
            return False
        except DomainError as exc:
            log.info("call in game %s did not pause the clock: %s", game.pk, exc.message)
            return False
        return True
    return False


def answer_call(*, call: ArbiterCall, user: User, answer: str) -> ArbiterCall:
    """The arbiter answers a call (once), saying what was decided: shown to the caller."""
    require_control(call.game, user)
    said = _text(answer, "answer", required=True, what=_("Say how the call is answered."))
    at = timezone.now()
    done = ArbiterCall.objects.filter(pk=call.pk, answered_at__isnull=True).update(
        answered_at=at, answered_by=acting(user), answer=said
    )
    if not done:
        call.refresh_from_db()
        raise Conflict(
            _("This call was answered already, by %(who)s.")
            % {"who": display_name(call.answered_by) or "?"},
            code="call_answered",
        )
    board = call.game.event_board
    event = board.round.event
    log_write(
        "control.answer", user=user, event=event.pk, board=board.number, call=call.pk, text=said
    )
    effects.live_changed(event.pk, event.slug, board=board.pk)
    call.refresh_from_db()
    return call


# ---------------------------------------------------------------- the board's actions


def pause(*, game: Game, user: User, reason: str) -> GameAction:
    require_control(game, user)
    why = need_reason(reason, _("the clocks are paused"))
    return pause_clock(game=game, user=user, expected_index=game.log_length, reason=why)


def resume(*, game: Game, user: User, reason: str) -> GameAction:
    require_control(game, user)
    why = need_reason(reason, _("the clocks are resumed"))
    return resume_clock(game=game, user=user, expected_index=game.log_length, reason=why)


def adjust(
    *, game: Game, user: User, seat: int, remaining_ms: int, reason: str, confirm_long: bool
) -> GameAction:
    require_control(game, user)
    why = need_reason(reason, _("the clock is adjusted"))
    return adjust_clock(
        game=game,
        user=user,
        expected_index=game.log_length,
        seat=seat,
        remaining_ms=remaining_ms,
        reason=why,
        confirm_long=confirm_long,
    )


def take_back_actions(
    *, game: Game, user: User, expected_index: int, count: int, reason: str
) -> GameAction:
    """Take back the last ``count`` record actions as the arbiter saw them (``expected_index``:
    a move stored since is not taken back by mistake; the write refuses, saying so). The
    site's draws count as actions: taking back a turn takes back its refill too."""
    require_control(game, user)
    why = need_reason(reason, _("the actions are taken back"))
    return take_back(game=game, user=user, expected_index=expected_index, count=count, reason=why)


def decide_result(
    *,
    game: Game,
    user: User,
    result: str,
    reason: str,
    replaces: int | None,
    levels: list[int | None] | None = None,
) -> Board:
    """The board's result, decided: through the one result write (a director's result, which
    holds a running clock); the reason goes into the board's result corrections."""
    require_control(game, user)
    why = need_reason(reason, _("the result is decided"))
    return enter_result(
        board=game.event_board,
        user=user,
        result=result,
        levels=levels,
        source=Source.DIRECTOR,
        reason=why,
        replaces=replaces,
    )


def message_board(*, game: Game, user: User, text: str) -> BoardMessage:
    """The arbiter's words to the board's players (on their game page); kept, never changed."""
    require_control(game, user)
    _refuse_venue(game)
    said = _text(text, "text", required=True, what=_("Type the message to the board."))
    board = game.event_board
    event = board.round.event
    with effects.changing():
        message = BoardMessage.objects.create(
            game=game, user=acting(user), at=timezone.now(), text=said
        )
        log_write("control.message", user=user, event=event.pk, board=board.number, text=said)
        effects.live_changed(event.pk, event.slug, board=board.pk)
    return message


def inspect_racks(*, game: Game, user: User, reason: str) -> tuple[RackInspection, list[list[str]]]:
    """Every seat's rack now, for the arbiter who asks and nobody else; each look is logged
    (who, when, why, at which point of the game)."""
    require_control(game, user)
    why = need_reason(reason, _("the racks are inspected"))
    racks = current_racks(game)
    if racks is None:
        raise DomainError(
            _("The racks of board %(number)s are not known to the site: it is played at the venue.")
            % {"number": game.event_board.number},
            code="not_online",
        )
    board = game.event_board
    inspection = RackInspection.objects.create(
        game=game, user=acting(user), at=timezone.now(), reason=why, log_length=game.log_length
    )
    log_write(
        "control.racks",
        user=user,
        event=board.round.event_id,
        board=board.number,
        index=game.log_length,
        reason=why,
    )
    return inspection, racks
