"""Standings and tie-breaks for Ingenious events (pure Python, no Django).

- :mod:`scoring.core.results`: result rows (:class:`GameResult`), victory points, board helpers.
- :mod:`scoring.core.tables`: victory points at tables of 3 or 4 and their rows.
- :mod:`scoring.core.tiebreaks`: the tie-break functions and their :data:`CATALOGUE`.
- :mod:`scoring.core.chains`: tie-break chains per event (:data:`PRESETS`, :func:`validate_chain`).
- :mod:`scoring.core.standings`: :func:`compute_standings` and :func:`final_placings`."""
