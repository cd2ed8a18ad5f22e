"""Checksums of what the site computes from its stored results: every event's standings and
the rating list. Two databases with equal checksums hold the same results; the restore drill
(docs/operations.md) compares a restored copy with the database it was dumped from."""

import hashlib
import json

from scoring.ratings import services as ratings
from scoring.standings.build import build_standings
from tournament.models.events import Event


def standings_checksum() -> str:
    """Every event's standings, crosstable and placings as computed now (not the cached copy),
    in one digest; the time of computing left out."""
    digest = hashlib.sha256()
    for event in Event.objects.order_by("slug"):
        table = build_standings(event).to_dict()
        table.pop("computed_at", None)
        digest.update(json.dumps([event.slug, table], sort_keys=True, default=str).encode())
    return digest.hexdigest()[:16]


def checksums() -> dict[str, str]:
    """The standings' digest and the stored rating list's checksum (as rebuild_ratings prints
    it): reads only, so it is safe to run on the live database."""
    return {"standings": standings_checksum(), "ratings": ratings.stored_checksum()}
