"""Exports of an event's results: CSV, JSON, PDF (reportlab), a zip of game records, TRF-16
(two-player events only: an event at tables exports its pairings as CSV or JSON).

Everything here formats data already read (a :class:`scoring.standings.Standings`, boards,
game records); nothing queries the database, so views stay thin and the formats are testable.
"""

from scoring.exports.pairings import pairings_csv, pairings_json
from scoring.exports.pdf import event_pdf, pdf_fonts
from scoring.exports.records import GameRecord, games_zip
from scoring.exports.slips import qr_matrix, slips_pdf
from scoring.exports.tables import (
    crosstable_csv,
    crosstable_json,
    dumps,
    placings_csv,
    placings_json,
    standings_csv,
    standings_json,
)
from scoring.exports.trf import event_trf, trf_refusal

__all__ = [
    "GameRecord",
    "crosstable_csv",
    "crosstable_json",
    "dumps",
    "event_pdf",
    "event_trf",
    "games_zip",
    "pairings_csv",
    "pairings_json",
    "pdf_fonts",
    "placings_csv",
    "placings_json",
    "qr_matrix",
    "slips_pdf",
    "standings_csv",
    "standings_json",
    "trf_refusal",
]
