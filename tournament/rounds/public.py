"""The public pairings of a round of pairs, as players and spectators read them (tables:
``tournament.rounds.tables``). Never writes."""

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournament.models.events import Board, Result, Round
from tournament.pairing.model import format_score
from tournament.rounds.history import scores_before
from tournament.rounds.selectors import boards_of


@dataclass
class PublicBoard:
    """A board of the public pairings, with each player's points before the round."""

    board: Board
    first_points: str
    second_points: str


@dataclass
class BoardFinder:
    """A line of "find my board": a player, the board and who moves first."""

    name: str
    board: int
    moves_first: bool
    opponent: str


@dataclass
class PublicRound:
    boards: list[PublicBoard]
    absent: list[Board]  # boards of one with no game: missed rounds of late entries, withdrawals
    find_my_board: list[BoardFinder]


def is_absence(board: Board) -> bool:
    """A board of one that records a player's absence, not a pairing (a pairing-allocated bye
    is a pairing: the player is told of it on a board of their own)."""
    return len(board.side_ids) < 2 and board.result in {
        Result.ABSENT,
        Result.HALF_BYE,
        Result.FULL_BYE,
    }


def public_round(round_: Round) -> PublicRound:
    """A round's pairings as players and spectators read them."""
    boards = list(boards_of(round_))
    absent = [b for b in boards if is_absence(b)]
    shown = [b for b in boards if b not in absent]
    points = scores_before(round_.event, round_.number) if round_.is_public else {}
    finders: list[BoardFinder] = []
    for b in shown:
        sides = b.sides
        first, second = sides[0].name, sides[1].name if len(sides) > 1 else ""  # a team: both
        finders.append(BoardFinder(first, b.number, True, second))
        if len(sides) > 1:
            finders.append(BoardFinder(second, b.number, False, first))
    finders.sort(key=lambda f: (f.name.casefold(), f.board))
    return PublicRound(
        boards=[
            PublicBoard(
                b,
                format_score(points.get(b.side_ids[0], 0.0)),
                format_score(points.get(b.side_ids[1], 0.0)) if len(b.side_ids) > 1 else "",
            )
            for b in shown
        ],
        absent=absent,
        find_my_board=finders if round_.is_public else [],
    )


#: Why a board of one records an absence, as the services store it (in English, once, when the
#: board is made) -> the words the round's readers get, in their language.
_ABSENCE_REASONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"late entry: missed round (?P<number>\d+)"), "late entry"),
    (re.compile(r"withdrawn in round (?P<number>\d+)"), "withdrawn"),
    (re.compile(r"requested bye \([^)]*\) in round (?P<number>\d+)"), "requested"),
    (re.compile(r"did not check in for round (?P<number>\d+)"), "check-in"),
)


def absence_reason(reason: str) -> str:
    """A board of one's stored reason in the reader's words ("late entry: missed round 1" ->
    "late entry" / "späte Meldung"; "" for a requested bye, which its result already names); a
    reason typed by a person is shown as typed."""
    for pattern, kind in _ABSENCE_REASONS:
        if pattern.fullmatch(reason):
            return {
                "late entry": _("late entry"),
                "withdrawn": _("withdrawn"),
                "requested": "",
                "check-in": _("did not check in"),
            }[kind]
    return reason
