"""The engine's analysis of finished games on the site (issue 31, docs/analysis.md): stored once
per game and record, queued after the replay check passed, shown in the viewer and on a
player's page."""
