"""Advance player states by a round's results (for callers, simulations and the benchmark)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from .model import Outcome, PlayerState, RoundPairing, Scoring


def float_of(score: float, opponent_score: float) -> str | None:
    """'down' when meeting a lower score, 'up' when meeting a higher one, else None."""
    if score > opponent_score + 1e-9:
        return "down"
    if score < opponent_score - 1e-9:
        return "up"
    return None


def apply_results(
    players: Sequence[PlayerState],
    pairing: RoundPairing,
    results: Mapping[int, Outcome],
    scoring: Scoring | None = None,
) -> list[PlayerState]:
    """New states after ``pairing`` was played with ``results`` (board -> outcome for the first
    player: "first" won, "second" won, "draw").

    The bye scores ``scoring.bye`` and counts as a pairing-allocated bye and a down-float;
    a requested bye scores ``scoring.requested_bye``; withdrawn players score ``scoring.absent``.
    Every player gets one new entry in ``firsts`` and ``floats``.
    """
    sc = scoring or Scoring()
    by_id = {p.id: p for p in players}
    updates: dict[int, tuple[float, int | None, bool | None, str | None, int]] = {}
    for pr in pairing.pairings:
        a = by_id[pr.first]
        if pr.second is None:
            updates[a.id] = (sc.bye, None, None, "down", 1)
            continue
        b = by_id[pr.second]
        outcome = results.get(pr.board)
        if outcome is None:
            raise ValueError(f"no result for board {pr.board}")
        if outcome == "first":
            pa, pb = sc.win, sc.loss
        elif outcome == "second":
            pa, pb = sc.loss, sc.win
        elif outcome == "draw":
            pa, pb = sc.draw, sc.draw
        else:
            raise ValueError(f"board {pr.board}: unknown outcome {outcome!r}")
        updates[a.id] = (pa, b.id, True, float_of(a.score, b.score), 0)
        updates[b.id] = (pb, a.id, False, float_of(b.score, a.score), 0)
    out: list[PlayerState] = []
    for p in players:
        if p.id in updates:
            pts, opp, first, flt, bye = updates[p.id]
            out.append(
                replace(
                    p,
                    score=p.score + pts,
                    opponents=p.opponents + ((opp,) if opp is not None else ()),
                    firsts=(*p.firsts, first),
                    floats=(*p.floats, flt),
                    byes=p.byes + bye,
                    wants_bye=False,
                )
            )
        else:
            pts = sc.requested_bye if (p.active and p.wants_bye) else sc.absent
            out.append(
                replace(
                    p,
                    score=p.score + pts,
                    firsts=(*p.firsts, None),
                    floats=(*p.floats, None),
                    wants_bye=False,
                )
            )
    return out


__all__ = ["apply_results", "float_of"]
