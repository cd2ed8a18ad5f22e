"""The rulings' criteria for a seating as one number, shared by every seating method.

A seating puts the players present (indexed in score order: score down, then starting rank, then
id) into slots whose sizes come from ``table_sizes``. A table's cost has four digits, each weighted
so that no amount of a lower one outweighs one unit of a higher one (the rulings' order):

1. repeats: for every two players at the table who met before, the square of their meetings
   (a pair meeting a third time weighs more than two pairs meeting a second time);
2. score spread: the table's highest score minus its lowest, in twelfths of a point;
3. first seats: the fewest first seats at the table (that player moves first), capped just above
   the count that every table could give its first seat to. Summed over the tables this is the
   sum of the counts of the players who get a first seat, which is smallest exactly when the
   spread of first-seat counts after the round is smallest (the sum of squares grows by 2c + 1);
4. order (a tie-break for a deterministic and natural answer): how far each player sits from the
   table they would have in plain score order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .tables_model import SCORE_UNITS, TablePlayer

Slots = list[list[int]]


@dataclass(frozen=True, slots=True)
class Weights:
    repeat: int
    spread: int
    first: int


class Problem:
    """One round to seat: the players present in score order, the slots and the weights."""

    def __init__(self, players: Sequence[TablePlayer], sizes: Sequence[int]) -> None:
        self.players = sorted(players, key=lambda p: (-p.score, p.rank, p.id))
        self.n = len(self.players)
        self.sizes = list(sizes)
        self.tables = len(self.sizes)
        self.ids = [p.id for p in self.players]
        index = {pid: i for i, pid in enumerate(self.ids)}
        self.score = [round(p.score * SCORE_UNITS) for p in self.players]
        self.first_seats = [p.first_seats for p in self.players]
        # Meetings per pair: the larger of the two players' counts (their lists may disagree when
        # a table was recorded for one side only).
        counts: list[dict[int, int]] = [{} for _ in range(self.n)]
        for i, p in enumerate(self.players):
            for other, times in Counter(p.met).items():
                j = index.get(other)
                if j is None or j == i:
                    continue
                counts[i][j] = max(counts[i].get(j, 0), times)
                counts[j][i] = max(counts[j].get(i, 0), times)
        self.met = counts
        # The slot each position falls in when the players fill the slots in score order.
        self.ideal: list[int] = []
        for t, k in enumerate(self.sizes):
            self.ideal.extend([t] * k)
        del self.ideal[self.n :]
        # Every table can give its first seat to a player with at most ``theta`` first seats.
        ranked = sorted(self.first_seats)
        self.theta = ranked[self.tables - 1] if self.tables else 0
        self.first_cap = [min(c, self.theta + 1) for c in self.first_seats]
        order_max = self.n * max(self.tables - 1, 0)
        first_max = self.tables * (self.theta + 1)
        spread_max = self.tables * ((max(self.score) - min(self.score)) if self.score else 0)
        first_w = order_max + 1
        spread_w = first_w * (first_max + 1)
        self.weights = Weights(repeat=spread_w * (spread_max + 1), spread=spread_w, first=first_w)

    def baseline(self) -> Slots:
        """The slots filled in plain score order (the bench's baseline, the search's start)."""
        slots: Slots = []
        start = 0
        for k in self.sizes:
            slots.append(list(range(start, start + k)))
            start += k
        return slots

    def repeats(self, members: Sequence[int]) -> int:
        total = 0
        for a, i in enumerate(members):
            row = self.met[i]
            if not row:
                continue
            for j in members[a + 1 :]:
                m = row.get(j, 0)
                total += m * m
        return total

    def table_cost(self, slot: int, members: Sequence[int]) -> int:
        """The weighted cost of ``members`` seated at ``slot`` (see the module docstring)."""
        w = self.weights
        score = self.score
        spread = max(score[i] for i in members) - min(score[i] for i in members)
        first = min(self.first_cap[i] for i in members)
        order = sum(abs(slot - self.ideal[i]) for i in members)
        return w.repeat * self.repeats(members) + w.spread * spread + w.first * first + order

    def cost(self, slots: Slots) -> int:
        return sum(self.table_cost(t, members) for t, members in enumerate(slots))

    def digits(self, slots: Slots) -> tuple[int, int, int]:
        """The unweighted (repeats, spread, first seats) digits of the cost."""
        rep = spread = first = 0
        for members in slots:
            rep += self.repeats(members)
            spread += max(self.score[i] for i in members) - min(self.score[i] for i in members)
            first += min(self.first_cap[i] for i in members)
        return rep, spread, first

    def breakdown(self, slots: Slots) -> tuple[int, int, int, int]:
        """(repeated pairs, summed spread in twelfths, first-seat digit, order digit)."""
        pairs = spread = first = order = 0
        for t, members in enumerate(slots):
            for a, i in enumerate(members):
                pairs += sum(1 for j in members[a + 1 :] if self.met[i].get(j, 0))
            spread += max(self.score[i] for i in members) - min(self.score[i] for i in members)
            first += min(self.first_cap[i] for i in members)
            order += sum(abs(t - self.ideal[i]) for i in members)
        return pairs, spread, first, order


__all__ = ["Problem", "Slots", "Weights"]
