"""Reads of the tournament app. Views and serializers call these; they never write."""

from dataclasses import dataclass

from tournament.models.events import (
    Board,
    Result,
    Round,
)
from tournament.pairing.firstmove import breaks_limits, due_of
from tournament.pairing.model import PlayerState, format_score
from tournament.restrictions.selectors import kept_apart
from tournament.rounds.history import player_states
from tournament.rounds.selectors import boards_of, pair_of


@dataclass
class BoardReview:
    """A board of a round as a director reviews it: scores before the round and warnings."""

    board: Board
    first_score: str
    second_score: str
    warnings: list[str]


def board_warnings(
    board: Board, states: dict[int, PlayerState], apart: dict[int, dict[int, str]] | None = None
) -> list[str]:
    """What is wrong with a board by the pairing rules: a rematch, a second bye, a first-move
    limit broken (RULINGS.md: no two players meet twice, nobody gets a second bye, who moves
    first alternates as evenly as possible), a pair the director keeps apart (``apart``: why,
    from :func:`kept_apart`)."""
    sides = board.sides
    first = states.get(sides[0].pk) if sides else None
    if first is None:
        return []
    name = sides[0].player.name
    if len(sides) < 2:
        if board.result == Result.BYE and first.byes:
            return [f"{name} already had a bye."]
        return []
    second = states.get(sides[1].pk)
    if second is None:
        return []
    other = sides[1].player.name
    warnings = []
    if sides[1].pk in first.opponents:
        warnings.append(f"Rematch: {name} and {other} have met before.")
    if sides[1].pk in first.forbidden:
        why = (apart or {}).get(sides[0].pk, {}).get(sides[1].pk)
        warnings.append(
            f"Restriction gave way: {name} and {other} are to be kept apart"
            + (f" ({why})." if why else ".")
        )
    for state, who, gets_first in ((first, name, True), (second, other, False)):
        due = due_of(state.firsts)
        if breaks_limits(due, gets_first):
            side = "first" if gets_first else "second"
            warnings.append(
                f"First-move imbalance: {who} would move {side} "
                f"({due.firsts} firsts, {due.seconds} seconds so far)."
            )
    return warnings


def review_of(round_: Round) -> list[BoardReview]:
    """The round's boards with each player's score before it and the board's warnings."""
    states = {s.id: s for s in player_states(round_.event, round_.number)}
    apart = kept_apart(round_.event)
    reviews = []
    for board in boards_of(round_):
        first_id, second_id = pair_of(board)
        first = states.get(first_id)
        second = states.get(second_id) if second_id else None
        reviews.append(
            BoardReview(
                board=board,
                first_score=format_score(first.score) if first else "",
                second_score=format_score(second.score) if second else "",
                warnings=board_warnings(board, states, apart),
            )
        )
    return reviews


def describe_board(board: Board) -> str:
    seated = board.seated
    if len({e.pk for e in seated}) > 2:  # a table: everybody at it
        return f"board {board.number} ({', '.join(e.player.name for e in seated)})"
    sides = board.sides
    second = sides[1].name if len(sides) > 1 else "no opponent"  # a player or a team
    return f"board {board.number} ({sides[0].name} v {second})"
