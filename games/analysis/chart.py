"""The chart of a game's analysis: the win chance over the game, drawn as inline SVG (no
script library: a polyline per line, a dot per mistake and blunder, a cursor the viewer moves).

Each placement judged gives the mover's simulated result after the placement played: with two
sides, its side's chance to win, drawn as the first side's (the other's is the rest); at a table
of 3 or 4, each seat's expected victory points (a line per seat); in solitaire, the expected
final lowest level (0 to 18).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.html import escape
from django.utils.translation import gettext as _

WIDTH, HEIGHT, PAD = 320.0, 120.0, 6.0
#: solitaire's scale: the lowest level of a track of 18
SOLITAIRE_TOP = 18.0
MARKED = ("mistake", "blunder")


def _points(
    judgements: Sequence[dict[str, Any]], sides: int, solitaire: bool
) -> dict[int, list[tuple[int, float, str]]]:
    """Per line: (viewer step, value 0..1, grade) of each placement judged with a result."""
    lines: dict[int, list[tuple[int, float, str]]] = {}
    for j in judgements:
        sim = j.get("played", {}).get("sim") if j["type"] == "place" else None
        if not sim:
            continue
        seat, step, grade = j["seat"], j["index"] + 1, j.get("grade") or ""
        if solitaire:
            lines.setdefault(0, []).append((step, sim["lowest"] / SOLITAIRE_TOP, grade))
        elif sides == 2:
            win = float(sim["win"])
            lines.setdefault(0, []).append((step, win if seat % 2 == 0 else 1 - win, grade))
        else:
            lines.setdefault(seat, []).append((step, float(sim["win"]), grade))
    return lines


def win_chart(
    judgements: Sequence[dict[str, Any]],
    steps: int,
    sides: int,
    names: list[str],
    solitaire: bool,
) -> tuple[str, list[dict[str, Any]]]:
    """The chart's SVG and its legend (a line's class and words)."""
    lines = _points(judgements, sides, solitaire)
    if not lines:
        return "", []
    span = max(1, steps)

    def x(step: int) -> float:
        return PAD + (WIDTH - 2 * PAD) * step / span

    def y(value: float) -> float:
        return HEIGHT - PAD - (HEIGHT - 2 * PAD) * min(1.0, max(0.0, value))

    if solitaire:
        title = _("Expected final lowest level after each placement (0 to 18)")
        legend = [{"line": 0, "text": names[0] if names else ""}]
    elif sides == 2:
        first = names[0] if names else ""
        title = _("%(name)s's chance to win after each placement") % {"name": first}
        legend = [{"line": 0, "text": _("%(name)s's chance to win") % {"name": first}}]
    else:
        title = _("Each player's expected victory points after their placements")
        legend = [
            {"line": seat, "text": names[seat] if seat < len(names) else "?"}
            for seat in sorted(lines)
        ]
    parts = [
        f'<svg class="win-chart" viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" role="img" '
        f'data-steps="{span}" data-pad="{PAD}" aria-label="{escape(title)}" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>',
        f'<rect class="chart-frame" x="{PAD}" y="{PAD}" width="{WIDTH - 2 * PAD:.0f}" '
        f'height="{HEIGHT - 2 * PAD:.0f}"/>',
        f'<line class="chart-half" x1="{PAD}" x2="{WIDTH - PAD:.0f}" y1="{y(0.5):.1f}" '
        f'y2="{y(0.5):.1f}"/>',
    ]
    # The scale's ends and middle, inside the frame's left edge (the top one below its line).
    if solitaire:
        ends = ("0", "9", "18")
    else:
        ends = ("0 %", "50 %", "100 %") if sides == 2 else ("0", "½", "1")
    for value, text in zip((0.0, 0.5, 1.0), ends, strict=True):
        below = 7 if value == 1.0 else -2
        parts.append(
            f'<text class="chart-axis" x="{PAD + 2:.0f}" y="{y(value) + below:.1f}">{text}</text>'
        )
    for line, points in sorted(lines.items()):
        coords = " ".join(f"{x(s):.1f},{y(v):.1f}" for s, v, _g in points)
        parts.append(f'<polyline class="chart-line line-{line}" points="{coords}"/>')
        for s, v, grade in points:
            if grade in MARKED:
                parts.append(
                    f'<circle class="chart-mark grade-{grade}" cx="{x(s):.1f}" cy="{y(v):.1f}" '
                    f'r="{3.2 if grade == "blunder" else 2.4}"/>'
                )
    parts.append(
        f'<line class="chart-cursor" data-chart-cursor x1="{x(steps):.1f}" x2="{x(steps):.1f}" '
        f'y1="{PAD}" y2="{HEIGHT - PAD:.0f}"/></svg>'
    )
    return "".join(parts), legend
