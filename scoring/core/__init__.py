"""Standings and tie-breaks for Ingenious events (pure Python, no Django).

- :mod:`scoring.core.results`: result rows (:class:`GameResult`), victory points, board helpers.
- :mod:`scoring.core.tables`: victory points at tables of 3 or 4 and their rows.
- :mod:`scoring.core.tiebreaks`: the tie-break functions and their :data:`CATALOGUE`.
- :mod:`scoring.core.chains`: tie-break chains per event (:data:`PRESETS`, :func:`validate_chain`).
- :mod:`scoring.core.standings`: :func:`compute_standings` and :func:`final_placings`.
"""

from scoring.core.chains import DEFAULT_PRESET, PRESETS, resolve_chain, validate_chain
from scoring.core.results import (
    ABSENT,
    ABSENT_VALUE,
    BYE,
    DEFAULT_BYE_VALUE,
    DRAW,
    FORFEIT,
    FULL_BYE,
    FULL_BYE_VALUE,
    GAME_KINDS,
    HALF_BYE,
    HALF_BYE_VALUE,
    KINDS,
    LOSS,
    OUTCOMES,
    PLAYED,
    TABLE,
    WIN,
    Board,
    GameResult,
    results_from_boards,
    validate_results,
)
from scoring.core.solitaire import round_placings
from scoring.core.standings import Placing, StandingRow, compute_standings, final_placings
from scoring.core.tables import TableGame, placings_from_levels, table_points, table_results
from scoring.core.tiebreaks import (
    CATALOGUE,
    EventData,
    TieBreak,
    buchholz,
    cumulative,
    head_to_head_mso,
    median_buchholz,
    progressive_difference,
    progressive_level,
    results_between,
    sonneborn_berger,
    spread,
)

__all__ = [
    "ABSENT",
    "ABSENT_VALUE",
    "BYE",
    "CATALOGUE",
    "DEFAULT_BYE_VALUE",
    "DEFAULT_PRESET",
    "DRAW",
    "FORFEIT",
    "FULL_BYE",
    "FULL_BYE_VALUE",
    "GAME_KINDS",
    "HALF_BYE",
    "HALF_BYE_VALUE",
    "KINDS",
    "LOSS",
    "OUTCOMES",
    "PLAYED",
    "PRESETS",
    "TABLE",
    "WIN",
    "Board",
    "EventData",
    "GameResult",
    "Placing",
    "StandingRow",
    "TableGame",
    "TieBreak",
    "buchholz",
    "compute_standings",
    "cumulative",
    "final_placings",
    "head_to_head_mso",
    "median_buchholz",
    "progressive_difference",
    "placings_from_levels",
    "round_placings",
    "progressive_level",
    "resolve_chain",
    "results_between",
    "results_from_boards",
    "sonneborn_berger",
    "spread",
    "table_points",
    "table_results",
    "validate_chain",
    "validate_results",
]
