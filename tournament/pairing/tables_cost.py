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
   table the seeded list gives them (``ideal``): in plain score order, each table the next players
   down; but when every player present has the same score (always so in round 1) the list is
   dealt round the tables as a Swiss spreads its seeds (seed 1 to table 1, seed 2 to table 2,
   and so on, then back to table 1), so that every table takes one player from each quarter of
   the list at tables of 4 and from each third at tables of 3 (``docs/pairing.md``).
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
        # One score group (round 1): nothing but the seeds tells the players apart, and filling
        # the tables top down would seat seeds 1 to 4 together; a Swiss director expects them
        # spread, one from each quarter of the list at every table.
        self.dealt = self.tables > 1 and len(set(self.score)) == 1
        self.ideal = _dealt(self.n, self.sizes) if self.dealt else _in_order(self.n, self.sizes)
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
        """The slots as the seeded list gives them (``ideal``): in plain score order, or dealt
        round the tables in one score group (the bench's baseline, the search's start)."""
        slots: Slots = [[] for _ in self.sizes]
        for i, t in enumerate(self.ideal):
            slots[t].append(i)
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


def _in_order(n: int, sizes: Sequence[int]) -> list[int]:
    """The slot of each position when the players fill the slots in score order."""
    ideal: list[int] = []
    for t, k in enumerate(sizes):
        ideal.extend([t] * k)
    return ideal[:n]


def _dealt(n: int, sizes: Sequence[int]) -> list[int]:
    """The slot of each position when the list is dealt round the slots like cards: position i
    to slot i mod (number of slots), a full slot passed over. ``table_sizes`` puts the larger
    tables first, so that the last, short round of the deal fills exactly them."""
    ideal: list[int] = []
    room = list(sizes)
    t = 0
    for _ in range(min(n, sum(room))):
        while not room[t]:
            t = (t + 1) % len(room)
        ideal.append(t)
        room[t] -= 1
        t = (t + 1) % len(room)
    return ideal


__all__ = ["Problem", "Slots", "Weights"]
