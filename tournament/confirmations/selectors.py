"""Reads for confirmations at every kind of table: who gives a word for which side of a board,
the words that count now, whether they agree, who is still to give theirs, and why a board takes
no more words. They never write.

The kinds of table (:func:`kind_of`):

- ``pair``: two players; each gives the result code (1-0, 0-1, 1/2-1/2) and, when the event's
  tie-breaks read them, both lowest colour levels (0-18).
- ``teams``: two partnership teams at four seats; one word per team, given by either partner
  (the latest word of either counts for the team): the code and, when wanted, both teams' lowest
  levels (0-36, the double track).
- ``table``: 3 or 4 players, or any Challenge table; each seat gives every seat's lowest and
  next lowest level (0-18; a Challenge's lowest and second-lowest row, 0-10) and placing (the
  placings follow from the levels when not given).
- ``solitaire``: a duplicate solitaire entrant gives their own lowest and next lowest level
  (0-36). No opponent sits at the board, so there is nobody to agree with: the entrant's word
  enters the result at once (the arbiter can still correct it, as any result).
"""

from dataclasses import dataclass

from django.contrib.auth.models import User as Account
from django.db.models import Q, QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.confirmations.models import ResultConfirmation
from tournament.errors import Conflict, DomainError
from tournament.festivals.models import FestivalRole
from tournament.models.events import Board, Entry, Event, Result, default_tiebreak_chain
from tournament.models.tables import SEATED
from tournament.names import display_name
from tournament.permissions import User, is_arbiter, own_entry_among
from tournament.results.models import ResultCorrection

PAIR, TEAMS, TABLE, SOLITAIRE = "pair", "teams", "table", "solitaire"
# The results two sides confirm: played games (forfeits and byes are the arbiter's).
PAPER_RESULTS = (Result.FIRST_WINS, Result.SECOND_WINS, Result.DRAW)
# Tie-breaks that read the lowest colour levels (scoring/core/tiebreaks.py).
LEVEL_TIEBREAKS = frozenset({"progressive_difference", "progressive_level", "spread"})
COLOURS = 6  # at most six levels per side

#: A word as compared: (result code, levels per side, placings per side).
Said = tuple[str, tuple[tuple[int, ...], ...], tuple[int, ...]]


@dataclass(frozen=True)
class Word:
    """The word of one side that counts now."""

    entry: Entry
    row: ResultConfirmation

    @property
    def name(self) -> str:
        return self.entry.name

    @property
    def said(self) -> Said:
        return said_of(self.row)


def said_of(row: ResultConfirmation) -> Said:
    levels = tuple(tuple(side) for side in row.levels or ())
    return row.result, levels, tuple(row.placings or ())


def seated_board(pk: int) -> Board | None:
    """The board with its event and seats (who sits where) read at once."""
    return (
        Board.objects.select_related("round__event").prefetch_related(*SEATED).filter(pk=pk).first()
    )


def kind_of(board: Board) -> str:
    """pair, teams, table or solitaire (see the module's docstring)."""
    event = board.round.event
    sides = board.sides
    if event.ruleset == Event.Ruleset.SOLITAIRE and len(sides) == 1:
        return SOLITAIRE
    if len(sides) > 2 or (event.ruleset == Event.Ruleset.CHALLENGES and len(sides) == 2):
        return TABLE  # a Challenge table of two is ranked by its rows, as any table
    if any(side.partner_id is not None for side in sides):
        return TEAMS
    return PAIR


def track_of(board: Board) -> int:
    """The highest level a word may give: the event's track (36 on the double track, a
    Challenge row's 10, else 18), as the result service checks it."""
    return board.round.event.track


def wants_levels(board: Board) -> bool:
    """The word gives levels: always at a table and for a solitaire entrant (placings follow
    them); for a pair or two teams, when the event's tie-breaks read the lowest levels."""
    if kind_of(board) in (TABLE, SOLITAIRE):
        return True
    chain = board.round.event.tiebreak_chain or default_tiebreak_chain()
    return any(key in LEVEL_TIEBREAKS for key in chain)


def side_of(user: User, board: Board) -> Entry | None:
    """The side ``user`` speaks for at the board: their own entry (a team is both partners'),
    or None. The player's permission at the board: checked once per request."""
    return own_entry_among(user, board.sides)


def seat_of(user: User, board: Board) -> int | None:
    """The seat where ``user`` sits at the board (a team's partner: the higher seat)."""
    for seat in board.seats.all():
        if user.is_authenticated and seat.player.user_id == user.pk:
            return int(seat.number)
    return None


def may_settle(user: User, board: Board) -> bool:
    """An arbiter (or director) of the board's own event settles its disputes."""
    return is_arbiter(user, board.round.event)


RECORDED = Q(game__actions__isnull=False) | Q(game__challenge_actions__isnull=False)


def has_move_record(board: Board) -> bool:
    """A game was recorded at the board or the Challenge table (a games.Game with actions):
    its result comes from it. Read with the board when it was read for a word (``recorded``,
    confirmations.services.board_for_words)."""
    recorded = getattr(board, "recorded", None)
    if recorded is not None:
        return bool(recorded)
    return Board.objects.filter(RECORDED, pk=board.pk).exists()


def history(board: Board) -> QuerySet[ResultConfirmation]:
    """Every word given on the board, oldest first."""
    return ResultConfirmation.objects.filter(board=board).select_related(
        "board", "entry__player", "entry__partner", "user__player"
    )


def current_words(board: Board) -> dict[int, Word]:
    """The latest word of each side (by entry id, in side order) since the board's result was
    last cleared (a result cleared by a director starts afresh). The arbiter's settling is not
    a side's word."""
    rows = history(board).filter(entry__isnull=False)
    cleared = board.corrections.filter(kind=ResultCorrection.Kind.RESULT, new_result="")
    last = cleared.order_by("-at", "-id").values_list("at", flat=True).first()
    if last is not None:
        rows = rows.filter(at__gt=last)
    latest: dict[int, ResultConfirmation] = {}
    for row in rows:
        if row.entry_id is not None:  # always: the rows are the sides' words
            latest[row.entry_id] = row
    return {side.pk: Word(side, latest[side.pk]) for side in board.sides if side.pk in latest}


def agreed(board: Board, words: dict[int, Word]) -> Said | None:
    """Every side's word, all the same: the outcome they agree on; else None."""
    sides = board.side_ids
    if not sides or any(side not in words for side in sides):
        return None
    said = {words[side].said for side in sides}
    return said.pop() if len(said) == 1 else None


def disputed(words: dict[int, Word]) -> bool:
    """Two sides have given different words."""
    return len({word.said for word in words.values()}) > 1


def waiting_for(board: Board, words: dict[int, Word]) -> list[str]:
    """The names of the sides whose word is still missing, in side order."""
    return [side.name for side in board.sides if side.pk not in words]


def staff_of(event: Event) -> list[Account]:
    """The event's directors and arbiters, each once (the people told of a dispute)."""
    from django.contrib.auth import get_user_model

    named = Q(event_roles__event=event)
    if event.festival_id is not None:  # and the arbiters and directors of its whole festival
        wide = (FestivalRole.Role.DIRECTOR, FestivalRole.Role.ARBITER)
        named |= Q(festival_roles__festival_id=event.festival_id, festival_roles__role__in=wide)
    users = get_user_model().objects.filter(named, is_active=True).distinct()
    return list(users.select_related("player").order_by("pk"))


def settle_url(user: User, board: Board) -> str:
    """The link to settle the board's dispute, for an arbiter of its event; "" otherwise."""
    if board.result or board.confirmation != Board.Confirmation.DISPUTED:
        return ""
    if not may_settle(user, board):
        return ""
    return reverse("board-confirm", args=[board.round.event.slug, board.pk]) + "#settle"


def why_closed(board: Board) -> DomainError | None:
    """Why the board takes no word now, or None when it does."""
    number = board.number
    if not board.round.is_public:
        return DomainError(
            _("Round %(number)s is not published: its results cannot be confirmed yet.")
            % {"number": board.round.number},
            code="round_not_published",
        )
    no_game = len(board.sides) < 2 and kind_of(board) != SOLITAIRE
    if no_game or board.result in (Result.BYE, Result.HALF_BYE, Result.FULL_BYE, Result.ABSENT):
        return DomainError(
            _("Board %(number)s has no game: there is no result to confirm.") % {"number": number},
            code="bye",
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
