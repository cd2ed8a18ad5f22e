"""Standings, crosstable and final placings as JSON-ready dicts and as CSV text."""

import csv
import io
import json
from collections.abc import Iterable, Sequence
from typing import Any

from scoring.core.field import FieldPlace, field_places
from scoring.standings.sheet import Cell, Line, Standings, plain_number
from tournament.models.events import Event


def event_field(table: Standings) -> list[tuple[Line, FieldPlace[int]]]:
    """The event's field (:mod:`scoring.core.field`: the entries that played at least one
    game), best first, each line with its place within the field."""
    lines = {line.contender.entry_id: line for line in table.lines}
    placed = field_places(
        (line.contender.entry_id, line.rank, line.games_played) for line in table.lines
    )
    return [(lines[p.key], p) for p in placed]


def event_field_size(table: Standings) -> int:
    """The number of entries in the event's field: the size every export states."""
    return len(event_field(table))


def event_summary(event: Event, table: Standings) -> dict[str, Any]:
    return {
        "name": event.name,
        "slug": event.slug,
        "venue": event.venue,
        "start_date": event.start_date.isoformat() if event.start_date else None,
        "end_date": event.end_date.isoformat() if event.end_date else None,
        "status": event.status,
        "rounds_planned": event.rounds,
        "rounds_public": list(table.rounds),
        "bye_value": float(event.bye_value),
    }


def _chain(table: Standings) -> list[dict[str, str]]:
    return [{"key": c.key, "label": c.label, "description": c.description} for c in table.chain]


def _player(line: Line) -> dict[str, Any]:
    """The entry's columns; a partnership team's also name both registry players, so neither
    partner is read as the team."""
    c = line.contender
    row = {
        "entry": c.entry_id,
        "player_id": c.player_id,
        "name": c.name,
        "club": c.club,
        "country": c.country,
        "rating": c.rating,
        "starting_rank": c.starting_rank,
        "withdrawn": c.withdrawn,
    }
    if c.partner_id is not None:
        row["team_player_ids"] = [c.player_id, c.partner_id]
    return row


def standings_rows(table: Standings) -> list[dict[str, Any]]:
    keys = [c.key for c in table.chain]
    return [
        {
            "rank": line.rank,
            "tied": line.tied,
            **_player(line),
            "vp": line.vp,
            "tiebreaks": dict(zip(keys, line.tiebreaks, strict=True)),
            "games_played": line.games_played,
        }
        for line in table.lines
    ]


def standings_json(event: Event, table: Standings) -> dict[str, Any]:
    return {
        "event": event_summary(event, table),
        "tiebreaks": _chain(table),
        "field_size": event_field_size(table),
        "computed_at": table.computed_at,
        "standings": standings_rows(table),
    }


def _cell_json(table: Standings, cell: Cell | None, rnd: int) -> dict[str, Any]:
    if cell is None:
        return {"round": rnd, "kind": "none"}
    return {
        "round": rnd,
        "kind": cell.kind,
        "board": cell.board_number,
        "opponent": cell.opponent,
        "opponent_rank": cell.opponent_rank,
        "opponent_name": table.name_of(cell.opponent),
        "moved_first": cell.moved_first,
        "points": cell.points,
        "score": cell.score,
        "own_lowest": cell.own_lowest,
        "opp_lowest": cell.opp_lowest,
        "placing": cell.placing,
        "table_size": cell.table_size,
    }


def crosstable_json(event: Event, table: Standings) -> dict[str, Any]:
    return {
        "event": event_summary(event, table),
        "rounds": list(table.rounds),
        "computed_at": table.computed_at,
        "crosstable": [
            {
                "rank": line.rank,
                "tied": line.tied,
                **_player(line),
                "vp": line.vp,
                "rounds": [
                    _cell_json(table, cell, rnd)
                    for rnd, cell in zip(table.rounds, line.cells, strict=True)
                ],
            }
            for line in table.lines
        ],
    }


def placings_rows(table: Standings) -> list[dict[str, Any]]:
    """The field's final places (an entry that played no game has none)."""
    return [
        {
            "place": placed.place,
            "place_from": placed.place_from,
            "place_to": placed.place_to,
            "shared": placed.shared,
            "field_size": placed.field_size,
            **_player(line),
            "vp": line.vp,
        }
        for line, placed in event_field(table)
    ]


def placings_json(event: Event, table: Standings) -> dict[str, Any]:
    return {
        "event": event_summary(event, table),
        "field_size": event_field_size(table),
        "computed_at": table.computed_at,
        "placings": placings_rows(table),
    }


# A spreadsheet reads a cell starting with one of these as a formula (CSV injection).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _text(value: str) -> str:
    """A cell typed by a user (a name, a club, a country): kept as text, never a formula. Only
    these cells: numbers such as a tie-break of -3 stay numbers."""
    return "'" + value if value.startswith(_FORMULA_STARTS) else value


def _csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def standings_csv(table: Standings) -> str:
    header = ["Rank", "Tied", "Player", "Club", "Country", "VP"]
    header += [c.label for c in table.chain] + ["Games", "Starting rank", "Withdrawn"]
    return _csv(
        header,
        (
            [
                line.rank,
                "yes" if line.tied else "",
                _text(line.contender.name),
                _text(line.contender.club),
                _text(line.contender.country),
                plain_number(line.vp),
                *(plain_number(v) for v in line.tiebreaks),
                line.games_played,
                line.contender.starting_rank,
                _withdrawn(line),
            ]
            for line in table.lines
        ),
    )


def _withdrawn(line: Line) -> str:
    """The "Withdrawn" column every standings CSV ends with: "yes" for a withdrawn player."""
    return "yes" if line.contender.withdrawn else ""


CROSSTABLE_ROUND_COLUMNS = ("opponent", "first", "result", "own lowest", "opp lowest")


def crosstable_csv(table: Standings) -> str:
    """One line per player; per round: the opponent's rank (or bye/absent), whether the player
    moved first, the score (1, 0.5, 0, + or - for forfeits) and both lowest levels. An event
    played at tables adds each round's placing; a table's opponent is its number ("T3"), its
    result the VP there (up to two decimals) and its opp lowest is empty. The last column marks
    a withdrawn player, as in every standings export."""
    columns = CROSSTABLE_ROUND_COLUMNS + (("placing",) if table.has_tables else ())
    header = ["Rank", "Player"]
    for rnd in table.rounds:
        header += [f"R{rnd} {col}" for col in columns]
    header += ["VP", "Withdrawn"]
    rows = []
    for line in table.lines:
        row: list[object] = [line.rank, _text(line.contender.name)]
        for cell in line.cells:
            row += _cell_csv(cell)[: len(columns)]
        row += [plain_number(line.vp), _withdrawn(line)]
        rows.append(row)
    return _csv(header, rows)


def _cell_csv(cell: Cell | None) -> list[object]:
    """The round's columns, with the placing at a table last (cut off for two-player events)."""
    if cell is None:
        return ["", "", "", "", "", ""]
    opponent = cell.opponent_rank if cell.opponent is not None else cell.kind.replace("_", "-")
    if cell.table_size is not None:
        opponent = f"T{cell.board_number}"
    first = "" if cell.moved_first is None else "yes" if cell.moved_first else "no"
    result = cell.score if cell.kind == "forfeit" else plain_number(cell.points)
    if cell.kind in ("pending", "provisional", "held"):
        result = cell.kind
    own = "" if cell.own_lowest is None else cell.own_lowest
    opp = "" if cell.opp_lowest is None else cell.opp_lowest
    placing = "" if cell.placing is None else cell.placing
    return [opponent, first, result, own, opp, placing]


def placings_csv(table: Standings) -> str:
    """The field's final places, as :func:`placings_rows`."""
    return _csv(
        [
            "Place",
            "Place from",
            "Place to",
            "Field size",
            "Player",
            "Country",
            "Club",
            "VP",
            "Withdrawn",
        ],
        (
            [
                placed.place,
                placed.place_from,
                placed.place_to,
                placed.field_size,
                _text(line.contender.name),
                _text(line.contender.country),
                _text(line.contender.club),
                plain_number(line.vp),
                _withdrawn(line),
            ]
            for line, placed in event_field(table)
        ),
    )


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)
