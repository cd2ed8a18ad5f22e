"""The data of a TRF file (TRF-16 and TRF-2026), as ``trf`` reads and writes it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

#: Requested (or pre-set) byes of ``240`` lines: H half-point, F full-point, Z zero-point, U a
#: pairing-allocated bye fixed in advance.
BYE_CODES = ("H", "F", "Z", "U")


class TrfError(ValueError):
    """An unreadable TRF file; ``line`` and ``column`` are 1-based."""

    def __init__(self, message: str, line: int, column: int) -> None:
        self.line = line
        self.column = column
        self.message = message
        super().__init__(f"line {line}, column {column}: {message}")


@dataclass(frozen=True, slots=True)
class TrfGame:
    """One round of a player: ``opponent`` 0 = none; ``colour`` 'w', 'b' or '-'; ``result`` one
    code character (' ' = paired, not played yet)."""

    opponent: int
    colour: str
    result: str


@dataclass(frozen=True, slots=True)
class TrfPlayer:
    start_rank: int
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: float | None = None
    rank: int | None = None
    games: tuple[TrfGame | None, ...] = ()

    def game(self, round_number: int) -> TrfGame | None:
        if 1 <= round_number <= len(self.games):
            return self.games[round_number - 1]
        return None


@dataclass(frozen=True, slots=True)
class TrfForbidden:
    """Players (starting ranks) none of whom may meet another: a ``260`` line (rounds
    ``first_round`` to ``last_round``) or an ``XXP`` line (``first_round`` None: every round).
    Iterating gives the starting ranks."""

    ranks: tuple[int, ...]
    first_round: int | None = None
    last_round: int | None = None

    def __iter__(self) -> Iterator[int]:
        return iter(self.ranks)

    def covers(self, round_number: int) -> bool:
        if self.first_round is None:
            return True
        last = self.last_round if self.last_round is not None else self.first_round
        return self.first_round <= round_number <= last


@dataclass(slots=True)
class TrfEvent:
    """A whole TRF file: players, rounds (``XXR`` / ``142``), initial colour (``XXC`` / ``152``:
    "w" the top seed moves first in round 1, "b" second), requested byes (``240``: starting rank
    -> [(round, code)]), forbidden pairs (``260`` / ``XXP``), the other records in order (point
    settings ``BB?`` / ``162`` among them, and any line not understood) and the comments.
    ``version`` is "2026" when the file had a TRF-2026 record, else "16"."""

    players: list[TrfPlayer]
    total_rounds: int | None = None
    records: list[tuple[str, str]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    initial_colour: str | None = None
    requested_byes: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    forbidden: list[TrfForbidden] = field(default_factory=list)
    version: str = "16"

    def record(self, code: str) -> str | None:
        for c, value in self.records:
            if c == code:
                return value
        return None

    @property
    def rounds_in_file(self) -> int:
        return max((len(p.games) for p in self.players), default=0)

    def bye_request(self, start_rank: int, round_number: int) -> str | None:
        """The ``240`` bye code of a player for a round, if any."""
        for rnd, code in self.requested_byes.get(start_rank, ()):
            if rnd == round_number:
                return code
        return None


__all__ = ["BYE_CODES", "TrfError", "TrfEvent", "TrfForbidden", "TrfGame", "TrfPlayer"]
