"""Inputs and outputs of the pairing package (plain dataclasses, no Django)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .notes import Note, english

#: Pairing systems understood by :func:`tournament.pairing.systems.pair_round`.
SYSTEMS: tuple[str, ...] = ("auto", "round-robin", "double-round-robin", "swiss")

#: With this many players or fewer, ``auto`` plays all-play-all (MSO rules).
ROUND_ROBIN_MAX_PLAYERS = 10

#: Outcome of one game, from the point of view of the pairing's first player.
Outcome = Literal["first", "second", "draw"]


class PairingError(Exception):
    """Base class of the package's errors."""


class NoPairingError(PairingError):
    """No legal pairing exists for the round (rematches or second byes would be needed)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One entrant as the pairing sees them before a round.

    ``rank`` is the starting rank (pairing number, 1 = top seed); ties in score are broken by it.
    ``opponents`` lists the ids already met (they may not meet again). ``firsts`` has one entry per
    past round: True moved first, False moved second, None no game. ``byes`` counts the
    pairing-allocated byes received (requested byes do not count). ``floats`` has one entry per
    past round: "up", "down" or None. Withdrawn players (``active=False``) and players who asked
    for a bye this round (``wants_bye=True``) are not paired. ``forbidden`` lists ids this player
    may not be paired with (a director's restriction: absolute unless no pairing exists, then it
    gives way and ``RoundPairing.notes`` says which pair). ``forfeit_wins`` counts wins by
    forfeit: like ``byes``, any gives no pairing-allocated bye while another player can take it.
    """

    id: int
    rank: int
    score: float = 0.0
    opponents: tuple[int, ...] = ()
    firsts: tuple[bool | None, ...] = ()
    byes: int = 0
    floats: tuple[str | None, ...] = ()
    active: bool = True
    wants_bye: bool = False
    forbidden: tuple[int, ...] = ()
    forfeit_wins: int = 0


#: Accelerations understood by :func:`tournament.pairing.systems.pair_round` (FIDE C.04.5.1 Baku).
ACCELERATIONS: tuple[str, ...] = ("baku",)


@dataclass(frozen=True, slots=True)
class Pairing:
    """One board of a round. ``second`` is None for the bye; ``first`` moves first. ``reasons``
    says why, clause by clause (``reason``: in English, as one sentence)."""

    board: int
    first: int
    second: int | None
    reasons: tuple[Note, ...] = ()

    @property
    def is_bye(self) -> bool:
        return self.second is None

    @property
    def reason(self) -> str:
        return english(self.reasons)


@dataclass(frozen=True, slots=True)
class RoundPairing:
    """The pairings of one round, ordered by board (top boards = highest scores, bye last)."""

    round_number: int
    system: str
    pairings: list[Pairing]
    requested_byes: list[int] = field(default_factory=list)
    absent: list[int] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)

    @property
    def bye(self) -> int | None:
        """Id of the player given the (pairing-allocated) bye, if any."""
        for p in self.pairings:
            if p.second is None:
                return p.first
        return None

    @property
    def games(self) -> list[Pairing]:
        return [p for p in self.pairings if p.second is not None]


@dataclass(frozen=True, slots=True)
class Scoring:
    """Victory points (MSO defaults; configurable per event)."""

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    bye: float = 1.0
    requested_bye: float = 0.5
    absent: float = 0.0


def format_score(score: float) -> str:
    """Score as a director writes it: 3, 2½, ½."""
    whole = int(score)
    frac = score - whole
    if abs(frac) < 1e-9:
        return str(whole)
    if abs(frac - 0.5) < 1e-9:
        return f"{whole}½" if whole else "½"
    return f"{score:g}"
