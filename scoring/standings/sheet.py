"""The standings of an event as plain data: lines, crosstable cells, pairings, tie-break columns.

Frozen dataclasses that the cache holds as dicts (:meth:`Standings.to_dict`); the pages, the
API and the exports read them. Built by :func:`scoring.standings.build.build_standings`.
"""

import datetime
from dataclasses import asdict, dataclass, field
from functools import cached_property
from typing import Any

from django.utils.translation import gettext

from scoring.core import field as core_field
from scoring.core.results import ABSENT, BYE, FORFEIT, FULL_BYE, HALF_BYE, TABLE

# Cell kinds beyond scoring's: a board of a public round whose result is not (yet) counted.
PENDING = "pending"
PROVISIONAL = "provisional"
HELD = "held"

# A player's score in one round, by kind, from the player's side of the board.
_SCORE_SYMBOLS = {1.0: "1", 0.5: "½", 0.0: "0"}


def number_text(value: float | None) -> str:
    """7.0 -> "7", 2.5 -> "2½", -3.0 -> "-3"; other fractions with up to two decimals."""
    if value is None:
        return ""
    value = round(value, 9)  # sums of thirds: 2.9999999999 is 3
    whole = int(value)
    if value == whole:
        return str(whole)
    if value * 2 == int(value * 2):
        sign = "-" if value < 0 else ""
        whole = abs(int(value))
        return f"{sign}{whole or ''}½"
    return f"{value:.2f}".rstrip("0")


def plain_number(value: float | None) -> str:
    """A number for machines (CSV): 7.0 -> "7", 2.5 -> "2.5", 2/3 -> "0.67" (at most two
    decimals, as the pages show thirds from tables)."""
    if value is None:
        return ""
    value = round(value, 9)
    return str(int(value)) if value == int(value) else f"{round(value, 2):g}"


def place_span(place_from: int, place_to: int) -> str:
    """A final place, a span when shared: "1" or "2-3"."""
    return str(place_from) if place_to == place_from else f"{place_from}-{place_to}"


@dataclass(frozen=True)
class Contender:
    """An entry of the event as the standings show it."""

    entry_id: int
    player_id: int  # the registry player; a partnership team's first-named
    name: str
    club: str
    country: str
    rating: int | None
    starting_rank: int
    withdrawn: bool
    partner_id: int | None = None  # a partnership team's other registry player


@dataclass(frozen=True)
class Cell:
    """One round of a player's line in the crosstable, from that player's side."""

    round: int
    kind: str  # a scoring kind (played, forfeit, bye, half_bye, absent), pending or held
    board_id: int | None = None
    board_number: int | None = None
    opponent: int | None = None  # entry id
    opponent_rank: int | None = None
    opponent_name: str = ""
    moved_first: bool | None = None
    points: float | None = None
    own_lowest: int | None = None
    opp_lowest: int | None = None
    confirmed: bool = False  # a paper result both sides confirmed
    placing: int | None = None  # at a table of 3 or 4: the player's placing there
    table_size: int | None = None  # players at the table (None for a two-player board)

    @property
    def at_table(self) -> str:
        """The placing at a table of 3 or 4 ("2/4"); "" elsewhere or before its result."""
        if self.table_size is None or self.placing is None:
            return ""
        return f"{self.placing}/{self.table_size}"

    @property
    def score(self) -> str:
        """The round's score as a crosstable shows it: 1, ½, 0, + (forfeit won), - (lost)."""
        if self.points is None:
            return ""
        if self.kind == FORFEIT:
            return "+" if self.points > 0 else "-"
        return _SCORE_SYMBOLS.get(self.points, number_text(self.points))

    @property
    def label(self) -> str:
        """The score with what it is (for byes and unplayed games)."""
        # Worded at render time, in the reader's language (the table itself is cached as data).
        return {
            BYE: gettext("bye %(score)s") % {"score": self.score},
            HALF_BYE: gettext("½ bye"),
            FULL_BYE: gettext("1 bye"),
            ABSENT: gettext("absent"),
            FORFEIT: gettext("%(score)s forfeit") % {"score": self.score},
            PENDING: gettext("playing") if self.opponent or self.table_size else "",
            PROVISIONAL: gettext("provisional"),
            HELD: gettext("held"),
            TABLE: f"{self.at_table} · {self.score}",
        }.get(self.kind, self.score)

    @property
    def levels(self) -> str:
        """Both lowest colour levels, own first ("12-9"), for a played game."""
        if self.own_lowest is None or self.opp_lowest is None:
            return ""
        return f"{self.own_lowest}-{self.opp_lowest}"

    @property
    def first_text(self) -> str:
        if self.moved_first is None:
            return ""
        return gettext("first") if self.moved_first else gettext("second")


@dataclass(frozen=True)
class TieBreakColumn:
    key: str
    label: str
    description: str

    @property
    def short(self) -> str:
        """A column heading for narrow screens: "Progressive difference" -> "PD"."""
        words = self.label.replace("-", " ").split()
        return "".join(w[0].upper() for w in words) if len(words) > 1 else self.label[:3]


@dataclass(frozen=True)
class Line:
    """One player's line of the standings and of the crosstable."""

    rank: int
    tied: bool
    place_from: int
    place_to: int
    contender: Contender
    vp: float
    tiebreaks: tuple[float, ...]  # in chain order
    games_played: int
    cells: tuple[Cell | None, ...]  # one per public round, None where the player had no board

    @property
    def rank_text(self) -> str:
        """ "3" or "3=" for a shared rank."""
        return f"{self.rank}=" if self.tied else str(self.rank)

    @property
    def place(self) -> str:
        return place_span(self.place_from, self.place_to)

    @property
    def vp_text(self) -> str:
        return number_text(self.vp)

    @property
    def tiebreak_texts(self) -> list[str]:
        return [number_text(v) for v in self.tiebreaks]


@dataclass(frozen=True)
class Pairing:
    """A board of a public round, as the pairings list shows it."""

    round: int
    board_id: int
    number: int
    first: int  # entry id
    second: int | None
    result: str  # the board's result code, "" when none is published (none yet, or held)
    held: bool = False
    provisional: str = ""  # a game's result waiting for its replay check


@dataclass(frozen=True)
class Standings:
    """Standings, crosstable, pairings and final placings of one event, computed together."""

    event_id: int
    chain: tuple[TieBreakColumn, ...]
    rounds: tuple[int, ...]  # public round numbers
    lines: tuple[Line, ...]
    pairings: tuple[Pairing, ...]
    computed_at: str  # ISO 8601
    problems: tuple[str, ...] = field(default=())

    @property
    def entry_count(self) -> int:
        """Every entry listed, no-shows and withdrawals too (the TRF's 062 counts these)."""
        return len(self.lines)

    @property
    def field_size(self) -> int:
        """The event's field by the one rule of :mod:`scoring.core.field`: entries that played."""
        return core_field.field_size(line.games_played for line in self.lines)

    @property
    def after_round(self) -> int | None:
        """The last round whose results are all in, with every round before it: the standings
        are "after" it."""
        done = None
        for number in self.rounds:
            if any(not p.result for p in self.round_pairings(number)):
                break
            done = number
        return done

    @cached_property
    def has_tables(self) -> bool:
        """Some round was played at tables of 3 or 4 (the crosstable explains its cells)."""
        return any(cell and cell.table_size for line in self.lines for cell in line.cells)

    @property
    def round_in_play(self) -> int | None:
        """The first public round with a result still to come (or waiting for its check)."""
        after = self.after_round or 0
        return next((number for number in self.rounds if number > after), None)

    @property
    def provisional(self) -> list[Pairing]:
        """Boards whose game result waits for its replay check (not counted yet)."""
        return [p for p in self.pairings if p.provisional]

    @property
    def computed(self) -> datetime.datetime:
        return datetime.datetime.fromisoformat(self.computed_at)

    def tiebreak_items(self, line: Line) -> list[tuple[TieBreakColumn, str]]:
        return list(zip(self.chain, line.tiebreak_texts, strict=True))

    def contender(self, entry_id: int) -> Contender | None:
        line = self.line(entry_id)
        return line.contender if line else None

    def line(self, entry_id: int) -> Line | None:
        return self._by_entry.get(entry_id)

    @cached_property
    def _by_entry(self) -> dict[int, Line]:
        return {line.contender.entry_id: line for line in self.lines}

    def name_of(self, entry_id: int | None) -> str:
        contender = self.contender(entry_id) if entry_id is not None else None
        return contender.name if contender else ""

    def round_pairings(self, number: int) -> list[Pairing]:
        return [p for p in self.pairings if p.round == number]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Standings":
        return cls(
            event_id=data["event_id"],
            chain=tuple(TieBreakColumn(**c) for c in data["chain"]),
            rounds=tuple(data["rounds"]),
            lines=tuple(
                Line(
                    rank=ln["rank"],
                    tied=ln["tied"],
                    place_from=ln["place_from"],
                    place_to=ln["place_to"],
                    contender=Contender(**ln["contender"]),
                    vp=ln["vp"],
                    tiebreaks=tuple(ln["tiebreaks"]),
                    games_played=ln["games_played"],
                    cells=tuple(Cell(**c) if c else None for c in ln["cells"]),
                )
                for ln in data["lines"]
            ),
            pairings=tuple(Pairing(**p) for p in data["pairings"]),
            computed_at=data["computed_at"],
            problems=tuple(data.get("problems", ())),
        )
