"""The one result service: every board's result, for every kind of table, by its seats.

A director's result (a pair's code, a forfeit, a bye, an absence, a table's or a team's levels, a
solitaire entrant's), a game's own result sent at the board, a paper result, a correction and
the players' agreeing confirmation all go through :func:`enter_result`: one lock
(:func:`lock_board`, or the caller's: see ``locked``), one permission check, one check of the
levels against the event's track (0-18, or 0-36 for partnership and solitaire), one log
(ResultCorrection + ``log_write``), one write (``Board.result`` with the seats' placings and
levels, :mod:`tournament.rounds.seating`) and one after-commit effect
(``effects.results_changed``, part of the caller's change).

A board with a result is decided, and closed to recording: no clock start, move or import until
a director reopens it with a reason. A game's own result is provisional until its replay check
passes; a director's result counts at once.
"""

from collections.abc import Sequence
from enum import StrEnum

from django.contrib.auth.models import User as Account
from django.utils.translation import gettext as _

from scoring.core.solitaire import round_placings
from tournament import effects
from tournament.acting import User, need_reason
from tournament.effects import board_decided, board_deciding, changing
from tournament.errors import Conflict, DomainError
from tournament.logs import log_write
from tournament.models.events import Board, Event, Result, Round
from tournament.models.tables import Seat, forget_seats, read_seats
from tournament.names import display_name
from tournament.permissions import require_director
from tournament.results.checks import (
    ALONE,
    PAIR,
    TABLE,
    SideOutcome,
    game_outcome_agrees,
    result_kind,
    result_outcome,
    side_seats,
    standing,
)
from tournament.results.checks import DOUBLE_TRACK_MAX as DOUBLE_TRACK_MAX
from tournament.results.checks import LOWEST_LEVEL_MAX as LOWEST_LEVEL_MAX
from tournament.results.checks import TableOutcome as TableOutcome
from tournament.results.checks import check_levels as check_levels
from tournament.results.checks import track as track
from tournament.results.models import ResultCorrection
from tournament.rounds import seating
from tournament.rounds.services import refresh_round_status

GAME_OVER_REASON = "game over (recorded at the board)"


class Source(StrEnum):
    """Who enters a result."""

    DIRECTOR = "director"  # a director's result, a paper result, a correction (counts at once)
    GAME = "game"  # the game recorded at the board ended (provisional until its replay check)
    CONFIRMATION = "confirmation"  # the players' agreeing words (confirmations.py checks them)
    # An arbiter settles the players' words at the board (confirmations.py checks who): as
    # CONFIRMATION, but a disputed board stays so (it shows as decided by the arbiter).
    SETTLEMENT = "settlement"
    # The event's rule applied by the site (games/presence/absence.py: absent players lose):
    # counts at once, with no user; a board that has a result by then keeps it.
    RULE = "rule"


def lock_board(board: Board) -> Board:
    """The board's row, locked (with its round's and event's): results of one round are
    written one at a time, and two phones or tablets at once give one outcome. Its seats, with
    who sits there, are read with it (one query): the result's checks and its write use them."""
    locked = Board.objects.select_for_update().select_related("round__event")
    found = locked.filter(pk=board.pk).order_by().first()  # by its id: no sort
    if found is None:  # its draft was deleted while this request waited
        raise Conflict(
            _("Board %(number)s was deleted meanwhile: reload.") % {"number": board.number},
            code="board_deleted",
        )
    read_seats(found)
    return found


def lock_round(board: Board) -> Board:
    """The board's round and event rows locked and read afresh, for a board whose row alone the
    caller locked (a game's write, which locks its game and board on every move): a result is
    written with them locked, as :func:`lock_board` does."""
    board.round = Round.objects.select_for_update().select_related("event").get(pk=board.round_id)
    read_seats(board)
    return board


# ---------------------------------------------------------------- the one write


def _store(
    board: Board,
    *,
    result: str,
    outcome: Sequence[SideOutcome],
    user: Account | None,
    reason: str,
    check: str,
    notify: bool = True,
    confirmation: str | None = None,
) -> Board:
    """The one write of a board's result: audited (ResultCorrection + log), the seats'
    placings and levels written with it, round status and standings refreshed. ``confirmation``:
    the players' words' state that goes with the result (saved with it)."""
    correction = ResultCorrection.objects.create(
        board=board, old_result=board.result, new_result=result, user=user, reason=reason
    )
    seats = [[placing, *levels] for placing, levels in outcome if placing or levels]
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
        **({"seats": seats} if seats else {}),
    )
    # A game's provisional result counts nowhere until its replay check, which recomputes the
    # standings: in between they are only dropped (they show the result as provisional).
    recompute = board.result_counts or check != Board.Check.PENDING
    board.result = result
    board.result_check = check if result else Board.Check.NONE
    board.check_message = ""
    board.recording_open = False
    board.result_version += 1
    fields = ["result_version", "result", "result_check", "check_message", "recording_open"]
    if confirmation is not None and confirmation != board.confirmation:
        board.confirmation = confirmation
        fields.append("confirmation")
    board.save(update_fields=fields)
    seating.settle_seats(board, outcome)
    if board.round.event.ruleset == Event.Ruleset.SOLITAIRE:
        rerank_round(board.round)
        forget_seats(board)  # placed anew over the round, by other rows than the board's own
    refresh_round_status(board.round, fresh=True)  # read with the board, under its lock
    # The board's players are e-mailed the result (or its withdrawal) with the recompute.
    entered = correction.pk if notify else None
    event = board.round.event
    effects.results_changed(
        event.pk, entered=entered, recompute=recompute, slug=event.slug, board=board.pk
    )
    return board


def rerank_round(round_: Round) -> None:
    """Duplicate solitaire: place every entrant of the round with levels in, over all of them
    (1 best, ties share; all their levels in order); entrants without a result have none."""
    seats = list(
        Seat.objects.filter(board__round=round_, board__result=Result.TABLE, number=0).order_by(
            "board__number"
        )
    )
    # Every level in order, as the standings' solitaire rows rank them (scoring.core.solitaire).
    placings = round_placings([s.levels or [0] for s in seats])
    seating.place(seats, placings)


def _acting(user: User | None) -> Account | None:
    return user if user is not None and user.is_authenticated else None


@changing()
def enter_result(
    *,
    board: Board,
    user: User | None,
    result: str = "",
    levels: Sequence[object] | None = None,
    placings: Sequence[int] | None = None,
    source: Source = Source.DIRECTOR,
    reason: str = "",
    replaces: int | None = None,
    notify: bool = True,
    supersedes_game: bool = False,
    locked: bool = False,
) -> Board:
    """Enter, correct or clear a board's result: the one write of every result.

    ``result``: a two-sided board's code ("1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-"), a
    single side's ("bye", "half-bye", "full-bye", "absent"), or "table" for a table of 3-4, a
    Challenge table or a solitaire entrant (implied when ``levels`` are given there); ""
    clears the result and opens the board again.

    ``levels``: per side, in seat order (a partnership team is one side), that side's colour
    levels lowest first: the lowest alone (a quick result) up to all six; 0-18, or 0-36 on the
    double track of partnership and solitaire. A pair may leave a side's levels out (None); a
    table needs every seat's (the same number each); a solitaire entrant the lowest and the
    next lowest at least (a flat list is taken as the entrant's). A level above the track is
    refused with a message naming the side and the limit; nothing is written.

    ``placings``: a table's, per side (1 best, ties share), only to decide sides equal on the
    levels; a pair's follow from its code, a solitaire entrant's from the round's entrants.

    ``source``: ``Source.DIRECTOR`` (a director's result, a paper result, a correction: the
    user must direct the event; counts at once), ``Source.GAME`` (the game recorded at the
    board ended: provisional until the replay check passes; refused with a Conflict when the
    board holds another result, unless ``supersedes_game`` and that result is a game's), or
    ``Source.CONFIRMATION`` (the players' agreeing words: only
    tournament/confirmations/services.py, which checks who they are, says so; no director is
    needed and ``user`` is whoever gave the agreeing word; the board is then confirmed), or
    ``Source.SETTLEMENT`` (an arbiter settles the words there, as confirmations/services.py
    checks; a disputed board stays disputed: decided by the arbiter).

    ``replaces``: the board's ``result_version`` the writer saw (:func:`check_replaces`; every
    page and API write sends it). None only for writers with no view between reading and
    writing: the TRF import, the players' agreeing words, scripts and tests.
    ``notify=False`` e-mails nobody (a TRF import's results are history).

    ``locked``: ``board`` is the caller's, read with its row locked in this transaction together
    with its round's and event's (:func:`lock_board`, or a game's write and :func:`lock_round`):
    it is not read or locked again."""
    if not locked:
        if source in (Source.DIRECTOR, Source.RULE):
            # The game's row first. The players' words need not: a board that takes them has no
            # game record (nor a running clock: starting one is an entry of its log).
            board_deciding.send(sender=Board, board=board)
        board = lock_board(board)
    if source == Source.DIRECTOR:
        require_director(user, board.round.event)  # type: ignore[arg-type]
    if source == Source.RULE and board.result:
        return board  # decided meanwhile (an arbiter, the game's end): that result stands
    sides = side_seats(board)
    kind = result_kind(board, sides, result)
    result, outcome = result_outcome(board, kind, sides, result, levels, placings)
    if source == Source.GAME:
        return _game_result(board, kind, sides, result, outcome, user, supersedes_game)
    if kind in (TABLE, ALONE) and result:
        what = "this table's result is entered" if kind == TABLE else "this entrant's result"
        reason = need_reason(reason, what if kind == TABLE else what + " is entered")
    elif len(reason) > 300:
        raise DomainError(_("The reason is longer than 300 characters."), field="reason")
    reason = reason.strip()
    unchanged = board.result == result and standing(sides) == outcome
    if kind in (TABLE, ALONE):
        no_op = unchanged and board.result_check == Board.Check.NONE
    else:
        no_op = unchanged and board.result_check != Board.Check.FAILED
    if no_op and source == Source.DIRECTOR and kind in (TABLE, ALONE):
        return board
    if not no_op:
        check_replaces(board, replaces, _yours(result, outcome, kind))
    if board.result and board.result != result and not reason:
        raise DomainError(_("Say why the result is being corrected."), field="reason")
    disputed = board.confirmation == Board.Confirmation.DISPUTED
    if disputed and result and not board.result and not reason:
        raise DomainError(
            _("The players disagree on this board's result: say why you decide it so."),
            field="reason",
        )
    if no_op:
        return board
    if board.result_check == Board.Check.FAILED and result and not reason:
        raise DomainError(
            _("The replay check of this game failed: say why its result stands."), field="reason"
        )
    board = _store(
        board,
        result=result,
        outcome=outcome,
        user=_acting(user),
        reason=reason,
        check=Board.Check.NONE,
        notify=notify,
        confirmation=_confirmation_after(board, result, source),
    )
    if result and source in (Source.DIRECTOR, Source.RULE):
        board_decided.send(sender=Board, board=board, by_rule=source == Source.RULE)
    return board


def _game_result(
    board: Board,
    kind: str,
    sides: Sequence[Seat],
    result: str,
    outcome: list[SideOutcome],
    user: User | None,
    supersedes_game: bool,
) -> Board:
    """A game recorded at the board has ended: its result goes to the board, provisional until
    the replay check passes. A board that already has a different result refuses it."""
    differs = board.result and (
        board.result != result or not game_outcome_agrees(standing(sides), outcome)
    )
    game_owned = board.result_check != Board.Check.NONE
    if differs and not (supersedes_game and game_owned):
        if kind == PAIR and board.result != result:
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
        if kind != PAIR:
            raise game_differs(board)
    if confirmed_by_game(board):
        return board
    return _store(
        board,
        result=result,
        outcome=outcome,
        user=_acting(user),
        reason=GAME_OVER_REASON,
        check=Board.Check.PENDING,
    )


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
    """:func:`enter_result` in the words of a two-sided result's form and the API's
    documented fields: the code and each side's lowest level (``first_lowest``,
    ``second_lowest``). ``by_confirmation``: the players' agreeing words."""
    given = first_lowest is not None or second_lowest is not None
    return enter_result(
        board=board,
        user=user,
        result=result,
        levels=[first_lowest, second_lowest] if given else None,
        source=Source.CONFIRMATION if by_confirmation else Source.DIRECTOR,
        reason=reason,
        replaces=replaces,
        notify=notify,
    )


def _confirmation_after(board: Board, result: str, source: Source) -> str:
    """Agreeing words confirm the board; a director's result replaces the players' words, but a
    disputed board stays so (it shows as decided by the arbiter, as after an arbiter settles
    it); clearing starts afresh."""
    state = board.confirmation
    disputed = state == Board.Confirmation.DISPUTED
    if source == Source.CONFIRMATION or (source == Source.SETTLEMENT and not disputed):
        return Board.Confirmation.CONFIRMED
    if source == Source.SETTLEMENT or (result and disputed):
        return state
    return Board.Confirmation.NONE


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


def _yours(result: str, outcome: Sequence[SideOutcome], kind: str) -> str:
    if not result:
        return _("your clearing of the result")
    if kind == TABLE:
        return _("your table result")
    if kind == ALONE:
        row = outcome[0][1]
        return _("your levels %(levels)s") % {"levels": ", ".join(str(x) for x in row)}
    return _("your %(result)s") % {"result": result}


def describe_result(board: Board) -> str:
    """The board's result in words: its code, or a table's seats with their placings and
    levels, or a solitaire entrant's levels."""
    if not board.result:
        return _("no result")
    if board.result != Result.TABLE:
        return str(board.result)
    seats = side_seats(board)
    if len(seats) == 1:  # a duplicate solitaire entrant: placed among the round's entrants
        return _("the levels %(levels)s") % {"levels": ", ".join(map(str, seats[0].levels))}
    return _("the table result %(seats)s") % {
        "seats": ", ".join(
            _("%(name)s placed %(placing)s (%(levels)s)")
            % {
                "name": seat.player.name,
                "placing": seat.placing,
                "levels": ", ".join(map(str, seat.levels)),
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


@changing()
def confirmed_by_game(board: Board) -> bool:
    """A finished game arrives at a board whose result a director entered: that result stands
    as entered, and the game confirms it and closes the board. False when the board waits for
    the game's result (none yet, or a game's own)."""
    if not board.result or board.result_check != Board.Check.NONE:
        return False
    if board.recording_open:
        board.recording_open = False
        board.save(update_fields=["recording_open"])
        effects.live_changed(board.round.event_id, board=board.pk)
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


@changing()
def withdraw_game_result(
    *, board: Board, user: User | None, reason: str, locked: bool = False
) -> Board:
    """A take-back reopened a finished game: the result it sent no longer stands. A result a
    director entered is not the game's to withdraw. Its seats are cleared with it (a solitaire
    round's entrants are placed again). ``locked``: as for :func:`enter_result`."""
    if not locked:
        board = lock_board(board)
    if not board.result or board.result_check == Board.Check.NONE:
        return board
    return _store(
        board,
        result="",
        outcome=[(None, ()) for _side in side_seats(board)],
        user=_acting(user),
        reason=reason,
        check=Board.Check.NONE,
    )


@changing()
def record_replay_check(
    *, board: Board, passed: bool, message: str = "", locked: bool = False
) -> Board:
    """The replay check of the board's game is done: a game's result counts once it passed and
    is held out of the standings when it failed. A director's result is not affected.
    ``locked``: as for :func:`enter_result` (a Challenge's write checks its record at once)."""
    if not locked:
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
    effects.results_changed(board.round.event_id, board=board.pk)
    return board


@changing()
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
    effects.live_changed(board.round.event_id, board=board.pk)
    return board
