"""The Pentamind placings of a festival: a row per player per event, as CSV and as JSON.

The data (places with ties as spans, field sizes) is read by :mod:`scoring.festivals`; here it
is only formatted. Headers and keys are English: a data format, not a page.
"""

from collections.abc import Sequence
from typing import Any

from scoring.exports.tables import _csv, _text
from scoring.festivals import FestivalPlacing
from scoring.tables import plain_number
from tournament.models import Festival

FIELD_SIZE_RULE = (
    "Field size: the event's entries that played at least one game over the board. Places: "
    "the event's final ranking within that field; players tied on every tie-break share a "
    "span of places (3-5)."
)

CSV_HEADER = (
    "Player id",
    "Player",
    "Event",
    "Event slug",
    "Event status",
    "Place",
    "Place from",
    "Place to",
    "Field size",
    "Score",
)


def festival_summary(festival: Festival) -> dict[str, Any]:
    return {
        "name": festival.name,
        "slug": festival.slug,
        "venue": festival.venue,
        "starts": festival.starts.isoformat(),
        "ends": festival.ends.isoformat(),
        "time_zone": festival.time_zone,
    }


def pentamind_rows(placings: Sequence[FestivalPlacing]) -> list[dict[str, Any]]:
    return [
        {
            "player_id": row.player_id,
            "player": row.player_name,
            "event": row.event_name,
            "event_slug": row.event_slug,
            "event_status": row.event_status,
            "final": row.final,
            "place": row.place,
            "place_from": row.place_from,
            "place_to": row.place_to,
            "shared": row.shared,
            "field_size": row.field_size,
            "score": row.score,
        }
        for row in placings
    ]


def pentamind_json(festival: Festival, placings: Sequence[FestivalPlacing]) -> dict[str, Any]:
    return {
        "festival": festival_summary(festival),
        "rule": FIELD_SIZE_RULE,
        "placings": pentamind_rows(placings),
    }


def pentamind_csv(placings: Sequence[FestivalPlacing]) -> str:
    return _csv(
        CSV_HEADER,
        (
            [
                row.player_id,
                _text(row.player_name),
                _text(row.event_name),
                row.event_slug,
                row.event_status,
                row.place,
                row.place_from,
                row.place_to,
                row.field_size,
                plain_number(row.score),
            ]
            for row in placings
        ),
    )
