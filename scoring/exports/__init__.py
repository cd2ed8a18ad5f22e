"""Exports of an event's results: CSV, JSON, PDF (reportlab), a zip of game records, TRF-16
(two-player events only: an event at tables exports its pairings as CSV or JSON).

Everything here formats data already read (a :class:`scoring.standings.build.Standings`, boards,
game records); nothing queries the database, so views stay thin and the formats are testable."""
