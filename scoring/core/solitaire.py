"""Duplicate solitaire's ranking and victory points (RULINGS.md, "Events beyond two players").

Every entrant of a round plays the same tile sequence alone; the round ranks its entrants by
their results in the result order: the lowest colour level, then the second lowest, and so on
through all six (RULINGS.md, "Result"; a draw only if the sorted lists are equal). Each scores
VP as at a table of all the round's entrants with a result: (entrants beaten + 1/2 tied) /
(k - 1). A round with one result so far gives that entrant 1 (nobody beat them). Placings and
VP come from :func:`scoring.core.tables.placings_from_levels` and ``table_points``.
"""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.core.results import TABLE, GameResult
from scoring.core.tables import placings_from_levels, table_points


@dataclass(frozen=True, slots=True)
class SolitaireResult:
    """One entrant's result in a solitaire round: their colour levels, lowest first (at least
    the lowest; more break ties)."""

    round: int
    player: int
    levels: tuple[int, ...]


def round_placings(levels: Sequence[Sequence[int]]) -> list[int]:
    """Placings of a round's entrants (1 best, ties share: 1, 2, 2, 4) from their levels,
    lowest first: compared level by level on every level the round's results all give (six
    from recorded games). A director's hand entry may give fewer; the round is then compared
    on as many as it gives, so no entrant is held better or worse on a level another's result
    does not say.

    >>> round_placings([[5, 9], [7, 7], [5, 9], [2, 14], [5, 8]])
    [2, 1, 2, 5, 4]
    >>> round_placings([[2, 2, 3, 9, 9, 9], [2, 2, 4, 5, 5, 5], [1, 9, 9, 9, 9, 9]])
    [2, 1, 3]
    >>> round_placings([[2, 2, 3, 9, 9, 9], [2, 2, 4, 5, 5, 5], [2, 2]])
    [1, 1, 1]
    """
    if not levels:
        return []
    width = min(len(row) for row in levels)
    return placings_from_levels([list(row)[:width] for row in levels])


def round_points(placings: Sequence[int]) -> list[float]:
    """Each entrant's VP: the share of the round's other entrants beaten, ties counting 1/2.

    >>> round_points([2, 1, 2, 5, 4])
    [0.625, 1.0, 0.625, 0.0, 0.25]
    """
    if len(placings) == 1:
        return [1.0]
    return table_points(placings)


def solitaire_results(results: Iterable[SolitaireResult]) -> list[GameResult]:
    """One ``table`` row per entrant with a result: placing and VP over their round, the other
    entrants as ``mates`` (so the tie-breaks read the result against each). Raises
    ``ValueError`` for an entrant twice in a round or an entrant without a level."""
    by_round: dict[int, list[SolitaireResult]] = defaultdict(list)
    for result in results:
        if not result.levels:
            raise ValueError(f"round {result.round}, player {result.player}: no levels")
        by_round[result.round].append(result)
    rows: list[GameResult] = []
    for rnd, entrants in by_round.items():
        players = [e.player for e in entrants]
        if len(set(players)) != len(players):
            raise ValueError(f"round {rnd}: a player has two solitaire results")
        placings = round_placings([e.levels for e in entrants])
        points = round_points(placings)
        for i, entrant in enumerate(entrants):
            others = [j for j in range(len(entrants)) if j != i]
            rows.append(
                GameResult(
                    round=rnd,
                    player=entrant.player,
                    opponent=None,
                    points=points[i],
                    kind=TABLE,
                    moved_first=None,
                    own_lowest=entrant.levels[0],
                    placing=placings[i],
                    mates=tuple(players[j] for j in others),
                    mates_placings=tuple(placings[j] for j in others),
                    mates_lowest=tuple(entrants[j].levels[0] for j in others),
                )
            )
    return sorted(rows, key=lambda r: (r.round, r.player))
