"""The public pairings of a round of pairs, as players and spectators read them (tables:
``tournament.rounds.tables``). Never writes."""

from dataclasses import dataclass

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
