"""Baku acceleration (FIDE C.04.5.1) for large Swiss fields.

Before round 1 the field, in starting-rank order, is split: group A is the first half rounded up
to an even number (2 x ceil(n / 4)), group B the rest. The accelerated rounds are the first half
(rounded up) of the event; before the first half (rounded up) of them, every group A player gets
1 virtual point, before the others 1/2; nobody else ever gets one. Virtual points only steer the
pairing (score groups and floats); results and standings never see them. Late entries are not
modelled: group A is fixed from the registered players' starting ranks, withdrawn ones included.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .model import PlayerState
from .notes import Note, note


def group_a_size(n_players: int) -> int:
    """2 x ceil(n / 4): the first half of the field, rounded up to an even number."""
    return 2 * -(-n_players // 4)


def virtual_points(round_number: int, total_rounds: int) -> float:
    """Virtual points of a group A player before ``round_number`` (0 after the accelerated
    rounds): 1 in the first half (rounded up) of them, then 1/2."""
    accelerated = -(-total_rounds // 2)
    full = -(-accelerated // 2)
    if round_number <= full:
        return 1.0
    if round_number <= accelerated:
        return 0.5
    return 0.0


def accelerate(
    players: Sequence[PlayerState], round_number: int, total_rounds: int
) -> tuple[list[PlayerState], Note | None]:
    """The states to pair with (group A's virtual points added) and the note saying so, or the
    states unchanged and None when the round is not accelerated."""
    points = virtual_points(round_number, total_rounds)
    if points == 0.0 or not players:
        return list(players), None
    by_rank = sorted(players, key=lambda p: (p.rank, p.id))
    size = group_a_size(len(by_rank))
    group_a = {p.id for p in by_rank[:size]}
    out = [replace(p, score=p.score + points) if p.id in group_a else p for p in players]
    last = by_rank[size - 1].rank if size <= len(by_rank) else by_rank[-1].rank
    accelerated = -(-total_rounds // 2)
    said = note(
        "Baku acceleration (round %(round)s of %(accelerated)s accelerated): group A "
        "(starting ranks up to #%(last)s, %(players)s players) paired with %(points)s "
        "virtual point; the scores in the reasons include it",
        round=round_number,
        accelerated=accelerated,
        last=last,
        players=min(size, len(by_rank)),
        points="1" if points == 1.0 else "½",
    )
    return out, said


__all__ = ["accelerate", "group_a_size", "virtual_points"]
