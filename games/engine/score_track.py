"""The score track: runs along lines, the 18 cap, the double track, and the result.

The board is a flat list of colour codes (0 empty, 1..6 colours; start symbols hold their
colour). A placement scores from each of its two cells along the five lines that do not point
into the tile's other cell: the unbroken run of that cell's colour (tiles and start symbols).

A track value is 0..18, or 0..36 on the double-length track (first board 0-18, then 18 + the
second board). Reaching 18 on the first board stops that symbol's scoring there (the rest of its
points are lost) and moves the counter to the second board; reaching the end of a board is a
"mark" that may earn a bonus placement.
"""

from __future__ import annotations

from collections.abc import Sequence

from .tiles import COLOURS

BOARD_TOP = 18


def run_points(board: Sequence[int], lines: tuple[tuple[int, ...], ...], colour: int) -> int:
    """Points one cell of colour ``colour`` scores along ``lines`` (its five scoring lines)."""
    pts = 0
    for line in lines:
        for x in line:
            if board[x] != colour:
                break
            pts += 1
    return pts


def advance(value: int, points: int, track: int) -> tuple[int, int]:
    """New track value after scoring ``points`` on ``value``, and the marks reached (0 or 1).

    Single track (18): capped at 18, points above are lost. Double track (36): a symbol's scoring
    stops at 18 on the first board; the second board runs 18..36.
    """
    if points <= 0 or value >= track:
        return value, 0
    top = BOARD_TOP if value < BOARD_TOP else track
    new = value + points
    if new >= top:
        return top, 1
    return new, 0


def result_key(scores: Sequence[int]) -> tuple[int, ...]:
    """Sort key of a side's result: lowest colour first, then second lowest, and so on."""
    return tuple(sorted(scores))


def winner(scores_by_side: Sequence[Sequence[int]]) -> int | None:
    """Index of the side with the best result, or ``None`` if the best result is shared."""
    keys = [result_key(s) for s in scores_by_side]
    best = max(keys)
    leaders = [i for i, k in enumerate(keys) if k == best]
    return leaders[0] if len(leaders) == 1 else None


def ranking(scores_by_side: Sequence[Sequence[int]]) -> list[int]:
    """Place (1 = best) of each side; tied sides share a place."""
    keys = [result_key(s) for s in scores_by_side]
    return [1 + sum(1 for o in keys if o > k) for k in keys]


def lowest_colours(scores: Sequence[int]) -> str:
    """Letters of the colours tied for lowest, e.g. ``"RO"``."""
    low = min(scores)
    return "".join(c for c, v in zip(COLOURS, scores, strict=True) if v == low)


def report(scores_by_side: Sequence[Sequence[int]], over: bool) -> dict[str, object]:
    """The MSO per-game report: each side's lowest level and the difference (side 0 - side 1).

    For games with other than two sides, ``difference`` lists each side's lowest level minus the
    best lowest level of the other sides.
    """
    lowest = [min(s) for s in scores_by_side]
    if len(lowest) == 2:
        difference: object = lowest[0] - lowest[1]
    elif len(lowest) == 1:
        difference = 0
    else:
        difference = [v - max(lowest[:i] + lowest[i + 1 :]) for i, v in enumerate(lowest)]
    w = winner(scores_by_side) if over else None
    points: list[float] | None = None
    if over and len(lowest) >= 2:
        points = [0.0] * len(lowest)
        if w is not None:
            points[w] = 1.0
        else:
            best = max(result_key(s) for s in scores_by_side)
            tied = [i for i, s in enumerate(scores_by_side) if result_key(s) == best]
            for i in tied:
                points[i] = 1.0 / len(tied)
    return {
        "over": over,
        "scores": [list(s) for s in scores_by_side],
        "lowest": lowest,
        "difference": difference,
        "winner": w,
        "victory_points": points,
    }
