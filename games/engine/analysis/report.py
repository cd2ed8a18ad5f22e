"""The analysis of a finished game: every placement and every swap decision judged.

``analyse_record`` replays a record (RECORD-FORMAT.md) and judges each decision from what the
player saw then: full mode, the rack held at that moment; board mode (no racks recorded), the
tiles the player placed in that turn, which were on the rack when it began (bonus placements
included). Each placement is judged on its own, in the turn's order, so the order of a turn's
bonus placements is judged too. A swap decision is judged wherever the rules allowed one (full
mode) or where one was taken (board mode: otherwise the rack is unknown).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..game import Game
from ..gamerecord import Record
from ..phases import may_swap
from ..position import POST
from ..score_track import lowest_colours
from ..tiles import KIND_INDEX, TILE_KINDS, tile_kind
from .evaluation import held_kinds
from .grading import grade
from .playout import rack_seen
from .search import (
    DEFAULT_BUDGET,
    KEEP,
    SWAP,
    Budget,
    Judged,
    PlacementAnalysis,
    Stats,
    analyse_placement,
    analyse_swap,
    paired_loss,
)

#: how many of the best placements each judgement lists
SHOWN = 3


def _describe(game: Game, j: Judged, solitaire: bool) -> dict[str, Any]:
    p = j.placement
    names = game.geo.names
    out: dict[str, Any] = {
        "tile": p.tile,
        "cells": [names[p.a], names[p.b]],
        "gains": p.gains,
        "raw": p.raw,
        "lowest": {"level": min(p.after), "colours": lowest_colours(p.after)},
        "bonus": p.bonus,
        "static": round(p.static, 3),
        "static_rank": j.static_rank,
    }
    if j.stats.worlds:
        out["sim"] = j.stats.as_dict(solitaire)
    return out


def _lost(best: Stats, chosen: Stats, solitaire: bool) -> tuple[float, float]:
    """What the chosen option lost against the best (win-% points, solitaire: levels): the mean
    over the worlds and the 95 % half-width of that mean."""
    mean, half = paired_loss(best, chosen)
    scale = 1.0 if solitaire else 100.0
    return max(0.0, mean * scale), half * scale


def _judged(out: dict[str, Any], lost: tuple[float, float] | None, solitaire: bool) -> None:
    """Add the loss and the grade: graded by what is lost for sure (the mean less its 95 %
    half-width), so that the luck of the sampled worlds is no mistake."""
    key = "lowest_lost" if solitaire else "win_chance_lost"
    if lost is None:
        out[key] = out["uncertainty"] = out["grade"] = None
        return
    mean, half = lost
    out[key] = round(mean, 2)
    out["uncertainty"] = round(half, 2)
    out["grade"] = grade(max(0.0, mean - half), solitaire)


def judge_placement(
    game: Game,
    index: int,
    action: dict[str, Any],
    kinds: list[str],
    known: list[int],
    own_size: int,
    budget: Budget,
    seed: int | str,
) -> dict[str, Any]:
    """The judgement of one ``place`` action, before it is applied to ``game``."""
    seat = action["player"]
    tile = action["tile"]
    a, b = game.index[action["cells"][0]], game.index[action["cells"][1]]
    if game.track <= 18 and a > b:  # the engine lists each single-track placement one way
        tile, a, b = tile[::-1], b, a
    side = game.side_of_seat[seat]
    low_before = lowest_colours(game._scores[side])
    found: PlacementAnalysis = analyse_placement(
        game, seat, kinds, known, own_size, budget, f"{seed}:{index}", [(tile, a, b)]
    )
    rank = found.rank_of(tile, a, b)
    assert rank is not None, "a legal placement is among the ranked ones"
    played = found.ranked[rank - 1]
    best = found.best
    solitaire = found.solitaire
    if best is played:
        lost: tuple[float, float] | None = (0.0, 0.0)
    elif best.stats.worlds and played.stats.worlds:
        lost = _lost(best.stats, played.stats, solitaire)
    else:
        lost = None
    bp, pp = best.placement, played.placement
    out: dict[str, Any] = {
        "index": index,
        "type": "place",
        "seat": seat,
        "turn_placement": game.placed_turn + 1 if game.phase != POST else 1,
        "lowest_before": {"level": min(game._scores[side]), "colours": low_before},
        "legal": len(found.ranked),
        "played": {**_describe(game, played, solitaire), "rank": rank},
        "best": [_describe(game, j, solitaire) for j in found.ranked[:SHOWN]],
        "points_missed": {
            "raw": bp.raw_total - pp.raw_total,
            "lowest": bp.gain_on(low_before) - pp.gain_on(low_before),
        },
    }
    _judged(out, lost, solitaire)
    return out


def judge_swap(
    game: Game,
    index: int,
    taken: bool,
    known: list[int],
    own_size: int,
    budget: Budget,
    seed: int | str,
) -> dict[str, Any]:
    """The judgement of the swap decision after action ``index`` (``game`` is in ``POST``)."""
    seat = game.turn
    found = analyse_swap(game, seat, known, own_size, budget, f"{seed}:{index}:swap")
    solitaire = found.solitaire
    chosen, other = (found.swap, found.keep) if taken else (found.keep, found.swap)
    best = found.best
    lost = _lost(other, chosen, solitaire) if best != (SWAP if taken else KEEP) else (0.0, 0.0)
    verdict = {
        (True, SWAP): "taken",
        (True, KEEP): "taken, keeping was better",
        (False, SWAP): "missed",
        (False, KEEP): "declined",
    }[(taken, best)]
    out: dict[str, Any] = {
        "index": index,
        "type": "swap",
        "seat": seat,
        "taken": taken,
        "best": best,
        "verdict": verdict,
        SWAP: found.swap.as_dict(solitaire),
        KEEP: found.keep.as_dict(solitaire),
    }
    _judged(out, lost, solitaire)
    return out


def _turn_kinds(game: Game, actions: list[dict[str, Any]], i: int) -> list[str]:
    """Board mode: the kinds ``actions[i]``'s seat places in this turn from ``i`` on (they were
    on its rack), at most what a rack holds."""
    seat = actions[i]["player"]
    _known, size = rack_seen(game, seat)
    out: list[str] = []
    for a in actions[i : i + size]:
        if a.get("type") != "place" or a.get("player") != seat:
            break
        out.append(tile_kind(a["tile"]))
    return out


def _counts(kinds: list[str]) -> list[int]:
    counts = [0] * len(TILE_KINDS)
    for k in kinds:
        counts[KIND_INDEX[k]] += 1
    return counts


def analyse_record(
    record: Record,
    budget: Budget = DEFAULT_BUDGET,
    seed: int = 0,
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Every placement and swap decision of a legal record judged, in the record's order.
    Raises ``IllegalAction`` at an illegal action (check the record first)."""
    game = record.new_game()
    actions = record.actions
    out: list[dict[str, Any]] = []

    def emit(entry: dict[str, Any]) -> None:
        out.append(entry)
        if progress is not None:
            progress(entry)

    for i, action in enumerate(actions):
        if action.get("type") == "place":
            seat = action["player"]
            if game.full:
                kinds = held_kinds(game, seat)
                known, own_size = game.rack[seat][:], game.rack_len[seat]
            else:
                kinds = _turn_kinds(game, actions, i)
                _unknown, own_size = rack_seen(game, seat)
                known = _counts(kinds)
            emit(judge_placement(game, i, action, kinds, known, own_size, budget, seed))
        game.apply(action)
        if action.get("type") != "place" or game.phase != POST:
            continue
        if not game.ruleset.swap_allowed:
            continue
        seat = game.turn
        nxt = actions[i + 1] if i + 1 < len(actions) else None
        taken = nxt is not None and nxt.get("type") == "swap" and nxt.get("player") == seat
        if game.full and may_swap(game, seat):
            emit(judge_swap(game, i, taken, game.rack[seat][:], game.rack_len[seat], budget, seed))
        elif not game.full and taken and nxt is not None:
            shown = [tile_kind(k) for k in nxt["rack"]]
            emit(judge_swap(game, i, True, _counts(shown), len(shown), budget, seed))
    return out


def summary(judgements: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """Per seat: decisions judged, agreement with the engine's first and top three choices,
    the mean win chance (solitaire: level) lost and the grades."""
    seats: list[dict[str, Any]] = []
    for seat in range(players):
        mine = [j for j in judgements if j["seat"] == seat]
        places = [j for j in mine if j["type"] == "place"]
        key = "lowest_lost" if any("lowest_lost" in j for j in mine) else "win_chance_lost"
        losses = [j[key] for j in mine if j.get(key) is not None]
        grades: dict[str, int] = {}
        for j in mine:
            if j.get("grade"):
                grades[j["grade"]] = grades.get(j["grade"], 0) + 1
        seats.append(
            {
                "seat": seat,
                "placements": len(places),
                "swap_decisions": len(mine) - len(places),
                "first_choice": sum(1 for j in places if j["played"]["rank"] == 1),
                "top_three": sum(1 for j in places if j["played"]["rank"] <= SHOWN),
                "mean_" + key: round(sum(losses) / len(losses), 2) if losses else None,
                "grades": grades,
            }
        )
    return {"seats": seats}
