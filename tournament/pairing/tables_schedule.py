"""All-play-all schedules for table events: every two players share a table exactly once.

Such a schedule is a resolvable design whose tables are the sizes the rulings give for the field
(``table_sizes``), so it exists only for a few small fields:

- one table for the whole field (2 to 4 players, one round);
- 4 players at tables of 3: the rulings give tables of 2 and 2: the pairs' round robin (3 rounds);
- 9 players (tables of 3, or of 4, which the rulings make 3 + 3 + 3): the affine plane of order 3,
  the Kirkman triple system of 9 points (4 rounds);
- 15 players at tables of 3: Kirkman's schoolgirls (7 rounds);
- 16 players at tables of 4: the affine plane of order 4 over GF(4) (5 rounds);
- 8 players at tables of 3, 14 at tables of 3 and 15 at tables of 4: the design of one player
  more without its last player, whose table in each round becomes the smaller table the rulings
  ask for (4, 7 and 5 rounds).

Elsewhere none exists: 8 players at tables of 4, for one, make 12 pairs a round of the 28 to meet.
Players are numbered 1..n (starting ranks); in each table the seats are dealt so that every
player sits first, second, ... as evenly as the schedule allows.
"""

from __future__ import annotations

from .tables_model import table_sizes

Schedule = list[list[tuple[int, ...]]]

#: Kirkman's fifteen schoolgirls, one solution (rounds of five tables of three).
KIRKMAN_15: tuple[tuple[tuple[int, int, int], ...], ...] = (
    ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15)),
    ((1, 6, 13), (3, 9, 11), (5, 12, 14), (4, 7, 10), (2, 8, 15)),
    ((1, 8, 12), (7, 11, 13), (3, 4, 14), (5, 9, 15), (2, 6, 10)),
    ((1, 10, 14), (4, 8, 13), (6, 11, 15), (3, 5, 7), (2, 9, 12)),
    ((1, 4, 9), (2, 5, 13), (3, 10, 15), (8, 11, 14), (6, 7, 12)),
    ((1, 7, 15), (5, 8, 10), (2, 4, 11), (3, 12, 13), (6, 9, 14)),
    ((1, 5, 11), (3, 6, 8), (9, 10, 13), (2, 7, 14), (4, 12, 15)),
)

# GF(4) = {0, 1, a, a + 1} as 0, 1, 2, 3: addition is XOR, a * a = a + 1.
_GF4_MUL = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))


def _affine_plane(q: int) -> Schedule:
    """The q + 1 parallel classes of lines of the affine plane of order q (3 or 4)."""
    if q == 3:

        def add(a: int, b: int) -> int:
            return (a + b) % 3

        def mul(a: int, b: int) -> int:
            return (a * b) % 3

    else:

        def add(a: int, b: int) -> int:
            return a ^ b

        def mul(a: int, b: int) -> int:
            return _GF4_MUL[a][b]

    def point(x: int, y: int) -> int:
        return x * q + y + 1

    rounds: Schedule = []
    for slope in range(q):
        rounds.append([tuple(point(x, add(mul(slope, x), c)) for x in range(q)) for c in range(q)])
    rounds.append([tuple(point(c, y) for y in range(q)) for c in range(q)])
    return rounds


def _design(n: int) -> Schedule | None:
    if n == 9:
        return _affine_plane(3)
    if n == 16:
        return _affine_plane(4)
    if n == 15:
        return [list(r) for r in KIRKMAN_15]
    return None


def _without_last(schedule: Schedule, last: int) -> Schedule:
    return [[tuple(p for p in table if p != last) for table in rnd] for rnd in schedule]


def _deal_seats(schedule: Schedule, n: int) -> Schedule:
    """Seat order per table: each seat to the player who sat there least (then the lower number);
    top tables first (the table of player 1, then by lowest number)."""
    sat = [[0] * (n + 1) for _ in range(4)]
    out: Schedule = []
    for rnd in schedule:
        tables = []
        for table in sorted(rnd, key=lambda t: (-len(t), min(t))):
            left = sorted(table)
            seats: list[int] = []
            for pos in range(len(table)):
                who = min((sat[pos][p], p) for p in left)[1]
                left.remove(who)
                sat[pos][who] += 1
                seats.append(who)
            tables.append(tuple(seats))
        out.append(tables)
    return out


def all_play_all_tables(n: int, size: int) -> Schedule | None:
    """The rounds of an all-play-all for ``n`` players at tables of ``size`` (3 or 4), each round
    a list of tables in seat order; None when no such schedule exists for the field."""
    sizes = table_sizes(n, size)
    if not sizes:
        return None
    candidates: list[Schedule] = []
    if len(sizes) == 1:
        candidates.append([[tuple(range(1, n + 1))]])
    elif n == 4 and size == 3:
        candidates.append([[(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)]])
    else:
        whole = _design(n)
        if whole is not None:
            candidates.append(whole)
        bigger = _design(n + 1)
        if bigger is not None:
            candidates.append(_without_last(bigger, n + 1))
    # The design must seat the field at the rulings' table sizes in every round.
    fitting = [
        c for c in candidates if all(sorted(map(len, rnd), reverse=True) == sizes for rnd in c)
    ]
    if not fitting:
        return None
    schedule = fitting[0]
    return _deal_seats(schedule, n)


__all__ = ["KIRKMAN_15", "Schedule", "all_play_all_tables"]
