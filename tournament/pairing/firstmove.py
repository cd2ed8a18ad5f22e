"""Who moves first: the balance limits, each player's due, and the choice inside a pair.

Limits (MSO: "who moves first alternates as evenly as possible"): nobody moves first (or second)
three games in a row, and nobody's firsts and seconds differ by more than 2. Rounds without a game
(byes, absences) are skipped when counting.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .model import PlayerState
from .notes import Note, note

FIRST = 1
SECOND = -1
NONE = 0

#: Strengths of a due, weakest to strongest.
NO_DUE = 0
ALTERNATE = 1  # alternate with the last game
BALANCE = 2  # one more second than firsts (or the reverse)
ABSOLUTE = 3  # a limit would be broken otherwise


@dataclass(frozen=True, slots=True)
class Due:
    """What a player is due next: ``direction`` FIRST / SECOND / NONE with a ``strength``."""

    firsts: int
    seconds: int
    last: bool | None  # True = moved first in the last game played
    streak: int  # games in a row with the colour of the last game
    direction: int
    strength: int
    why: Note = field(compare=False)  # follows from the rest: the cached costs need not hash it

    @property
    def diff(self) -> int:
        return self.firsts - self.seconds


def _why_absolute(want_first: bool, streak_last: bool | None, streak: int, diff: int) -> Note:
    if want_first:
        if streak_last is False and streak >= 2:
            if streak == 2:
                return note("had second twice in a row")
            return note("had second %(count)s in a row", count=streak)
        return note("seconds outnumber firsts by %(count)s", count=-diff)
    if streak_last is True and streak >= 2:
        if streak == 2:
            return note("had first twice in a row")
        return note("had first %(count)s in a row", count=streak)
    return note("firsts outnumber seconds by %(count)s", count=diff)


def due_of(firsts: Sequence[bool | None]) -> Due:
    played = [c for c in firsts if c is not None]
    nf = sum(1 for c in played if c)
    ns = len(played) - nf
    diff = nf - ns
    last = played[-1] if played else None
    streak = 0
    for c in reversed(played):
        if c is last:
            streak += 1
        else:
            break
    must_first = (last is False and streak >= 2) or diff <= -2
    must_second = (last is True and streak >= 2) or diff >= 2
    if must_first and must_second:
        # Cannot happen while the limits are kept; whatever this player gets breaks one.
        direction = FIRST if diff < 0 else SECOND if diff > 0 else (SECOND if last else FIRST)
        return Due(nf, ns, last, streak, direction, ABSOLUTE, note("no colour keeps the limits"))
    if must_first:
        return Due(nf, ns, last, streak, FIRST, ABSOLUTE, _why_absolute(True, last, streak, diff))
    if must_second:
        return Due(nf, ns, last, streak, SECOND, ABSOLUTE, _why_absolute(False, last, streak, diff))
    counts = {"firsts": nf, "seconds": ns}
    if diff < 0:
        why = note("more seconds (%(seconds)s) than firsts (%(firsts)s)", **counts)
        return Due(nf, ns, last, streak, FIRST, BALANCE, why)
    if diff > 0:
        why = note("more firsts (%(firsts)s) than seconds (%(seconds)s)", **counts)
        return Due(nf, ns, last, streak, SECOND, BALANCE, why)
    if last is not None:
        if last:
            return Due(nf, ns, last, streak, SECOND, ALTERNATE, note("moved first last game"))
        return Due(nf, ns, last, streak, FIRST, ALTERNATE, note("moved second last game"))
    return Due(nf, ns, last, streak, NONE, NO_DUE, note("no games yet"))


def breaks_limits(due: Due, gets_first: bool) -> bool:
    """Would moving first (or second) now break a limit for this player?"""
    diff = due.diff + (1 if gets_first else -1)
    streak = due.streak + 1 if due.last is gets_first else 1
    return abs(diff) > 2 or streak >= 3


def _unmet(due: Due, gets_first: bool) -> int:
    if due.direction == NONE:
        return 0
    if (due.direction == FIRST) == gets_first:
        return 0
    return due.strength


def seat_cost(a: Due, b: Due, a_first: bool) -> tuple[int, int, int]:
    """(limit breaks, players not given their due, strength of those dues) of one seating."""
    hard = int(breaks_limits(a, a_first)) + int(breaks_limits(b, not a_first))
    count = 0
    strength = 0
    for due, gets_first in ((a, a_first), (b, not a_first)):
        if breaks_limits(due, gets_first):
            continue
        unmet = _unmet(due, gets_first)
        if unmet:
            count += 1
            strength += unmet
    return hard, count, strength


def pair_cost(a: Due, b: Due) -> tuple[int, int, int]:
    """Best (limit breaks, unmet dues, their strength) over the two ways to seat a pair."""
    return min(seat_cost(a, b, True), seat_cost(a, b, False))


def choose_first(
    a: PlayerState,
    b: PlayerState,
    *,
    a_ranks_higher: bool,
    board: int,
    dues: dict[int, Due] | None = None,
    top_seed_first: bool = True,
) -> tuple[PlayerState, PlayerState, Note]:
    """Seat a pair: returns (first, second, why the first player moves first).

    Order of rules: keep the limits; give both their due; give the stronger due; with equal dues,
    alternate from the last round in which the two had different turns; else the higher-placed
    player (score, then starting rank: ``a_ranks_higher``) gets their due. With no history at
    all, the higher-placed player moves first on odd boards and second on even boards (the
    reverse when ``top_seed_first`` is False: TRF initial colour black). The reason names the
    other player when their due decided.
    """
    da = dues[a.id] if dues is not None else due_of(a.firsts)
    db = dues[b.id] if dues is not None else due_of(b.firsts)

    def seat(
        a_first: bool, decider: PlayerState, why: Note
    ) -> tuple[PlayerState, PlayerState, Note]:
        first, second = (a, b) if a_first else (b, a)
        if decider is not first:
            why = note("#%(rank)s %(why)s", rank=decider.rank, why=why)
        return first, second, why

    def grant(decider: PlayerState, due: Due, why: Note) -> tuple[PlayerState, PlayerState, Note]:
        return seat((due.direction == FIRST) == (decider is a), decider, why)

    hard_a = seat_cost(da, db, True)[0]
    hard_b = seat_cost(da, db, False)[0]
    if hard_a != hard_b:
        a_first = hard_a < hard_b
        first_due = da if a_first else db
        if first_due.direction == FIRST and first_due.strength == ABSOLUTE:
            return seat(a_first, a if a_first else b, first_due.why)
        return seat(a_first, b if a_first else a, (db if a_first else da).why)
    wants_a, wants_b = da.direction, db.direction
    if wants_a == NONE and wants_b == NONE:
        higher_first = (board % 2 == 1) == top_seed_first
        a_first = higher_first == a_ranks_higher
        if higher_first:
            why = (
                note("no games yet: higher-ranked moves first on odd boards")
                if top_seed_first
                else note("no games yet: higher-ranked moves first on even boards")
            )
        else:
            why = (
                note("no games yet: lower-ranked moves first on even boards")
                if top_seed_first
                else note("no games yet: lower-ranked moves first on odd boards")
            )
        return seat(a_first, a if a_first else b, why)
    if NONE in (wants_a, wants_b):
        return grant(a, da, da.why) if wants_a != NONE else grant(b, db, db.why)
    if wants_a != wants_b:
        a_first = wants_a == FIRST
        return seat(a_first, a if a_first else b, (da if a_first else db).why)
    if da.strength != db.strength:
        if da.strength > db.strength:
            return grant(a, da, note("%(why)s, the stronger due", why=da.why))
        return grant(b, db, note("%(why)s, the stronger due", why=db.why))
    for rnd in range(min(len(a.firsts), len(b.firsts)) - 1, -1, -1):
        ca, cb = a.firsts[rnd], b.firsts[rnd]
        if ca is not None and cb is not None and ca != cb:
            a_first = not ca
            why = note("alternating from round %(round)s", round=rnd + 1)
            return seat(a_first, a if a_first else b, why)
    if a_ranks_higher:
        return grant(a, da, note("%(why)s; equal dues, higher-placed", why=da.why))
    return grant(b, db, note("%(why)s; equal dues, higher-placed", why=db.why))


__all__ = [
    "ABSOLUTE",
    "ALTERNATE",
    "BALANCE",
    "Due",
    "breaks_limits",
    "choose_first",
    "due_of",
    "pair_cost",
    "seat_cost",
]
