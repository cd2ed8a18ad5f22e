"""Results confirmed by the players at every kind of table (a board without a move record).

Each side at the board gives its word, the whole outcome for its kind of table
(tournament/confirmations/selectors.py): at a pair both players; at a table of 3 or 4 every
seat; at a partnership board each team, one word per team, given by either partner (the
latest word of either partner is the team's word); a duplicate solitaire entrant gives their
own levels, and as nobody sits opposite, that word enters the result at once.

Words are append-only rows (ResultConfirmation); a side's latest word replaces its earlier one.
While a side has not spoken the board awaits it and nothing counts. Every side's word the same
enters the result through :func:`_enter_agreed` (the one result service), and the board is
confirmed. Two sides that differ make a dispute: nothing is entered, the event's directors and
arbiters are e-mailed once it is committed (tournament/notifications/services.py,
:func:`notify_dispute`), and an arbiter of the event settles it at the board with a reason
(:func:`settle_result`, logged with who, when and why); the board then shows as decided by the
arbiter. Every word and settling goes in the event log.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.db.models import Exists, OuterRef
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.core.tables import placings_from_levels
from tournament import effects
from tournament.acting import User, need_reason
from tournament.confirmations.models import ResultConfirmation
from tournament.confirmations.selectors import (
    COLOURS,
    PAIR,
    PAPER_RESULTS,
    RECORDED,
    SOLITAIRE,
    TABLE,
    TEAMS,
    Said,
    agreed,
    current_words,
    disputed,
    kind_of,
    may_settle,
    seat_of,
    side_of,
    track_of,
    wants_levels,
    why_closed,
)
from tournament.effects import changing
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.events.log import note
from tournament.events.models import EventLogEntry
from tournament.logs import log_write
from tournament.models.events import Board, Entry, Event, Result
from tournament.models.tables import SEATED
from tournament.names import display_name
from tournament.results.services import Source, enter_result

# The reasons stored with a result entered by agreement (English, as every log line).
BOTH_PLAYERS = "confirmed by both players"
BOTH_TEAMS = "confirmed by both teams"
EVERY_SEAT = "confirmed by every player at the table"
THE_ENTRANT = "confirmed by the entrant"
#: "confirmed by <player> and the arbiter": results confirmed before arbiters settled instead
WITH_THE_ARBITER = ("confirmed by ", " and the arbiter")
AGREED_REASONS = {PAIR: BOTH_PLAYERS, TEAMS: BOTH_TEAMS, TABLE: EVERY_SEAT, SOLITAIRE: THE_ENTRANT}
#: the stored reasons in the reader's language (result e-mails, pages)
CONFIRMED_REASONS = {
    BOTH_PLAYERS: gettext_lazy("confirmed by both players"),
    BOTH_TEAMS: gettext_lazy("confirmed by both teams"),
    EVERY_SEAT: gettext_lazy("confirmed by every player at the table"),
    THE_ENTRANT: gettext_lazy("confirmed by the entrant"),
}

Levels = Sequence[Any] | None


def board_for_words(pk: int, *, event: Event | None = None) -> Board | None:
    """The board a word or a settling is checked against and written on, read once: its row
    locked for the caller's transaction with its round's and event's (as the result service's
    ``lock_board``: a round's results are written one at a time), with its seats and who sits
    in them, and whether a game was recorded there (``recorded``). None: no such board (of
    ``event``)."""
    boards = Board.objects.select_for_update().select_related("round__event")
    if event is not None:
        boards = boards.filter(round__event=event)
    recorded = Exists(Board.objects.filter(RECORDED, pk=OuterRef("pk")))
    return boards.prefetch_related(*SEATED).annotate(recorded=recorded).filter(pk=pk).first()


@dataclass(frozen=True)
class AtBoard:
    """A board read for a word (:func:`board_for_words`, in the transaction that writes it)
    and who speaks there, checked once: their side (None: not seated); ``arbiter``, whether
    they may settle, asked when needed."""

    board: Board
    user: User
    side: Entry | None

    @classmethod
    def of(cls, board: Board, user: User) -> "AtBoard":
        return cls(board, user, side_of(user, board))

    @cached_property
    def arbiter(self) -> bool:
        return may_settle(self.user, self.board)


def _at(board: Board | AtBoard, user: User) -> AtBoard:
    """The caller's AtBoard for ``user``, or the board read and locked now, with who speaks."""
    if isinstance(board, AtBoard):
        if board.user == user:
            return board
        board = board.board  # read for someone else: checked again for this user
    locked = board_for_words(board.pk)
    if locked is None:  # its draft was deleted while this request waited
        raise Conflict(
            _("Board %(number)s was deleted meanwhile: reload.") % {"number": board.number},
            code="board_deleted",
        )
    return AtBoard.of(locked, user)


# Checking a word ------------------------------------------------------------------------------


def _level(value: object, *, who: str, field: str, top: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise DomainError(
            _("%(who)s: a colour level is a whole number from 0 to %(max)s, not %(level)s.")
            % {"who": who, "max": top, "level": "" if value is None else repr(value)},
            field=field,
        )
    return value


def _pair_word(
    board: Board, result: str, levels: Levels, first_lowest: Any, second_lowest: Any
) -> Said:
    sides = board.sides
    if result not in PAPER_RESULTS:
        raise DomainError(
            _("%(result)s is not a result to confirm: choose 1-0, 0-1 or 1/2-1/2 (a draw).")
            % {"result": repr(result)},
            field="result",
        )
    if levels is not None:
        flat = [side[0] if isinstance(side, list | tuple) and side else side for side in levels]
        first_lowest, second_lowest = (list(flat) + [None, None])[:2]
        if len(flat) > 2:
            raise DomainError(_("Give two lowest levels, one per side."), field="levels")
    given = (first_lowest, second_lowest)
    if not wants_levels(board):
        if given != (None, None):
            raise DomainError(
                _("This event's tie-breaks do not use lowest colour levels: give the result only."),
                field="first_lowest" if first_lowest is not None else "second_lowest",
            )
        return result, (), ()
    top = track_of(board)
    checked = []
    for side, field, value in zip(sides, ("first_lowest", "second_lowest"), given, strict=True):
        if value is None:
            raise DomainError(
                _(
                    "Give both sides' lowest colour levels (0 to %(max)s): this event's "
                    "tie-breaks use them."
                )
                % {"max": top},
                field=field,
            )
        checked.append(_level(value, who=side.name, field=field, top=top))
    first, second = checked
    if first > second and result != Result.FIRST_WINS:
        raise DomainError(
            _(
                "%(first)s's lowest colour (%(high)s) is higher than %(second)s's (%(low)s): "
                "the result is 1-0."
            )
            % {"first": sides[0].name, "second": sides[1].name, "high": first, "low": second},
            field="result",
        )
    if first < second and result != Result.SECOND_WINS:
        raise DomainError(
            _(
                "%(second)s's lowest colour (%(high)s) is higher than %(first)s's (%(low)s): "
                "the result is 0-1."
            )
            % {"first": sides[0].name, "second": sides[1].name, "high": second, "low": first},
            field="result",
        )
    return result, ((first,), (second,)), ()


def _side_levels(side: Entry, number: int, given: Any, top: int) -> tuple[int, ...]:
    who = side.name
    row = list(given) if isinstance(given, list | tuple) else []
    if not 2 <= len(row) <= COLOURS:
        raise DomainError(
            _("%(who)s: give the lowest colour level and the next lowest.") % {"who": who},
            field=f"lowest_{number}" if not row else f"next_{number}",
        )
    fields = [f"lowest_{number}"] + [f"next_{number}"] * (len(row) - 1)
    levels = tuple(
        _level(value, who=who, field=field, top=top)
        for value, field in zip(row, fields, strict=True)
    )
    if list(levels) != sorted(levels):
        raise DomainError(
            _(
                "%(who)s: the next lowest level (%(next)s) is below the lowest (%(lowest)s): "
                "give the lowest first."
            )
            % {"who": who, "next": min(levels[1:]), "lowest": levels[0]},
            field=f"next_{number}",
        )
    return levels


def _placings(sides: list[Entry], levels: list[tuple[int, ...]], placings: Any) -> tuple[int, ...]:
    if placings is None or list(placings) == []:
        return tuple(placings_from_levels([list(row) for row in levels]))
    given = list(placings) if isinstance(placings, list | tuple) else []
    k = len(sides)
    if len(given) != k or any(isinstance(p, bool) or not isinstance(p, int) for p in given):
        raise DomainError(
            _("Give one placing (1 to %(k)s) per seat, in seat order.") % {"k": k},
            field="placings",
        )
    for number, (side, mine) in enumerate(zip(sides, given, strict=True)):
        if mine != 1 + sum(other < mine for other in given):
            raise DomainError(
                _(
                    "%(who)s: placing %(placing)s does not fit the others; placings at a "
                    "table run 1, 2, 3..., tied seats sharing the better (1, 2, 2, 4)."
                )
                % {"who": side.name, "placing": mine},
                field=f"placing_{number}",
            )
    for i, side in enumerate(sides):
        for j, other in enumerate(sides):
            if levels[i] > levels[j] and given[i] >= given[j]:
                raise DomainError(
                    _(
                        "%(who)s finished with higher levels than %(other)s, so places "
                        "better: placing %(mine)s is not before %(theirs)s."
                    )
                    % {"who": side.name, "other": other.name, "mine": given[i], "theirs": given[j]},
                    field=f"placing_{i}",
                )
    return tuple(given)


def _table_word(board: Board, result: str, levels: Levels, placings: Any) -> Said:
    sides = board.sides
    if result not in ("", Result.TABLE):
        raise DomainError(
            _(
                "Board %(number)s is a table: give every seat's levels (and placings), not "
                "%(result)s."
            )
            % {"number": board.number, "result": result},
            field="result",
        )
    rows = list(levels) if isinstance(levels, list | tuple) else []
    if len(sides) == 1 and rows and not isinstance(rows[0], list | tuple):
        rows = [rows]  # a solitaire entrant's own levels, given flat
    if len(rows) != len(sides):
        raise DomainError(
            _(
                "Board %(number)s seats %(k)s sides: give the levels of each, in seat order "
                "(%(given)s given)."
            )
            % {"number": board.number, "k": len(sides), "given": len(rows)},
            field="levels",
        )
    top = track_of(board)
    checked = [
        _side_levels(side, number, given, top)
        for number, (side, given) in enumerate(zip(sides, rows, strict=True))
    ]
    if len(sides) == 1:  # solitaire: the round places the entrant
        return Result.TABLE, (checked[0],), ()
    return Result.TABLE, tuple(checked), _placings(sides, checked, placings)


def check_word(
    board: Board,
    *,
    result: str = "",
    levels: Levels = None,
    placings: Any = None,
    first_lowest: Any = None,
    second_lowest: Any = None,
) -> Said:
    """The word, checked against the board's kind of table and the ruleset's track; a
    DomainError names the field and the side. ``board`` with its seats (SEATED)."""
    if kind_of(board) in (PAIR, TEAMS):
        return _pair_word(board, result or "", levels, first_lowest, second_lowest)
    if first_lowest is not None or second_lowest is not None:
        raise DomainError(
            _("Board %(number)s is not a game of two sides: give each seat's levels.")
            % {"number": board.number},
            field="levels",
        )
    return _table_word(board, result or "", levels, placings)


# Entering the outcome ---------------------------------------------------------------------------


def _enter_agreed(
    board: Board, kind: str, said: Said, *, user: User, reason: str, source: Source
) -> Board:
    """The one call into the result service: the agreed (or settled) outcome enters the board's
    result, confirmed; ``board`` is locked already (board_for_words)."""
    result, levels, placings = said
    sides: list[object] | None
    if kind in (PAIR, TEAMS):
        sides = [[row[0]] for row in levels] if levels else None
    elif kind == TABLE:
        sides = [list(row) for row in levels]
    else:
        sides = list(levels[0])
    return enter_result(
        board=board,
        user=user,
        result=result,
        levels=sides,
        placings=list(placings) if kind == TABLE else None,
        source=source,
        reason=reason,
        replaces=board.result_version,  # locked, and undecided (why_closed)
        locked=True,
    )


# Words in the event log (English, as every log line) --------------------------------------------


def said_text(board: Board, said: Said) -> str:
    """A word in English words, for the log: "1-0 (lowest levels 12-9)", "Ada placed 1 (7, 9),
    ..."."""
    result, levels, placings = said
    if result != Result.TABLE:
        if not levels:
            return result
        return f"{result} (lowest levels {levels[0][0]}-{levels[1][0]})"
    sides = board.sides
    if not placings:
        return f"levels {', '.join(str(level) for level in levels[0])}"
    return ", ".join(
        f"{side.name} placed {placing} ({', '.join(str(level) for level in row)})"
        for side, row, placing in zip(sides, levels, placings, strict=True)
    )


def _board_line(board: Board) -> str:
    names = " v ".join(side.name for side in board.sides)
    return f"Round {board.round.number}, board {board.number} ({names})"


# The writes ----------------------------------------------------------------------------------


@changing()
def confirm_result(
    *,
    board: Board | AtBoard,
    user: User,
    result: str = "",
    levels: Levels = None,
    placings: Any = None,
    first_lowest: int | None = None,
    second_lowest: int | None = None,
) -> Board:
    """``user``, seated at the board, gives their side's word on its outcome (see the module's
    docstring): ``result`` (a pair's code) and ``first_lowest``/``second_lowest`` (a pair's
    lowest levels, when the event wants them); or ``levels`` (per side in seat order, lowest
    first) and optionally ``placings`` (per side) at a table; a solitaire entrant's own
    ``levels``. Returns the board: ``confirmation`` says what followed (awaiting, confirmed
    with the result entered, or disputed). Refused, changing nothing: anyone not seated there
    (an arbiter settles instead, :func:`settle_result`), a board that takes no word, a word
    out of range. ``board``: the board, or the caller's AtBoard for this word, read (and
    locked) in this transaction: the board is read once, who speaks there checked once."""
    at = _at(board, user)
    board, side = at.board, at.side
    event = board.round.event
    if side is None:
        if at.arbiter:
            raise NotAllowed(
                _(
                    "You are not seated at board %(number)s: as an arbiter of %(name)s you "
                    "settle its result with a reason, not by giving a player's word."
                )
                % {"number": board.number, "name": event.name},
                code="arbiter_settles",
            )
        raise NotAllowed(
            _(
                "Only the players seated at board %(number)s may give their word on its "
                "result; the arbiters of %(name)s settle disputes."
            )
            % {"number": board.number, "name": event.name},
            code="not_on_board",
        )
    refusal = why_closed(board)
    if refusal is not None:
        raise refusal
    said = check_word(
        board,
        result=result,
        levels=levels,
        placings=placings,
        first_lowest=first_lowest,
        second_lowest=second_lowest,
    )
    kind = kind_of(board)
    was = board.confirmation
    row = ResultConfirmation.objects.create(
        board=board,
        entry=side,
        seat=seat_of(user, board),
        result=said[0],
        levels=[list(r) for r in said[1]],
        placings=list(said[2]),
        user=user if user.is_authenticated else None,
    )
    words = current_words(board)
    outcome = agreed(board, words)
    if outcome is not None:
        board = _enter_agreed(
            board, kind, outcome, user=user, reason=AGREED_REASONS[kind], source=Source.CONFIRMATION
        )
        what = "every side agrees: the result is entered"
        if kind == SOLITAIRE:
            what = "the entrant's own levels: the result is entered"
    else:
        now_disputed = disputed(words)
        state = Board.Confirmation.DISPUTED if now_disputed else Board.Confirmation.AWAITING
        what = "the words differ: the arbiter decides" if now_disputed else "awaiting the others"
        if board.confirmation != state:
            board.confirmation = state
            board.save(update_fields=["confirmation"])
        if now_disputed and was != Board.Confirmation.DISPUTED:
            # The directors and arbiters hear of it once the word is committed.
            effects.enqueue("tournament.tasks.notify_dispute", row.pk)
    speaker = side.name
    _note(board, user, f"{_board_line(board)}: {speaker} says {said_text(board, said)}; {what}.")
    log_write(
        "result.confirm",
        user=user,
        event=event.pk,
        round=board.round.number,
        board=board.number,
        entry=side.pk,
        seat=row.seat,
        result=said[0],
        state=board.confirmation,
    )
    effects.live_changed(event.pk)
    return board


@changing()
def settle_result(
    *,
    board: Board | AtBoard,
    user: User,
    reason: str,
    result: str = "",
    levels: Levels = None,
    placings: Any = None,
    first_lowest: int | None = None,
    second_lowest: int | None = None,
) -> Board:
    """An arbiter (or director) of the board's event settles a board whose players have given
    their word (awaiting the others, or disputed), at the board, with a reason: the outcome
    (as in :func:`confirm_result`) enters the result, logged with who, when and why (the
    result's correction row, the event log, the word's row). A disputed board shows as decided
    by the arbiter. An arbiter of another event, or a player, is refused. ``board``: as for
    :func:`confirm_result`."""
    at = _at(board, user)
    board = at.board
    event = board.round.event
    if not at.arbiter:
        raise NotAllowed(
            _("Only the arbiters and directors of %(name)s may settle its results.")
            % {"name": event.name},
            code="not_arbiter",
        )
    refusal = why_closed(board)
    if refusal is not None:
        raise refusal
    was = board.confirmation
    if was not in (Board.Confirmation.AWAITING, Board.Confirmation.DISPUTED):
        raise DomainError(
            _(
                "Nobody at board %(number)s has given their word yet: there is nothing to "
                "settle (a director enters the result on the round page)."
            )
            % {"number": board.number},
            code="nothing_to_settle",
        )
    reason = need_reason(reason, "you settle this result so")
    said = check_word(
        board,
        result=result,
        levels=levels,
        placings=placings,
        first_lowest=first_lowest,
        second_lowest=second_lowest,
    )
    ResultConfirmation.objects.create(
        board=board,
        entry=None,
        result=said[0],
        levels=[list(r) for r in said[1]],
        placings=list(said[2]),
        reason=reason,
        user=user if user.is_authenticated else None,
    )
    # A disputed board stays so: it shows as decided by the arbiter.
    board = _enter_agreed(
        board, kind_of(board), said, user=user, reason=reason, source=Source.SETTLEMENT
    )
    _note(
        board,
        user,
        f"{_board_line(board)}: the arbiter {display_name(user)} settles it: "
        f"{said_text(board, said)}; because: {reason}.",
    )
    log_write(
        "result.settle",
        user=user,
        event=event.pk,
        round=board.round.number,
        board=board.number,
        result=said[0],
        reason=reason,
    )
    effects.live_changed(event.pk)
    return board


def _note(board: Board, user: User, text: str) -> None:
    note(board.round.event, user, EventLogEntry.Kind.CONFIRMATION, text)
