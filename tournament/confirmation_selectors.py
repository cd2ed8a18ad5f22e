"""Reads for the confirmation of paper results: who speaks for which side of a board, the words
that count now, and why a board takes no more words. They never write."""

from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from tournament.errors import Conflict, DomainError
from tournament.models import (
    Board,
    Event,
    Result,
    ResultConfirmation,
    ResultCorrection,
    default_tiebreak_chain,
)
from tournament.names import display_name
from tournament.permissions import User, is_arbiter, is_own_entry

FIRST, SECOND, ARBITER = "first", "second", "arbiter"
# The results two players confirm: played games (forfeits and byes are the arbiter's).
PAPER_RESULTS = (Result.FIRST_WINS, Result.SECOND_WINS, Result.DRAW)
# Tie-breaks that read the lowest colour levels (scoring/core/tiebreaks.py).
LEVEL_TIEBREAKS = frozenset({"progressive_difference", "progressive_level", "spread"})


@dataclass(frozen=True)
class Word:
    """One side's word that counts now."""

    side: str  # FIRST, SECOND or ARBITER
    name: str  # the player's name, or "" for the arbiter
    row: ResultConfirmation

    @property
    def said(self) -> tuple[str, int | None, int | None]:
        return self.row.result, self.row.first_lowest, self.row.second_lowest


def wants_levels(board: Board) -> bool:
    """The event's tie-breaks read the lowest colour levels, so a confirmed result gives them."""
    chain = board.round.event.tiebreak_chain or default_tiebreak_chain()
    return any(key in LEVEL_TIEBREAKS for key in chain)


def side_of(user: User, board: Board) -> str | None:
    """Whom ``user`` speaks for on the board: a player of it, or (else) the event's arbiter."""
    if is_own_entry(user, board.first):
        return FIRST
    if board.second is not None and is_own_entry(user, board.second):
        return SECOND
    if is_arbiter(user, board.round.event):
        return ARBITER
    return None


def has_move_record(board: Board) -> bool:
    """A game was recorded at the board (games.Game with actions): its result comes from it."""
    return Board.objects.filter(pk=board.pk, game__actions__isnull=False).exists()


def history(board: Board) -> QuerySet[ResultConfirmation]:
    """Every word given on the board, oldest first."""
    return ResultConfirmation.objects.filter(board=board).select_related(
        "board", "entry__player", "user"
    )


def current_words(board: Board) -> dict[str, Word]:
    """The latest word of each side since the board's result was last cleared (a result cleared
    by a director starts afresh)."""
    rows = history(board)
    cleared = board.corrections.filter(kind=ResultCorrection.Kind.RESULT, new_result="")
    last = cleared.order_by("-at", "-id").values_list("at", flat=True).first()
    if last is not None:
        rows = rows.filter(at__gt=last)
    words: dict[str, Word] = {}
    for row in rows:
        if row.entry_id is None:
            words[ARBITER] = Word(ARBITER, "", row)
        elif row.entry_id in (board.first_id, board.second_id):
            side = FIRST if row.entry_id == board.first_id else SECOND
            words[side] = Word(side, row.entry.player.name if row.entry else "", row)
    return words


def agreement(words: dict[str, Word]) -> tuple[Word, Word] | None:
    """Two sides whose words agree (both players first), or None."""
    for one, other in ((FIRST, SECOND), (FIRST, ARBITER), (SECOND, ARBITER)):
        if one in words and other in words and words[one].said == words[other].said:
            return words[one], words[other]
    return None


def why_closed(board: Board, side: str | None = None) -> DomainError | None:
    """Why the board takes no word (from ``side``) now, or None when it does."""
    number = board.number
    if not board.round.is_public:
        return DomainError(
            _("Round %(number)s is not published: its results cannot be confirmed yet.")
            % {"number": board.round.number},
            code="round_not_published",
        )
    if board.one_sided:
        return DomainError(
            _("Board %(number)s has no opponent: there is no result to confirm.")
            % {"number": number},
            code="bye",
        )
    if board.is_table or board.round.event.ruleset == Event.Ruleset.CHALLENGES:
        return DomainError(
            _(
                "Board %(number)s is a table: its placings come from the game recorded there "
                "or from the director, not from confirmations."
            )
            % {"number": number},
            code="table",
        )
    if has_move_record(board):
        return DomainError(
            _(
                "Board %(number)s's game was recorded at the board: its result comes from "
                "the game, not from confirmations."
            )
            % {"number": number},
            code="recorded_game",
        )
    if board.result:
        return Conflict(_decided(board), field="result", code="decided")
    if side == ARBITER and board.confirmation == Board.Confirmation.DISPUTED:
        return DomainError(
            _(
                "The players disagree on board %(number)s: a director decides it on the "
                "board's result page, with a reason."
            )
            % {"number": number},
            code="disputed",
        )
    return None


def _decided(board: Board) -> str:
    values = {"number": board.number, "result": board.get_result_display()}
    if board.confirmation == Board.Confirmation.CONFIRMED:
        return _("Board %(number)s's result %(result)s is confirmed already.") % values
    if board.confirmation == Board.Confirmation.DISPUTED:
        return _("Board %(number)s was decided by the arbiter: %(result)s.") % values
    last = board.corrections.filter(kind=ResultCorrection.Kind.RESULT).last()
    who = display_name(last.user) if last and last.user else _("a director")
    return _("Board %(number)s already has its result %(result)s, entered by %(who)s.") % {
        **values,
        "who": who,
    }
