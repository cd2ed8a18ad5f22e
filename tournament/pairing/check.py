"""``--dutch FILE -c``: check the rounds of a TRF file against our FIDE (Dutch) Swiss pairing.

Each round played is paired again from the state before it (the same players, the byes asked
for, the withdrawn), as ``--dutch FILE -p`` would have paired it, and compared with the file:
the pairs, the bye, and who moves first (TRF white). Every round that differs gives one line
per difference, with our reason. A round with a pairing-allocated bye keeps its receiver in the
field (the file's ``U`` of that round is the bye being checked, not a bye asked for).
"""

from __future__ import annotations

from dataclasses import replace

from .model import NoPairingError, RoundPairing
from .systems import pair_round
from .trf_model import TrfEvent
from .trf_states import game_of, rounds_played, trf_to_states


def _file_round(event: TrfEvent, rnd: int) -> tuple[dict[frozenset[int], int | None], int | None]:
    """The file's pairs of a round (pair -> the player with white, None if unknown) and its
    pairing-allocated bye."""
    pairs: dict[frozenset[int], int | None] = {}
    bye = None
    for p in event.players:
        g = game_of(event, p, rnd)
        if g is None:
            continue
        if g.opponent > 0:
            key = frozenset((p.start_rank, g.opponent))
            if g.colour == "w":
                pairs[key] = p.start_rank
            else:
                pairs.setdefault(key, None)
        elif g.result in ("U", "+"):
            bye = p.start_rank
    return pairs, bye


def _ours(event: TrfEvent, rnd: int, total: int) -> RoundPairing:
    states, _ = trf_to_states(event, rnd)
    _, bye = _file_round(event, rnd)
    if bye is not None:
        states = [replace(s, wants_bye=False) if s.id == bye else s for s in states]
    return pair_round(
        states,
        rnd,
        max(total, rnd),
        system="swiss",
        bye_policy="lowest-score",
        top_seed_first=event.initial_colour != "b",
    )


def check_round(event: TrfEvent, rnd: int, total: int) -> list[str]:
    """The differences between the file's round ``rnd`` and ours (empty: the same)."""
    pairs, bye = _file_round(event, rnd)
    try:
        rp = _ours(event, rnd, total)
    except NoPairingError as exc:
        return [f"round {rnd}: our rules find no legal pairing: {exc.message}"]
    out: list[str] = []
    ours = {frozenset((p.first, p.second or 0)): p for p in rp.games}
    for key, p in ours.items():
        if key not in pairs:
            out.append(
                f"round {rnd}: we pair {p.first}-{p.second}, the file does not "
                f"(board {p.board}: {p.reason})"
            )
        elif pairs[key] is not None and pairs[key] != p.first:
            out.append(
                f"round {rnd}: {p.first}-{p.second}: we give {p.first} the first move (white), "
                f"the file gives it to {pairs[key]} (board {p.board}: {p.reason})"
            )
    for key in pairs:
        if key not in ours:
            a, b = sorted(key)
            out.append(f"round {rnd}: the file pairs {a}-{b}, we do not")
    if rp.bye != bye:
        why = next((p.reason for p in rp.pairings if p.second is None), "no bye")
        out.append(
            f"round {rnd}: we give the bye to {rp.bye or 'nobody'}, the file to "
            f"{bye or 'nobody'} ({why})"
        )
    return out


def check_event(event: TrfEvent) -> list[str]:
    """Every difference, round by round, over the rounds the file has paired."""
    total = event.total_rounds or rounds_played(event)
    out: list[str] = []
    for rnd in range(1, rounds_played(event) + 1):
        out.extend(check_round(event, rnd, total))
    return out


__all__ = ["check_event", "check_round"]
