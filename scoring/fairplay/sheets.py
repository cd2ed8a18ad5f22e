"""The fair-play report as CSV: a row per player and round, then each player's total (the think
time, focus and difficulty columns are empty for a game at the venue)."""

from __future__ import annotations

import csv
import io

from scoring.fairplay.selectors import FairPlayReport, Tally

HEADER = [
    "player",
    "round",
    "board",
    "placements",
    "first_choice",
    "top_three",
    "first_choice_pct",
    "top_three_pct",
    "weighted_first_choice_pct",
    "mean_lost",
    "median_think_s",
    "p90_think_s",
    "focus_lost_pct",
    "easy_timed",
    "hard_timed",
    "median_think_easy_s",
    "median_think_hard_s",
    "hard_easy_ratio",
    "far_from_field",
]


def _figures(t: Tally) -> list[str]:
    def pct(v: float | None) -> str:
        return "" if v is None else f"{v:.1f}"

    def seconds(v: float | None) -> str:
        return "" if v is None else f"{v:.1f}"

    mean, ratio = t.mean_lost, t.hard_easy_ratio
    timed = bool(t.thinks)  # an online game: its counts, 0 included
    return [
        str(t.moves),
        str(t.first),
        str(t.top_three),
        pct(t.first_rate),
        pct(t.top_three_rate),
        pct(t.weighted_rate),
        "" if mean is None else f"{mean:.2f}",
        seconds(t.median_think),
        seconds(t.p90_think),
        pct(t.focus_lost_rate),
        str(len(t.easy)) if timed else "",
        str(len(t.hard)) if timed else "",
        seconds(t.easy_think),
        seconds(t.hard_think),
        "" if ratio is None else f"{ratio:.2f}",
    ]


def report_csv(report: FairPlayReport) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(HEADER)
    for p in report.players:
        far = " ".join(p.far)
        for r in p.rounds:
            writer.writerow([p.name, r.round, r.board, *_figures(r.tally), far])
        writer.writerow([p.name, "total", "", *_figures(p.total), far])
    return out.getvalue()
