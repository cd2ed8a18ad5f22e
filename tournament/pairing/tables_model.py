"""Inputs and outputs of Swiss for tables (plain dataclasses, no Django), and the table sizes.

The rulings ("Events beyond two players"): an event for 3 or 4 players seats its field at tables of
the director's size; when the field does not divide, tables of 4 and 3 are mixed (3 and 2 for a
size of 3); a table of 2 only when nothing else fits; a bye only when no table of two or more can
be made (a field of one).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .model import PairingError
from .notes import Note, english

#: Table sizes a director may choose for a table event.
TABLE_SIZES: tuple[int, ...] = (3, 4)

#: Seating methods of :func:`tournament.pairing.tables.seat_tables` ("auto" is the default chosen
#: on the bench's evidence, see ``tables``).
TABLE_METHODS: tuple[str, ...] = ("auto", "cpsat", "search", "greedy")

#: Scores are compared in twelfths of a point: victory points at a table of 3 are quarters and at
#: a table of 4 sixths, so every score of such an event is a whole number of twelfths.
SCORE_UNITS = 12


class TableError(PairingError):
    """The input cannot be seated (bad size, duplicate ids, a bad field); ``field`` names it."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


@dataclass(frozen=True, slots=True)
class TablePlayer:
    """One entrant as table pairing sees them before a round.

    ``met`` lists the ids of earlier table-mates, once per meeting (a pair that shared two tables
    appears twice). ``first_seats`` counts the games in which the player sat first (moved first).
    ``rank`` is the starting rank (1 = top seed); ties in score are broken by it, then by id.
    Absent players are not seated.
    """

    id: int
    score: float = 0.0
    met: tuple[int, ...] = ()
    first_seats: int = 0
    absent: bool = False
    rank: int = 0


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round: ``seats`` in seat order (the first moves first); ``reasons`` why,
    clause by clause (``reason``: in English, as one sentence)."""

    number: int
    seats: tuple[int, ...]
    reasons: tuple[Note, ...] = ()

    @property
    def reason(self) -> str:
        return english(self.reasons)


@dataclass(frozen=True, slots=True)
class TableRound:
    """The tables of one round, top tables (highest scores) first.

    ``bye`` is the one player left without a table (only when the field is a single player);
    ``method`` says which seating produced the round and ``optimal`` whether the solver proved it
    the best by the rulings' criteria. ``dealt`` says the tables are the seeded list dealt round
    them (one score group, as in round 1: every table takes one player from each quarter of the
    list at tables of 4, each third at tables of 3).
    """

    round_number: int
    size: int
    tables: list[Table]
    method: str
    optimal: bool = False
    bye: int | None = None
    absent: list[int] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    dealt: bool = False

    @property
    def seatings(self) -> list[tuple[int, ...]]:
        """The tables as tuples of ids in seat order."""
        return [t.seats for t in self.tables]


def table_sizes(players: int, size: int) -> list[int]:
    """Sizes of the tables for ``players`` present at a chosen table ``size``, largest first.

    Fewest tables such that each has ``size`` or ``size - 1`` players; when even that cannot be
    done (5 players at tables of 4), tables of 3 and 2. A single player gets no table (the bye).
    """
    if size not in TABLE_SIZES:
        raise TableError(f"expected one of {', '.join(map(str, TABLE_SIZES))}, got {size}", "size")
    if players < 0:
        raise ValueError("players must be >= 0")
    if players < 2:
        return []
    if players <= size:
        return [players]
    count = -(-players // size)
    smaller = count * size - players
    if smaller <= count:
        return [size] * (count - smaller) + [size - 1] * smaller
    # Tables of size and size - 1 cannot hold the field (only 5 at size 4): go one size down.
    return table_sizes(players, size - 1) if size > 3 else [2] * (players // 2)


__all__ = [
    "SCORE_UNITS",
    "TABLE_METHODS",
    "TABLE_SIZES",
    "Table",
    "TableError",
    "TablePlayer",
    "TableRound",
    "table_sizes",
]
