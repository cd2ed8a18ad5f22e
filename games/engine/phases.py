"""The turn machine: whose turn it is, the bonus placements owed and when a swap may come.

Turn structure (RULINGS.md, RECORD-FORMAT.md): a turn is one placement, the bonus placements it
earns, then optionally a swap, then (full mode) the refill draw. In full mode the game starts with
each seat drawing its rack, in seat order. Phases: ``SETUP`` (first racks) -> ``PLACE`` (the
placement, then any bonus placements) -> ``POST`` (the seat may swap; full mode: refill) ->
``SWAP_DRAW`` (full mode, after a swap: a new rack) -> ``PLACE`` for the next seat; ``OVER``.

The rules (``placing``, ``drawing``, ``rules``) check an action, change the position, then call
these functions for the phase that follows.
"""

from __future__ import annotations

from collections.abc import Iterable

from .position import MODES, OVER, PLACE, POST, SETUP, SWAP_DRAW, Position
from .score_track import BOARD_TOP, lowest_colours
from .tiles import KIND_CODES

__all__ = [
    "KINDS_SHOWING",
    "MODES",
    "OVER",
    "PLACE",
    "POST",
    "SETUP",
    "SWAP_DRAW",
    "after_draw",
    "begin_turn_after",
    "bonus_earned",
    "bonus_owed",
    "end_placement",
    "may_swap",
    "next_seat",
    "placement_seat",
    "swap_seat",
    "to_move",
    "turn_seat",
]

#: for each set of colours (a bit mask over R G B O Y P), the kinds showing any of them
KINDS_SHOWING: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        k for k, (c1, c2) in enumerate(KIND_CODES) if mask >> (c1 - 1) & 1 or mask >> (c2 - 1) & 1
    )
    for mask in range(64)
)


# ---------------------------------------------------------------------- whose turn


def next_seat(pos: Position, seat: int) -> int:
    """The seat after ``seat``, skipping seats that have flagged."""
    n = pos.players
    flagged = pos._flagged
    if not flagged:
        return (seat + 1) % n
    for k in range(1, n + 1):
        s = (seat + k) % n
        if s not in flagged:
            return s
    return (seat + 1) % n


def begin_turn_after(pos: Position, seat: int) -> None:
    """The next turn begins: the seat after ``seat`` (skipping flagged seats) is to place."""
    pos.phase = PLACE
    pos.turn = (seat + 1) % pos.players if not pos._flagged else next_seat(pos, seat)
    pos.placed_turn = 0
    pos.owed = 0


def to_move(pos: Position) -> int | None:
    """The seat expected to act next (``None`` when the game is over).

    In board mode after a turn's placements the next seat is named, although the seat that
    just placed may still swap (see ``swap_seat``).
    """
    ph = pos.phase
    if ph == OVER:
        return None
    if ph == SETUP:
        return pos.setup_next
    if ph == POST and not pos.full:
        return next_seat(pos, pos.turn)
    return pos.turn


def turn_seat(pos: Position) -> int | None:
    """The seat whose turn is in progress (or whose placements just ended)."""
    if pos.phase == SETUP or (pos.phase == OVER and pos.plies == 0):
        return None
    return pos.turn


def placement_seat(pos: Position) -> int | None:
    """The seat whose placement is due, or ``None`` (game over, or a draw is due first)."""
    if pos.phase == PLACE:
        return pos.turn
    if pos.phase == POST and not pos.full:
        return to_move(pos)
    return None


# ---------------------------------------------------------------------- bonus placements


def bonus_owed(pos: Position) -> int:
    """Bonus placements the turn's seat still has to make."""
    return pos.owed if pos.phase == PLACE else 0


def bonus_earned(pos: Position, before: list[int], after: list[int], c1: int, c2: int) -> int:
    """Bonus placements a placement of colours ``c1``, ``c2`` earns, the side's track going from
    ``before`` to ``after``."""
    if pos.bonus_mode == 0:
        return 0
    marks = 0
    for c in {c1, c2}:
        v0, v1 = before[c - 1], after[c - 1]
        marks += (v0 < BOARD_TOP <= v1) + (v0 < pos.track == v1 and pos.track > BOARD_TOP)
    return min(marks, 1) if pos.bonus_mode == 2 else marks


def end_placement(pos: Position, p: int, side: int, marks: int) -> None:
    """The phase after ``p``'s placement reached ``marks`` track ends for ``side``: game over
    (instant win, or no room left), a bonus placement owed, or the end of the placements."""
    if marks:
        if min(pos._scores[side]) == pos.track:
            pos.instant_winner = side
            pos.phase = OVER
            return
        bm = pos.bonus_mode
        if bm == 1:
            pos.owed += marks
        elif bm == 2:
            pos.owed += 1
    if not pos.empty_pairs:
        pos.phase = OVER
        return
    if pos.owed:
        left = pos.rack_len[p] if pos.full else pos.rack_size - pos.placed_turn
        if left > 0:
            pos.phase = PLACE
            return
        pos.owed = 0
    pos.phase = POST


# ---------------------------------------------------------------------- draws and swaps


def after_draw(pos: Position, p: int, ph: int) -> None:
    """The phase after ``p`` drew in phase ``ph`` (any tiles set aside by a swap are back in
    the bag already)."""
    if ph == SETUP:
        nxt = pos.setup_next + 1
        if nxt >= pos.players:
            pos.phase = PLACE
            pos.turn = 0
            pos.placed_turn = 0
            pos.owed = 0
        pos.setup_next = nxt
        return
    begin_turn_after(pos, p)


def swap_seat(pos: Position) -> int | None:
    """The seat that may swap now (timing only; eligibility depends on the rack)."""
    if pos.phase == POST and pos.ruleset.swap_allowed:
        return pos.turn
    return None


def may_swap(pos: Position, seat: int, rack: Iterable[str] | None = None) -> bool:
    """Whether ``seat`` may swap now: the timing, and eligibility of its rack (full mode: the
    rack held; board mode: ``rack`` if given, else only the timing is checked)."""
    if pos.phase != POST or not pos.ruleset.swap_allowed or pos.turn != seat:  # swap_seat
        return False
    sc = pos._scores[pos.side_of_seat[seat]]
    low = min(sc)
    if pos.full:
        lowmask = 0
        for i, v in enumerate(sc):
            if v == low:
                lowmask |= 1 << i
        return not any(map(pos.rack[seat].__getitem__, KINDS_SHOWING[lowmask]))
    if rack is None:
        return True
    lows = set(lowest_colours(sc))
    return not any(ch in lows for k in rack for ch in k)
