"""Results of boards: entered by a director, sent by a finished game, checked by its replay.

A board with a result is decided, and closed to recording: no clock start, move or import until
a director reopens it with a reason. A game's own result is provisional until its replay check
passes; a director's result counts at once. Every change is logged with who, when and why.
"""

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from tournament import effects, signals
from tournament.errors import Conflict, DomainError
from tournament.logs import log_write
from tournament.models import (
    PAIR_RESULTS,
    PLAYED_RESULTS,
    SINGLE_RESULTS,
    Board,
    Result,
    ResultCorrection,
)
from tournament.names import display_name
from tournament.permissions import require_director
from tournament.services import seating
from tournament.services.base import User, need_reason
from tournament.services.rounds import refresh_round_status

LOWEST_LEVEL_MAX = 18  # a colour never goes above 18
GAME_OVER_REASON = "game over (recorded at the board)"


def check_levels(result: str, first_lowest: int | None, second_lowest: int | None) -> None:
    for field, level in (("first_lowest", first_lowest), ("second_lowest", second_lowest)):
        if level is None:
            continue
        if not isinstance(level, int) or not 0 <= level <= LOWEST_LEVEL_MAX:
            raise DomainError(
                _("A lowest colour level is a whole number from 0 to %(LOWEST_LEVEL_MAX)s.")
                % {"LOWEST_LEVEL_MAX": LOWEST_LEVEL_MAX},
                field=field,
            )
        if result not in PLAYED_RESULTS:
            raise DomainError(_("Lowest colour levels belong to played games only."), field=field)
    if first_lowest is None or second_lowest is None:
        return
    if first_lowest > second_lowest and result != Result.FIRST_WINS:
        raise DomainError(
            _(
                "The first player's lowest colour (%(first_lowest)s) is higher "
                "than the second's (%(second_lowest)s): the result is 1-0."
            )
            % {"first_lowest": first_lowest, "second_lowest": second_lowest},
            field="result",
        )
    if first_lowest < second_lowest and result != Result.SECOND_WINS:
        raise DomainError(
            _(
                "The second player's lowest colour (%(second_lowest)s) is higher "
                "than the first's (%(first_lowest)s): the result is 0-1."
            )
            % {"second_lowest": second_lowest, "first_lowest": first_lowest},
            field="result",
        )


def lock_board(board: Board) -> Board:
    """The board's row, locked (with its round's and event's): results of one round are
    written one at a time, and two phones or tablets at once give one outcome."""
    locked = Board.objects.select_for_update().select_related("round__event")
    found = locked.filter(pk=board.pk).first()
    if found is None:  # its draft was deleted while this request waited
        raise Conflict(
            _("Board %(number)s was deleted meanwhile: reload.") % {"number": board.number},
            code="board_deleted",
        )
    return found


def _check_result(
    board: Board, result: str, first_lowest: int | None, second_lowest: int | None
) -> None:
    if not board.round.is_public:
        raise DomainError(
            _("Round %(number)s is not published: its boards take no results yet.")
            % {"number": board.round.number},
            field="result",
        )
    if result and result not in Result.values:
        raise DomainError(
            _("%(result)s is not a result code.") % {"result": repr(result)}, field="result"
        )
    allowed = SINGLE_RESULTS if board.is_bye else PAIR_RESULTS
    if result and result not in allowed:
        kind = "a board without an opponent" if board.is_bye else "a game between two players"
        raise DomainError(
            _("%(result)s is not a result for %(kind)s.") % {"result": result, "kind": kind},
            field="result",
        )
    if result and board.is_table:
        raise DomainError(
            _(
                "Board %(number)s is a table of more than two players: its result is each "
                "seat's levels and placing, not %(result)s."
            )
            % {"number": board.number, "result": result},
            field="result",
        )
    check_levels(result, first_lowest, second_lowest)


#: A table's outcome per seat, in seat order: (placing, lowest, next lowest).
TableOutcome = Sequence[tuple[int, int | None, int | None]]


def _store(
    board: Board,
    *,
    result: str,
    user: AbstractBaseUser | None,
    reason: str,
    first_lowest: int | None,
    second_lowest: int | None,
    check: str,
    notify: bool = True,
    table: TableOutcome | None = None,
) -> Board:
    """The one write of a board's result: audited (ResultCorrection + log), seats settled,
    round status and standings refreshed. ``table``: a table's outcome per seat (with
    ``result`` "table"); a table's result withdrawn or cleared clears all its seats."""
    correction = ResultCorrection.objects.create(
        board=board, old_result=board.result, new_result=result, user=user, reason=reason
    )
    log_write(
        "result.set",
        user=user,
        event=board.round.event_id,
        round=board.round.number,
        board=board.number,
        old=board.result,
        new=result,
        version=board.result_version + 1,
        reason=reason,
        **({"seats": [list(seat) for seat in table]} if table else {}),
    )
    was_table = board.result == Result.TABLE
    board.result = result
    board.result_check = check if result else Board.Check.NONE
    board.check_message = ""
    board.recording_open = False
    board.result_version += 1
    board.save(
        update_fields=[
            "result_version",
            "result",
            "result_check",
            "check_message",
            "recording_open",
        ]
    )
    if table is not None or was_table:
        seating.settle_table_placings(board, table or ())
    else:
        seating.settle_pair_placings(board, (first_lowest, second_lowest))
    refresh_round_status(board.round)
    # The board's players are e-mailed the result (or its withdrawal) with the recompute.
    effects.results_changed(board.round.event_id, entered=correction.pk if notify else None)
    return board


def _stored_lowest(board: Board) -> tuple[int | None, int | None]:
    """The first two sides' lowest levels as their seats hold them (None: not known)."""
    lowest = [seat.lowest for seat in board.side_seats()] + [None, None]
    return lowest[0], lowest[1]


def _acting(user: User | None) -> AbstractBaseUser | None:
    return user if user is not None and user.is_authenticated else None  # type: ignore[return-value]


@transaction.atomic
def set_board_result(
    *,
    board: Board,
    result: str,
    user: User,
    reason: str = "",
    first_lowest: int | None = None,
    second_lowest: int | None = None,
    replaces: int | None = None,
    by_confirmation: bool = False,
    notify: bool = True,
) -> Board:
    """A director enters or corrects a board's result; it counts at once (no replay to wait
    for) and closes the board to recording. ``result`` "" clears it and opens the board again.

    ``by_confirmation``: the two sides of a paper result agreed (only
    tournament/services/confirmations.py, which checks who they are, says so): no director is
    needed, and ``user`` is whoever gave the agreeing word.

    ``replaces`` is the board's ``result_version`` the director saw (see
    :func:`check_replaces`; every page and API write sends it). None only for writers with no
    view between reading and writing: the TRF import, the players' agreeing words (which lock
    the board themselves), scripts and tests.
    ``notify=False`` e-mails nobody (a TRF import's results are history)."""
    signals.board_deciding.send(sender=Board, board=board)  # the game's row first: no deadlock
    board = lock_board(board)
    if not by_confirmation:
        require_director(user, board.round.event)
    _check_result(board, result, first_lowest, second_lowest)
    if len(reason) > 300:
        raise DomainError(_("The reason is longer than 300 characters."), field="reason")
    unchanged = (board.result, *_stored_lowest(board)) == (
        result,
        first_lowest,
        second_lowest,
    )
    no_op = unchanged and board.result_check != Board.Check.FAILED
    if not no_op:
        check_replaces(board, replaces, _yours(result))
    if board.result and board.result != result and not reason.strip():
        raise DomainError(_("Say why the result is being corrected."), field="reason")
    disputed = board.confirmation == Board.Confirmation.DISPUTED
    if disputed and result and not board.result and not reason.strip():
        raise DomainError(
            _("The players disagree on this board's result: say why you decide it so."),
            field="reason",
        )
    if no_op:
        return board
    if board.result_check == Board.Check.FAILED and result and not reason.strip():
        raise DomainError(
            _("The replay check of this game failed: say why its result stands."), field="reason"
        )
    board = _store(
        board,
        result=result,
        user=_acting(user),
        reason=reason.strip(),
        first_lowest=first_lowest,
        second_lowest=second_lowest,
        check=Board.Check.NONE,
        notify=notify,
    )
    _settle_confirmation(board, result, by_confirmation)
    if result:
        signals.board_decided.send(sender=Board, board=board)
    return board


def _settle_confirmation(board: Board, result: str, by_confirmation: bool) -> None:
    """Agreeing words confirm the board; a director's result replaces the players' words, but a
    disputed board stays so (it shows as decided by the arbiter); clearing starts afresh."""
    state = board.confirmation
    if by_confirmation:
        state = Board.Confirmation.CONFIRMED
    elif not result or state != Board.Confirmation.DISPUTED:
        state = Board.Confirmation.NONE
    if state != board.confirmation:
        board.confirmation = state
        board.save(update_fields=["confirmation"])


class ResultChanged(Conflict):
    """A result written from a stale view: the board's result changed since it was read. The
    API's answer carries the version now stored, to read the board again."""

    def __init__(self, message: str, *, version: int) -> None:
        super().__init__(message, field="result", code="result_changed")
        self.version = version

    def as_dict(self) -> dict[str, object]:
        return {**super().as_dict(), "result_version": self.version}


def check_replaces(board: Board, replaces: int | None, yours: str) -> None:
    """The one version check of every director's result write: a pair's, a table's and a
    solitaire entrant's. ``replaces`` is the board's ``result_version`` as the writer read it
    (with the page or the API's board); the board (locked) has moved on since when the game's
    final move or another director came first: nothing is written, and the Conflict names the
    result now stored, the one the writer saw and theirs (``yours``, in words). None: a writer
    with no view between reading and writing (an import, the players' agreeing words)."""
    if replaces is None or replaces == board.result_version:
        return
    if replaces > board.result_version:
        raise DomainError(
            _(
                "Board %(number)s has no result version %(version)s: its result is at version "
                "%(current)s. Reload the board and send the version it shows."
            )
            % {"number": board.number, "version": replaces, "current": board.result_version},
            field="replaces",
        )
    now = _("%(result)s (entered by %(who)s)") % {
        "result": describe_result(board),
        "who": entered_by(board),
    }
    raise ResultChanged(
        _(
            "Board %(number)s of round %(number2)s now has %(now)s; you saw "
            "%(value)s: %(yours)s is not saved. Reload and decide again."
        )
        % {
            "number": board.number,
            "number2": board.round.number,
            "now": now if board.result else _("no result"),
            "value": _seen_result(board, replaces),
            "yours": yours,
        },
        version=board.result_version,
    )


def _yours(result: str) -> str:
    if not result:
        return _("your clearing of the result")
    return _("your %(result)s") % {"result": result}


def describe_result(board: Board) -> str:
    """The board's result in words: its code, or a table's seats with their placings and
    levels, or a solitaire entrant's levels."""
    if not board.result:
        return _("no result")
    if board.result != Result.TABLE:
        return str(board.result)
    seats = list(board.seats.select_related("entry__player").order_by("number"))
    if len(seats) == 1:  # a duplicate solitaire entrant: placed among the round's entrants
        return _("the levels %(lowest)s, %(next)s") % {
            "lowest": seats[0].lowest,
            "next": seats[0].next_lowest,
        }
    return _("the table result %(seats)s") % {
        "seats": ", ".join(
            _("%(name)s placed %(placing)s (%(lowest)s, %(next)s)")
            % {
                "name": seat.entry.player.name,
                "placing": seat.placing,
                "lowest": seat.lowest,
                "next": seat.next_lowest,
            }
            for seat in seats
        )
    }


def _seen_result(board: Board, version: int) -> str:
    """The result the board had at ``version``: each write of it left one correction."""
    written = list(
        board.corrections.filter(kind=ResultCorrection.Kind.RESULT)
        .order_by("at", "id")
        .values_list("old_result", "new_result")
    )
    if version == 0:
        result = written[0][0] if written else board.result
    elif version <= len(written):
        result = written[version - 1][1]
    else:  # written before versions were counted
        return _("version %(version)s") % {"version": version}
    if not result:
        return _("no result")
    if result == Result.TABLE:
        return _("an earlier table result (version %(version)s)") % {"version": version}
    return result


def entered_by(board: Board) -> str:
    """Who entered the board's standing result, in words ("the director Ann", "the game")."""
    last = (
        board.corrections.filter(kind=ResultCorrection.Kind.RESULT)
        .select_related("user__player")
        .order_by("-at", "-id")
        .first()
    )
    if board.result_check != Board.Check.NONE:
        return "the game recorded at the board"
    if last is not None and last.user is not None:
        return display_name(last.user)
    return "a director"


@transaction.atomic
def confirmed_by_game(board: Board) -> bool:
    """A finished game arrives at a board whose result a director entered: that result stands
    as entered, and the game confirms it and closes the board. False when the board waits for
    the game's result (none yet, or a game's own)."""
    if not board.result or board.result_check != Board.Check.NONE:
        return False
    if board.recording_open:
        board.recording_open = False
        board.save(update_fields=["recording_open"])
        effects.live_changed(board.round.event_id)
    return True


def game_differs(board: Board) -> Conflict:
    """A finished game at a table ends otherwise than the result a director entered there."""
    return Conflict(
        _(
            "The recorded game at board %(number)s of round %(round)s ends otherwise than "
            "the result entered by %(who)s: a director corrects the board's result first."
        )
        % {"number": board.number, "round": board.round.number, "who": entered_by(board)},
        code="result_differs",
    )


def record_game_result(
    *,
    board: Board,
    result: str,
    user: User | None,
    first_lowest: int | None,
    second_lowest: int | None,
) -> Board:
    """A game recorded at the board has ended: its result goes to the board, provisional until
    the replay check passes. A board that already has a different result refuses it."""
    board = lock_board(board)
    _check_result(board, result, first_lowest, second_lowest)
    if board.result and board.result != result:
        raise Conflict(
            _(
                "The recorded game ends %(result)s, but board %(number)s of round "
                "%(number2)s already has the result %(result2)s, entered by "
                "%(value)s: a director corrects the board's result first."
            )
            % {
                "result": result,
                "number": board.number,
                "number2": board.round.number,
                "result2": board.result,
                "value": entered_by(board),
            },
            code="result_differs",
        )
    if confirmed_by_game(board):
        return board
    return _store(
        board,
        result=result,
        user=_acting(user),
        reason=GAME_OVER_REASON,
        first_lowest=first_lowest,
        second_lowest=second_lowest,
        check=Board.Check.PENDING,
    )


@transaction.atomic
def withdraw_game_result(*, board: Board, user: User | None, reason: str) -> Board:
    """A take-back reopened a finished game: the result it sent no longer stands. A result a
    director entered is not the game's to withdraw. A table's seats are cleared with it."""
    board = lock_board(board)
    if not board.result or board.result_check == Board.Check.NONE:
        return board
    return _store(
        board,
        result="",
        user=_acting(user),
        reason=reason,
        first_lowest=None,
        second_lowest=None,
        check=Board.Check.NONE,
    )


@transaction.atomic
def record_replay_check(*, board: Board, passed: bool, message: str = "") -> Board:
    """The replay check of the board's game is done: a game's result counts once it passed and
    is held out of the standings when it failed. A director's result is not affected."""
    board = lock_board(board)
    if not board.result or board.result_check == Board.Check.NONE:
        return board
    check = Board.Check.PASSED if passed else Board.Check.FAILED
    message = "" if passed else message[:300]
    if (board.result_check, board.check_message) == (check, message):
        return board
    board.result_check = check
    board.check_message = message
    board.save(update_fields=["result_check", "check_message"])
    effects.results_changed(board.round.event_id)
    return board


@transaction.atomic
def reopen_board(*, board: Board, user: User, reason: str) -> Board:
    """A director opens a decided board to recording again (e.g. to record the game from a
    paper scoresheet); the result stands until a director changes it. Logged with the reason."""
    board = lock_board(board)
    require_director(user, board.round.event)
    reason = need_reason(reason, "the board is being reopened")
    if not board.result:
        raise DomainError(
            _("Board %(number)s has no result: it is open already.") % {"number": board.number}
        )
    if board.recording_open:
        raise DomainError(
            _("Board %(number)s is already open for recording.") % {"number": board.number}
        )
    if board.is_bye:
        raise DomainError(_("Board %(number)s has no game to record.") % {"number": board.number})
    if board.result_check != Board.Check.NONE:
        raise DomainError(
            _(
                "Board %(number)s's result comes from the game recorded there: the "
                "arbiter corrects that game with a take-back, or a director enters "
                "the result."
            )
            % {"number": board.number}
        )
    ResultCorrection.objects.create(
        board=board,
        kind=ResultCorrection.Kind.REOPEN,
        old_result=board.result,
        new_result=board.result,
        user=_acting(user),
        reason=reason,
    )
    board.recording_open = True
    board.save(update_fields=["recording_open"])
    log_write(
        "board.reopen",
        user=user,
        event=board.round.event_id,
        round=board.round.number,
        board=board.number,
        reason=reason,
    )
    effects.live_changed(board.round.event_id)
    return board
