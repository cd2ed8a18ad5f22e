"""Victory points at a table of k players (RULINGS.md, "Events beyond two players").

A player's VP for a game at a table is the average of their results against each other player
at it: (opponents beaten + 1/2 opponents tied) / (k - 1). So a game is worth 0 to 1 whatever
the table's size, and a table of two scores as a two-player game. Placings follow the result
order: 1 is the best, and tied players share a placing.

:func:`table_results` turns decided tables into result rows of kind ``table`` (one per player),
which the standings and the tie-breaks (:mod:`scoring.core.tiebreaks`) read beside the
two-player rows.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.core.results import TABLE, GameResult


def table_points(placings: Sequence[int]) -> list[float]:
    """Each seat's VP from the seats' placings (1 best; equal placings are ties).

    >>> table_points([1, 2, 2, 4])
    [1.0, 0.5, 0.5, 0.0]
    """
    k = len(placings)
    if k < 2:
        raise ValueError("a table needs two players or more to score")
    if any(p < 1 or p > k for p in placings):
        raise ValueError(f"placings must be 1 to {k}, not {list(placings)}")
    return [
        sum(1.0 if mine < theirs else 0.5 if mine == theirs else 0.0 for theirs in placings)
        / (k - 1)
        - 0.5 / (k - 1)  # the seat itself counted as a tie above
        for mine in placings
    ]


def placings_from_levels(levels: Sequence[Sequence[int]]) -> list[int]:
    """Placings from each seat's colour levels (lowest first, then the next...): the higher
    lowest level places better, then the higher next one; seats equal on every level given
    share a placing (competition ranking: 1, 2, 2, 4).

    >>> placings_from_levels([[5, 9], [7, 7], [5, 9]])
    [2, 1, 2]
    """
    keys = [tuple(sorted(seat)) for seat in levels]
    return [1 + sum(other > mine for other in keys) for mine in keys]


@dataclass(frozen=True, slots=True)
class TableGame:
    """A decided table of 3 or 4 in one round: players in seat order (seat 0 moved first),
    their placings and their lowest levels (``None`` where not reported)."""

    round: int
    players: tuple[int, ...]
    placings: tuple[int, ...]
    lowest: tuple[int | None, ...]


def table_results(tables: Iterable[TableGame]) -> list[GameResult]:
    """One ``table`` row per player of each table, its VP from :func:`table_points`. Raises
    ``ValueError`` for a table whose players, placings and levels do not line up."""
    rows: list[GameResult] = []
    for t in tables:
        if not len(t.players) == len(t.placings) == len(t.lowest):
            raise ValueError(f"round {t.round}, table {list(t.players)}: one placing per seat")
        if len(set(t.players)) != len(t.players):
            raise ValueError(f"round {t.round}, table {list(t.players)}: a player sits twice")
        points = table_points(t.placings)
        for seat, player in enumerate(t.players):
            others = [i for i in range(len(t.players)) if i != seat]
            rows.append(
                GameResult(
                    round=t.round,
                    player=player,
                    opponent=None,
                    points=points[seat],
                    kind=TABLE,
                    moved_first=seat == 0,
                    own_lowest=t.lowest[seat],
                    placing=t.placings[seat],
                    mates=tuple(t.players[i] for i in others),
                    mates_placings=tuple(t.placings[i] for i in others),
                    mates_lowest=tuple(t.lowest[i] for i in others),
                )
            )
    return sorted(rows, key=lambda r: (r.round, r.player))
