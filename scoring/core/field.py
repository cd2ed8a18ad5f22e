"""An event's field and its Pentamind points: the one rule every export counts a field by.

**The field** of an event is its entries that played at least one game over the board: a game
at a pair's board, at a table of 3 or 4, a partnership game, a duplicate solitaire deal, or a
Challenge game. Byes (pairing-allocated or requested), absences and forfeits are not games. So a
no-show who never sat down is no part of the field, and an entrant who played and then withdrew
is. This is what MSO's Pentamind means by "the number of players" of an event (N in its
formula): the people who took part, not the names on the entry list; a field counted with
no-shows would lift everyone's Pentamind points by a player nobody met.

**Places** are the event's final ranks counted within that field: players tied on points and on
every tie-break share a span of places ("3-5" when three share 3rd); an entry outside the field
takes no place. When every entry played, the places are exactly the standings' shared ranks.

Every export that states a field size or a place reads it here: the event's ``placings.csv``
and ``placings.json`` (and the placings API), the ``field_size`` of ``standings.json`` (and the
standings API), the festival's Pentamind CSV and JSON and its overall table. (The TRF file's
``062`` counts the players it lists, as its format defines; it lists every entry.)

**Pentamind points** (:func:`pentamind_points`): MSO's formula as the MSO publishes it
(mindsportsolympiad.com, "Pentamind World Championship", the formula of 2021), with N the field
size and P the place in it (the event's final placing, after its tie-breaks, as its medals are
given), the average of a shared span (tied for 10th-15th: P = 12.5):

- N up to 100: ``100 x (N + 5) / (N + 6) x (N - P) / (N - 1)``;
- N over 100, P up to 10: ``100 x 105 / (99 x 106) x (100 - P)``;
- N over 100, P over 10: ``100 x (105 x 90) / (99 x 106) x (N - P) / (N - 10)``.

The MSO's dilution factor (0.95 for events it judges luck-heavy) is 1 here: no Ingenious event
is so judged. A field of one scores 0 (nobody was beaten; the formula divides by N - 1). Points
are rounded to two decimals, as the MSO publishes them. A player's festival score is the sum of
their best :data:`BEST_EVENTS` (five) events' points, as MSO's Pentamind counts a player's best
five events. MSO's rule that the five be different games is not applied: every event of a
festival here is Ingenious, and the table ranks players across its events.
"""

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)

#: How many of a player's events count in the festival's overall table (MSO's Pentamind: five).
BEST_EVENTS = 5

FIELD_RULE = (
    "Field size: the event's entries that played at least one game over the board (byes, "
    "absences and forfeits are not games; a no-show is not in the field). Places: the event's "
    "final ranking within that field; players tied on every tie-break share a span of places "
    "(3-5)."
)

PENTAMIND_RULE = (
    "Pentamind points (MSO's formula of 2021): 100 x (N+5)/(N+6) x (N-P)/(N-1) for a field of N "
    "up to 100 (over 100: 100 x 105/(99 x 106) x (100-P) for P up to 10, else "
    "100 x (105 x 90)/(99 x 106) x (N-P)/(N-10)), P the place (the average of a shared span), "
    "rounded to two decimals; a field of one scores 0. A player's festival score: the sum of "
    f"their best {BEST_EVENTS} events' points."
)


def in_field(games_played: int) -> bool:
    """The rule: an entry is in its event's field when it played at least one game."""
    return games_played > 0


@dataclass(frozen=True)
class FieldPlace(Generic[K]):
    """One entry of the field with its place in it."""

    key: K
    place_from: int
    place_to: int
    field_size: int

    @property
    def shared(self) -> bool:
        return self.place_to > self.place_from

    @property
    def place(self) -> str:
        """ "1", or a span when shared ("3-5")."""
        if self.place_to == self.place_from:
            return str(self.place_from)
        return f"{self.place_from}-{self.place_to}"


def field_places(ranked: Iterable[tuple[K, int, int]]) -> list[FieldPlace[K]]:
    """The field of an event and each entrant's place in it.

    ``ranked``: (key, rank, games played) per entry, best first, as the event's standings rank
    them (tied entries share a rank). Entries outside the field (:func:`in_field`) are left out
    and take no place; the others share spans of places by rank.
    """
    field = [(key, rank) for key, rank, games in ranked if in_field(games)]
    sizes = Counter(rank for _, rank in field)
    first_index: dict[int, int] = {}
    for index, (_, rank) in enumerate(field):
        first_index.setdefault(rank, index)
    out = []
    for key, rank in field:
        place_from = first_index[rank] + 1
        out.append(FieldPlace(key, place_from, place_from + sizes[rank] - 1, len(field)))
    return out


def field_size(games_played: Iterable[int]) -> int:
    """The number of entries in the field, from each entry's games played."""
    return sum(1 for games in games_played if in_field(games))


def pentamind_points(field: int, place_from: int, place_to: int) -> float:
    """MSO's Pentamind points of a place in a field of ``field`` (see the module's notes)."""
    if field < 2:
        return 0.0
    p = (place_from + place_to) / 2
    n = field
    if n <= 100:
        points = 100 * (n + 5) / (n + 6) * (n - p) / (n - 1)
    elif p <= 10:
        points = 100 * 105 / (99 * 106) * (100 - p)
    else:
        points = 100 * (105 * 90) / (99 * 106) * (n - p) / (n - 10)
    return round(points, 2)


def best_of(points: Sequence[float], count: int = BEST_EVENTS) -> tuple[float, ...]:
    """The ``count`` best of a player's events' points, best first."""
    return tuple(sorted(points, reverse=True)[:count])
