"""All game records of an event as one zip: JSON (and a board game's text) form of each, and an
index. A Challenge event's are its tables' records.

The index names every seat of each board in order (boards passed with their seats loaded), so a
table of 3 or 4 lists all its players and, once its result counts, their placings.
"""

import io
import zipfile
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from scoring.exports.sheets import dumps
from tournament.models.events import Board, Event


class GameRecord(Protocol):
    def to_json(self) -> dict[str, Any]: ...


@runtime_checkable
class TextRecord(GameRecord, Protocol):
    """A board game's record, which also has a text form (a Challenge's has JSON only)."""

    def to_text(self) -> str: ...


def games_zip(event: Event, records: Sequence[tuple[Board, GameRecord]]) -> bytes:
    """Every game record of the event, JSON and text form, with an index of the boards."""
    out = io.BytesIO()
    index: list[dict[str, Any]] = []
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for board, record in records:
            sides = board.sides  # from the seats: players, or partnership teams
            stem = f"{event.slug}/round-{board.round.number:02d}/board-{board.number:02d}"
            archive.writestr(f"{stem}.json", dumps(record.to_json()) + "\n")
            text = None
            if isinstance(record, TextRecord):
                text = f"{stem}.txt"
                archive.writestr(text, record.to_text())
            index.append(
                {
                    "round": board.round.number,
                    "board": board.number,
                    "first": sides[0].name if sides else None,
                    "second": sides[1].name if len(sides) > 1 else None,
                    "result": board.result if board.result_counts else "",
                    "seats": [seat.player.name for seat in board.seats.all()],
                    "placings": [seat.placing for seat in board.seats.all()]
                    if board.result_counts
                    else [],
                    "json": f"{stem}.json",
                    "text": text,
                }
            )
        archive.writestr(
            f"{event.slug}/index.json",
            dumps({"event": event.name, "slug": event.slug, "games": index}) + "\n",
        )
    return out.getvalue()
