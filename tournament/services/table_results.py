"""Results at a table of 3 or 4 (RULINGS.md "Events beyond two players").

A table is decided by its seats: each seat's lowest colour level and the next lowest (more
colours may follow, lowest first), and each seat's placing (1 best, ties share), which follows
the levels unless a director sets placings that do not contradict them. The write goes through
``results._store``, the one audited path (ResultCorrection + log, seats, standings), so a table
is corrected, withdrawn and checked like a two-player board.
"""

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from scoring import core as scoring_core
from tournament import signals
from tournament.errors import DomainError
from tournament.models import Board, Event, Result, Seat
from tournament.permissions import require_director
from tournament.services.base import User, need_reason
from tournament.services.results import (
    GAME_OVER_REASON,
    LOWEST_LEVEL_MAX,
    TableOutcome,
    _acting,
    _settle_confirmation,
    _store,
    check_replaces,
    confirmed_by_game,
    game_differs,
    lock_board,
)

COLOURS = 6  # a player's colours: at most six levels per seat


def _seats(board: Board) -> list[Seat]:
    return list(Seat.objects.filter(board=board).select_related("entry__player").order_by("number"))


def _who(seat: Seat) -> str:
    return _("Seat %(number)s (%(name)s)") % {
        "number": seat.number + 1,
        "name": seat.entry.player.name,
    }


def _check_levels(seats: Sequence[Seat], levels: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    if len(levels) != len(seats):
        raise DomainError(
            _(
                "Board %(number)s seats %(k)s players: give the levels of each, in seat order "
                "(%(given)s given)."
            )
            % {"number": seats[0].board.number, "k": len(seats), "given": len(levels)},
            field="levels",
        )
    out: list[tuple[int, ...]] = []
    for seat, given in zip(seats, levels, strict=True):
        if isinstance(given, str | bytes) or not isinstance(given, Sequence):
            given = ()
        row = tuple(given)
        if not 2 <= len(row) <= COLOURS:
            raise DomainError(
                _("%(who)s: give the lowest colour level and the next lowest.")
                % {"who": _who(seat)},
                field="levels",
            )
        for level in row:
            if isinstance(level, bool) or not isinstance(level, int):
                level = -1
            if not 0 <= level <= LOWEST_LEVEL_MAX:
                raise DomainError(
                    _("%(who)s: a colour level is a whole number from 0 to %(max)s.")
                    % {"who": _who(seat), "max": LOWEST_LEVEL_MAX},
                    field="levels",
                )
        if list(row) != sorted(row):
            raise DomainError(
                _(
                    "%(who)s: the next lowest level (%(next)s) is below the lowest "
                    "(%(lowest)s): give the lowest first."
                )
                % {"who": _who(seat), "next": min(row[1:]), "lowest": row[0]},
                field="levels",
            )
        out.append(row)
    if len({len(row) for row in out}) > 1:
        raise DomainError(
            _("Give the same number of colour levels for every seat."), field="levels"
        )
    return out


def _check_placings(
    seats: Sequence[Seat], levels: list[tuple[int, ...]], placings: Sequence[int] | None
) -> list[int]:
    if placings is None:
        return scoring_core.placings_from_levels(levels)
    k = len(seats)
    given = list(placings)
    if len(given) != k or any(isinstance(p, bool) or not isinstance(p, int) for p in given):
        raise DomainError(
            _("Give one placing (1 to %(k)s) per seat, in seat order.") % {"k": k},
            field="placings",
        )
    for seat, mine in zip(seats, given, strict=True):
        if mine != 1 + sum(other < mine for other in given):
            raise DomainError(
                _(
                    "%(who)s: placing %(placing)s does not fit the others; placings at a "
                    "table run 1, 2, 3..., tied seats sharing the better (1, 2, 2, 4)."
                )
                % {"who": _who(seat), "placing": mine},
                field="placings",
            )
    for i, a in enumerate(seats):
        for j, b in enumerate(seats):
            if levels[i] > levels[j] and given[i] >= given[j]:
                raise DomainError(
                    _(
                        "%(who)s finished with higher levels than %(other)s, so places "
                        "better: placing %(mine)s is not before %(theirs)s."
                    )
                    % {"who": _who(a), "other": _who(b), "mine": given[i], "theirs": given[j]},
                    field="placings",
                )
    return given


def _outcome(
    board: Board, levels: Sequence[Sequence[int]], placings: Sequence[int] | None
) -> TableOutcome:
    """The table's outcome per seat, checked; DomainError names the seat and player."""
    if not board.round.is_public:
        raise DomainError(
            _("Round %(number)s is not published: its boards take no results yet.")
            % {"number": board.round.number},
            field="levels",
        )
    seats = _seats(board)
    # A challenge's table of two is placed by its rows like any other of its tables.
    if len(seats) <= 2 and board.round.event.ruleset != Event.Ruleset.CHALLENGES:
        raise DomainError(
            _(
                "Board %(number)s is not a table of more than two players: enter its result "
                "as a two-player result."
            )
            % {"number": board.number},
            field="levels",
        )
    rows = _check_levels(seats, levels)
    final = _check_placings(seats, rows, placings)
    return [(p, row[0], row[1]) for p, row in zip(final, rows, strict=True)]


def _standing_outcome(board: Board) -> TableOutcome:
    return [(s.placing or 0, s.lowest, s.next_lowest) for s in _seats(board)]


@transaction.atomic
def set_table_result(
    *,
    board: Board,
    user: User,
    reason: str,
    levels: Sequence[Sequence[int]],
    placings: Sequence[int] | None = None,
    replaces: int | None = None,
    by_confirmation: bool = False,
) -> Board:
    """A director enters or corrects a table's result (each seat's levels, in seat order, and
    optionally the placings); it counts at once and closes the board to recording.
    ``replaces``: the board's ``result_version`` the director saw (results.check_replaces)."""
    signals.board_deciding.send(sender=Board, board=board)  # the game's row first: no deadlock
    board = lock_board(board)
    if not by_confirmation:  # every side agreed, or an arbiter settled (confirmations.py)
        require_director(user, board.round.event)
    outcome = _outcome(board, levels, placings)
    reason = need_reason(reason, "this table's result is entered")
    unchanged = board.result == Result.TABLE and _standing_outcome(board) == list(outcome)
    if unchanged and board.result_check == Board.Check.NONE:
        return board
    check_replaces(board, replaces, _("your table result"))
    board = _store(
        board,
        result=Result.TABLE,
        user=_acting(user),
        reason=reason,
        first_lowest=None,  # a table's levels live in its seats
        second_lowest=None,
        check=Board.Check.NONE,
        table=outcome,
    )
    _settle_confirmation(board, Result.TABLE, by_confirmation)
    signals.board_decided.send(sender=Board, board=board)
    return board


@transaction.atomic
def record_table_game_result(
    *, board: Board, levels: Sequence[Sequence[int]], placings: Sequence[int]
) -> Board:
    """A game at the table has ended: its result goes to the board, provisional until the
    replay check passes. A board that already has a different result refuses it."""
    board = lock_board(board)
    outcome = _outcome(board, levels, placings)
    if board.result and (board.result != Result.TABLE or _standing_outcome(board) != list(outcome)):
        raise game_differs(board)
    if confirmed_by_game(board):
        return board
    return store_game_outcome(board, outcome)


def store_game_outcome(board: Board, outcome: TableOutcome) -> Board:
    """A finished game's placings and levels go to its (locked) board, audited as the game's,
    provisional until the replay check passes."""
    return _store(
        board,
        result=Result.TABLE,
        user=None,
        reason=GAME_OVER_REASON,
        first_lowest=None,  # a table's levels live in its seats
        second_lowest=None,
        check=Board.Check.PENDING,
        table=outcome,
    )
