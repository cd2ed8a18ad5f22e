"""Victory points across challenges and the ranking of an event (CHALLENGES.md, "Common to all
three"): the sum of each game's lowest row; ties broken by challenge games won, then by the sum
of second-lowest rows, then by the results between the tied players.

"Results between the tied players" is read as: in every game where two or more of the tied
players sat at the same table, each pair of them is compared by the result order (lowest row,
then second lowest...): the better scores 1, equal rows 1/2 each. Players equal on every key
share a rank.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Generic, TypeVar

from .board import victory_points

P = TypeVar("P", bound=Hashable)


@dataclass(frozen=True)
class GameResult(Generic[P]):
    """One challenge game: each player's six rows, and the winner (``None`` for a draw)."""

    rows: Mapping[P, Sequence[int]]
    winner: P | None = None


@dataclass
class TallyRow(Generic[P]):
    player: P
    victory_points: int = 0
    games_won: int = 0
    second_lowest: int = 0
    #: Points from the games among the players tied on the keys above (0 when not tied).
    between: float = 0.0
    rank: int = 0

    def key(self) -> tuple[int, int, int, float]:
        return (self.victory_points, self.games_won, self.second_lowest, self.between)


def second_lowest(rows: Sequence[int]) -> int:
    return sorted(rows)[1]


def rank_players(games: Sequence[GameResult[P]]) -> list[TallyRow[P]]:
    """The standings of an event of challenges, best first."""
    table: dict[P, TallyRow[P]] = {}
    for g in games:
        for player, rows in g.rows.items():
            row = table.setdefault(player, TallyRow(player))
            row.victory_points += victory_points(rows)
            row.second_lowest += second_lowest(rows)
            row.games_won += g.winner == player
    groups: dict[tuple[int, int, int, float], list[P]] = {}
    for player, row in table.items():
        groups.setdefault(row.key(), []).append(player)
    for tied in groups.values():
        if len(tied) < 2:
            continue
        for g in games:
            present = [p for p in tied if p in g.rows]
            for a, b in combinations(present, 2):
                ka, kb = sorted(g.rows[a]), sorted(g.rows[b])
                if ka == kb:
                    table[a].between += 0.5
                    table[b].between += 0.5
                else:
                    table[a if ka > kb else b].between += 1
    order = sorted(table.values(), key=lambda r: r.key(), reverse=True)
    for i, row in enumerate(order):
        row.rank = order[i - 1].rank if i and order[i - 1].key() == row.key() else i + 1
    return order


@dataclass(frozen=True)
class SeatedResult(Generic[P]):
    """One player's outcome of one challenge game as an event's board keeps it: the lowest row,
    the second lowest and the placing at the table (1 best, tied players share it)."""

    player: P
    lowest: int
    second: int
    placing: int


def rank_seated(games: Sequence[Sequence[SeatedResult[P]]]) -> list[TallyRow[P]]:
    """The standings of an event of challenges from its boards' seats, best first: the same
    keys as :func:`rank_players`. A game is won by the one player placed 1 alone; between tied
    players the better placing at a shared table scores 1, an equal one 1/2 each (the placing
    follows the result order, lowest row then second lowest..., so this is the same reading)."""
    table: dict[P, TallyRow[P]] = {}
    for game in games:
        firsts = [r for r in game if r.placing == 1]
        for r in game:
            row = table.setdefault(r.player, TallyRow(r.player))
            row.victory_points += r.lowest
            row.second_lowest += r.second
            row.games_won += len(firsts) == 1 and firsts[0].player == r.player
    groups: dict[tuple[int, int, int, float], list[P]] = {}
    for player, row in table.items():
        groups.setdefault(row.key(), []).append(player)
    for tied in groups.values():
        if len(tied) < 2:
            continue
        for game in games:
            present = [r for r in game if r.player in tied]
            for a, b in combinations(present, 2):
                if a.placing == b.placing:
                    table[a.player].between += 0.5
                    table[b.player].between += 0.5
                else:
                    table[a.player if a.placing < b.placing else b.player].between += 1
    order = sorted(table.values(), key=lambda r: r.key(), reverse=True)
    for i, row in enumerate(order):
        row.rank = order[i - 1].rank if i and order[i - 1].key() == row.key() else i + 1
    return order
