"""Think times against difficulty, for the fair-play report's online games: each timed placement
paired with the engine's judgement of it, sorted easy or hard (scoring.core.difficulty), and the
players whose hard placements took no longer than their easy ones, far below the field.

A person usually thinks longer on a hard placement than on an easy one; a player relaying an
assistant's choices often shows flat times (a ratio near 1) or fast hard placements. Like the
rest of the report this is a screening, never a proof: a player may have seen the hard
placement coming in the opponent's time.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.focus.selectors import Think
from scoring.core.difficulty import EASY, HARD, difficulty
from scoring.core.outliers import apart

#: A player with fewer easy or fewer hard placements timed is not compared with the field.
MIN_TIMED = 10
#: The field's spread of log ratios is taken as at least this (a factor of 1.28), so that a
#: field of near-equal ratios does not mark a player for a few per cent.
MIN_SPREAD = 0.25
#: A ratio taken as at least this before its log (a median of 0 s on hard placements).
FLOOR = 0.01


def timed_by_difficulty(
    judgements: Iterable[Mapping[str, Any]], seat: int, thinks: Iterable[Think]
) -> tuple[list[float], list[float]]:
    """The seat's think times (seconds) on its easy and on its hard placements: a judgement and
    a think time are the same placement when the judgement's ``index`` (its step in the record)
    is the think's ``step``; a placement without either is left out."""
    by_step = {t.step: t for t in thinks if t.seat == seat}
    easy: list[float] = []
    hard: list[float] = []
    for j in judgements:
        if j.get("type") != "place" or j.get("seat") != seat:
            continue
        think = by_step.get(j["index"])
        if think is None:
            continue
        level = difficulty(j)
        if level == EASY:
            easy.append(think.seconds)
        elif level == HARD:
            hard.append(think.seconds)
    return easy, hard


@dataclass(frozen=True)
class ThinkField:
    compared: int  # players with at least MIN_TIMED easy and MIN_TIMED hard placements timed
    marked: frozenset[int]  # their keys, far below the others


def far_below(ratios: Mapping[int, float], far: float, min_field: int) -> ThinkField:
    """Of the players compared (by key: their hard/easy ratio), those whose ratio's log is
    ``far`` standard deviations or more below the mean of the *others'* logs (a field of at
    least ``min_field`` players). Each is set against the others: counted in its own field, one
    player of five could never stand two deviations apart."""
    logs = {key: math.log(max(ratio, FLOOR)) for key, ratio in ratios.items()}
    return ThinkField(len(logs), apart(logs, far, min_field, MIN_SPREAD, above=False))
