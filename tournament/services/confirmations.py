"""Paper results confirmed on the players' phones (a board without a move record).

Each side of a board gives its word: the first player, the second, or the arbiter. Words are
append-only rows (ResultConfirmation); the latest word of each side counts. The first word
leaves the board awaiting the other side and enters nothing. Two sides agreeing enter the
result through ``set_board_result`` (the one audited path), and the board is confirmed. Two
sides that disagree flag the board as disputed: nothing is entered, and a director decides it
on the board's result page with a reason; the board then stays "disputed" and shows as
decided by the arbiter (its words and the corrections log keep the history). Every word goes
in the event log.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from tournament import effects, signals
from tournament.confirmation_selectors import (
    ARBITER,
    FIRST,
    PAPER_RESULTS,
    SECOND,
    Word,
    agreement,
    current_words,
    side_of,
    wants_levels,
    why_closed,
)
from tournament.errors import DomainError, NotAllowed
from tournament.logs import log_write
from tournament.models import Board, EventLogEntry, ResultConfirmation
from tournament.services.base import User
from tournament.services.event_log import note
from tournament.services.results import check_levels, lock_board, set_board_result

BOTH_PLAYERS = "confirmed by both players"
#: "confirmed by <player> and the arbiter" (the stored reason is English, as every log line)
WITH_THE_ARBITER = ("confirmed by ", " and the arbiter")


def _check_word(
    board: Board, result: str, first_lowest: int | None, second_lowest: int | None
) -> None:
    if result not in PAPER_RESULTS:
        raise DomainError(
            _("%(result)s is not a result to confirm: choose 1-0, 0-1 or 1/2-1/2 (a draw).")
            % {"result": repr(result)},
            field="result",
        )
    levels = (first_lowest, second_lowest)
    if wants_levels(board):
        for field, level in zip(("first_lowest", "second_lowest"), levels, strict=True):
            if level is None:
                raise DomainError(
                    _(
                        "Give both players' lowest colour levels (0 to 18): this event's "
                        "tie-breaks use them."
                    ),
                    field=field,
                )
    elif levels != (None, None):
        raise DomainError(
            _("This event's tie-breaks do not use lowest colour levels: give the result only."),
            field="first_lowest" if first_lowest is not None else "second_lowest",
        )
    check_levels(result, first_lowest, second_lowest, board=board)


def _said(row: ResultConfirmation) -> str:
    if row.first_lowest is None or row.second_lowest is None:
        return row.result
    return f"{row.result} (lowest levels {row.first_lowest}-{row.second_lowest})"


def _agreed_reason(pair: tuple[Word, Word]) -> str:
    sides = {pair[0].side, pair[1].side}
    if sides == {FIRST, SECOND}:
        return BOTH_PLAYERS
    player = pair[0] if pair[0].side != ARBITER else pair[1]
    return f"{WITH_THE_ARBITER[0]}{player.name}{WITH_THE_ARBITER[1]}"


@transaction.atomic
def confirm_result(
    *,
    board: Board,
    user: User,
    result: str,
    first_lowest: int | None = None,
    second_lowest: int | None = None,
) -> Board:
    """``user`` gives their side's word on a paper result (a player of the board, or else an
    arbiter or director of the event). Returns the board: ``confirmation`` says what followed
    (awaiting, confirmed with the result entered, or disputed)."""
    signals.board_deciding.send(sender=Board, board=board)  # the game's row first: no deadlock
    board = lock_board(board)
    side = side_of(user, board)
    if side is None:
        raise NotAllowed(
            _(
                "Only the players of board %(number)s and the arbiters of %(name)s may "
                "confirm its result."
            )
            % {"number": board.number, "name": board.round.event.name},
            code="not_on_board",
        )
    refusal = why_closed(board, side)
    if refusal is not None:
        raise refusal
    _check_word(board, result, first_lowest, second_lowest)
    entry = {FIRST: board.first, SECOND: board.second, ARBITER: None}[side]
    row = ResultConfirmation.objects.create(
        board=board,
        entry=entry,
        result=result,
        first_lowest=first_lowest,
        second_lowest=second_lowest,
        user=user if user.is_authenticated else None,
    )
    words = current_words(board)
    pair = agreement(words)
    if pair is not None:
        agreed = pair[0].row
        outcome = "the sides agree: the result is entered"
        board = set_board_result(
            board=board,
            result=agreed.result,
            user=user,
            reason=_agreed_reason(pair),
            first_lowest=agreed.first_lowest,
            second_lowest=agreed.second_lowest,
            replaces=board.result_version,  # locked above, and undecided (why_closed)
            by_confirmation=True,
        )
    else:
        disputed = len(words) > 1
        state = Board.Confirmation.DISPUTED if disputed else Board.Confirmation.AWAITING
        outcome = (
            "the words disagree: the arbiter decides" if disputed else "awaiting the other side"
        )
        if board.confirmation != state:
            board.confirmation = state
            board.save(update_fields=["confirmation"])
    speaker = entry.player.name if entry is not None else "the arbiter"
    second = board.second.player.name if board.second else "no opponent"
    note(
        board.round.event,
        user,
        EventLogEntry.Kind.CONFIRMATION,
        f"Round {board.round.number}, board {board.number} ({board.first.player.name} v "
        f"{second}): {speaker} says {_said(row)}; {outcome}.",
    )
    log_write(
        "result.confirm",
        user=user,
        event=board.round.event_id,
        round=board.round.number,
        board=board.number,
        side=side,
        result=result,
        state=board.confirmation,
    )
    effects.live_changed(board.round.event_id)
    return board
