"""The Pentamind placings of a festival (a row per player per event, both players of a
partnership team) and its overall table (best five events' Pentamind points), as CSV and JSON.

The data (places with ties as spans, field sizes by the one rule of
:mod:`scoring.core.field`) is read by :mod:`scoring.festivals.selectors`; here it is only formatted.
Headers and keys are English: a data format, not a page.
"""

from collections.abc import Sequence
from typing import Any

from scoring.core.field import BEST_EVENTS, FIELD_RULE, PENTAMIND_RULE
from scoring.exports.sheets import _csv, _text
from scoring.festivals.selectors import FestivalPlacing, OverallLine
from scoring.standings.sheet import plain_number
from tournament.models.events import Festival

FIELD_SIZE_RULE = FIELD_RULE

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
    "Pentamind points",
    "Partner id",
    "Partner",
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
            "pentamind_points": row.pentamind_points,
            "partner_id": row.partner_id,
            "partner": row.partner_name,
        }
        for row in placings
    ]


def pentamind_json(festival: Festival, placings: Sequence[FestivalPlacing]) -> dict[str, Any]:
    return {
        "festival": festival_summary(festival),
        "rule": FIELD_SIZE_RULE,
        "points_rule": PENTAMIND_RULE,
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
                f"{row.pentamind_points:.2f}",
                "" if row.partner_id is None else row.partner_id,
                _text(row.partner_name),
            ]
            for row in placings
        ),
    )


def _counted(row: FestivalPlacing) -> dict[str, Any]:
    return {
        "event": row.event_name,
        "event_slug": row.event_slug,
        "final": row.final,
        "place": row.place,
        "field_size": row.field_size,
        "pentamind_points": row.pentamind_points,
    }


def overall_rows(lines: Sequence[OverallLine]) -> list[dict[str, Any]]:
    return [
        {
            "rank": line.rank,
            "tied": line.tied,
            "player_id": line.player_id,
            "player": line.name,
            "total": line.total,
            "events_played": line.events_played,
            "counted": [_counted(row) for row in line.counted],
            "not_counted": [_counted(row) for row in line.others],
        }
        for line in lines
    ]


def overall_json(festival: Festival, lines: Sequence[OverallLine]) -> dict[str, Any]:
    return {
        "festival": festival_summary(festival),
        "best_events": BEST_EVENTS,
        "rule": FIELD_SIZE_RULE,
        "points_rule": PENTAMIND_RULE,
        "table": overall_rows(lines),
    }
