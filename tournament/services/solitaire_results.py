"""Results of duplicate solitaire: an entrant's levels at the end of the round's tile sequence,
sent by the finished game or entered by a director, and the round's placings over all its
entrants (RULINGS.md, "Events beyond two players").

An entrant's board (a board of one) is decided by its seat's ``lowest`` and ``next_lowest``
(``Board.result`` is ``Result.TABLE``, ``Board.first_lowest`` repeats the lowest). The write goes
through ``results._store``, the one audited path (ResultCorrection + log, seats, round status,
standings); then every seat of the round is placed again (:func:`rerank_round`), so placings
move as results arrive. VP: :mod:`scoring.core.solitaire` (the standings read the levels).
"""

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from games.engine import make_ruleset
from scoring import core as scoring_core
from tournament import signals
from tournament.errors import DomainError
from tournament.models import Board, Event, Result, Round, Seat
from tournament.permissions import require_director
from tournament.services.base import User, need_reason
from tournament.services.results import (
    GAME_OVER_REASON,
    TableOutcome,
    _acting,
    _settle_confirmation,
    _store,
    check_replaces,
    confirmed_by_game,
    game_differs,
    lock_board,
)

COLOURS = 6
#: Solitaire plays the double-length track: a colour's level runs 0 to 36.
LEVEL_MAX = make_ruleset("solitaire").track


def _seat(board: Board) -> Seat:
    return Seat.objects.select_related("entry__player").get(board=board, number=0)


def _check_board(board: Board) -> Seat:
    if board.round.event.ruleset != Event.Ruleset.SOLITAIRE:
        raise DomainError(
            _("Board %(number)s is not in a duplicate solitaire event.") % {"number": board.number},
            field="levels",
        )
    if not board.plays_alone:
        raise DomainError(
            _(
                "Board %(number)s is a bye or an absence (%(result)s): no game is played "
                "there, so it takes no levels."
            )
            % {"number": board.number, "result": board.get_result_display()},
            field="levels",
        )
    if not board.round.is_public:
        raise DomainError(
            _("Round %(number)s is not published: its boards take no results yet.")
            % {"number": board.round.number},
            field="levels",
        )
    return _seat(board)


def check_levels(seat: Seat, levels: Sequence[int]) -> tuple[int, ...]:
    """The entrant's colour levels, lowest first (the lowest and the next lowest, up to six),
    each 0 to 36; DomainError names the player and what is wrong."""
    who = seat.entry.player.name
    row = tuple(levels) if isinstance(levels, list | tuple) else ()  # as sent, say by an API
    if not 2 <= len(row) <= COLOURS:
        raise DomainError(
            _("%(who)s: give the lowest colour level and the next lowest.") % {"who": who},
            field="levels",
        )
    for level in row:
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= LEVEL_MAX:
            raise DomainError(
                _(
                    "%(who)s: a colour level is a whole number from 0 to %(max)s (solitaire "
                    "plays the double-length track), not %(level)s."
                )
                % {"who": who, "max": LEVEL_MAX, "level": repr(level)},
                field="levels",
            )
    if list(row) != sorted(row):
        raise DomainError(
            _(
                "%(who)s: the next lowest level (%(next)s) is below the lowest (%(lowest)s): "
                "give the lowest first."
            )
            % {"who": who, "next": min(row[1:]), "lowest": row[0]},
            field="levels",
        )
    return row


def _outcome(row: tuple[int, ...]) -> TableOutcome:
    # The placing is the round's, set by rerank_round right after; every level given is kept.
    return [(1, *row)]  # type: ignore[list-item]


def _standing(seat: Seat) -> tuple[int, ...]:
    return tuple(seat.levels)


def rerank_round(round_: Round) -> None:
    """Place every entrant of the round with levels in, over all of them (1 best, ties share);
    entrants without a result have no placing."""
    seats = list(
        Seat.objects.filter(board__round=round_, board__result=Result.TABLE, number=0)
        .filter(board__second__isnull=True)
        .order_by("board__number")
    )
    placings = scoring_core.round_placings([s.levels or [0] for s in seats])  # all six, in order
    changed = [s for s, p in zip(seats, placings, strict=True) if s.placing != p]
    for seat, placing in zip(seats, placings, strict=True):
        seat.placing = placing
    Seat.objects.bulk_update(changed, ["placing"])


@transaction.atomic
def set_solitaire_result(
    *,
    board: Board,
    user: User,
    reason: str,
    levels: Sequence[int],
    replaces: int | None = None,
) -> Board:
    """A director enters or corrects an entrant's levels (lowest first); it counts at once,
    closes the board to recording and places the round's entrants again. Audited.
    ``replaces``: the board's ``result_version`` the director saw (results.check_replaces)."""
    signals.board_deciding.send(sender=Board, board=board)  # the game's row first: no deadlock
    board = lock_board(board)
    require_director(user, board.round.event)
    seat = _check_board(board)
    if (
        isinstance(levels, list | tuple)
        and len(levels) == 1
        and isinstance(levels[0], list | tuple)
    ):
        levels = levels[0]  # a table's form (levels per seat) for the board's one seat
    row = check_levels(seat, levels)
    reason = need_reason(reason, "this entrant's result is entered")
    unchanged = board.result == Result.TABLE and _standing(seat) == row
    if unchanged and board.result_check == Board.Check.NONE:
        return board
    yours = _("your levels %(lowest)s, %(next)s") % {"lowest": row[0], "next": row[1]}
    check_replaces(board, replaces, yours)
    board = _store(
        board,
        result=Result.TABLE,
        user=_acting(user),
        reason=reason,
        first_lowest=row[0],
        second_lowest=None,
        check=Board.Check.NONE,
        table=_outcome(row),
    )
    rerank_round(board.round)
    _settle_confirmation(board, Result.TABLE, False)
    signals.board_decided.send(sender=Board, board=board)
    return board


@transaction.atomic
def record_solitaire_game_result(*, board: Board, levels: Sequence[int]) -> Board:
    """An entrant's game has ended (the board is full): their levels (lowest first) go to the
    seat, provisional until the replay check passes, and the round is placed again. A board
    with other levels entered by a director refuses them."""
    board = lock_board(board)
    seat = _check_board(board)
    row = check_levels(seat, levels)
    given = _standing(seat)  # a hand entry may give fewer levels than the game: those agree
    if board.result and (board.result != Result.TABLE or given != row[: len(given)]):
        raise game_differs(board)
    if confirmed_by_game(board):
        return board
    board = _store(
        board,
        result=Result.TABLE,
        user=None,
        reason=GAME_OVER_REASON,
        first_lowest=row[0],
        second_lowest=None,
        check=Board.Check.PENDING,
        table=_outcome(row),
    )
    rerank_round(board.round)
    return board


def after_withdrawal(board: Board) -> None:
    """A take-back withdrew an entrant's result (``results.withdraw_game_result`` cleared the
    seat): the round's other entrants are placed again without it."""
    if board.round.event.ruleset == Event.Ruleset.SOLITAIRE:
        rerank_round(board.round)
