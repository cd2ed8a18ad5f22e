"""Standings of an event of challenges (CHALLENGES.md, "Common to all three"): victory points
are the sum of each game's lowest row; ties broken by challenge games won, then by the sum of
second-lowest rows, then by the results between the tied players (``games.challenges.tally``).

Read from the boards' seats (``Seat.lowest``, ``next_lowest``, ``placing``), so a result a
director entered or corrected counts like one a game sent. A result whose record failed its check
is held out, as for board games. A bye or an absence plays no challenge: no victory points
(games/challenges/READINGS.md). Also the exports: CSV and JSON of the tally, the records of every
game (each an ``ingenious-challenge-record/1`` that ``python -m games.challenges check`` accepts).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from games.challenge_tables.selectors import WITH_SEATS, hands_hidden_from, record_of
from games.challenges.record import ChallengeRecord
from games.challenges.tally import SeatedResult, rank_seated
from games.models import Game
from tournament.models.events import PUBLIC_ROUND_STATUSES, Board, Entry, Event, Result
from tournament.models.tables import SEATED, Seat


@dataclass
class TallyLine:
    """One player's line of the standings."""

    rank: int
    entry_id: int
    name: str
    victory_points: int
    games_won: int
    second_lowest: int
    between: float
    #: Per round number: the lowest row of that round's game (None: no game, or not decided).
    rounds: dict[int, int | None] = field(default_factory=dict)
    #: The entry withdrew (every standings export marks it).
    withdrawn: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "entry": self.entry_id,
            "name": self.name,
            "victory_points": self.victory_points,
            "games_won": self.games_won,
            "second_lowest": self.second_lowest,
            "between": self.between,
            "rounds": {str(k): v for k, v in sorted(self.rounds.items())},
            "withdrawn": self.withdrawn,
        }


def _decided_boards(event: Event) -> list[Board]:
    seats = Seat.objects.order_by("number")
    return list(
        Board.objects.filter(
            round__event=event, round__status__in=PUBLIC_ROUND_STATUSES, result=Result.TABLE
        )
        .exclude(result_check=Board.Check.FAILED)
        .select_related("round")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by("round__number", "number")
    )


def tally(event: Event) -> list[TallyLine]:
    """The event's standings by the tally, best first; every active or withdrawn entry has a
    line (those without a decided game at 0)."""
    games: list[list[SeatedResult[int]]] = []
    per_round: dict[int, dict[int, int | None]] = {}
    for board in _decided_boards(event):
        game = []
        for seat in board.seats.all():
            if seat.placing is None or seat.lowest is None:
                continue
            second = seat.next_lowest if seat.next_lowest is not None else seat.lowest
            game.append(SeatedResult(seat.entry_id, seat.lowest, second, seat.placing))
            per_round.setdefault(seat.entry_id, {})[board.round.number] = seat.lowest
        if len(game) >= 2:
            games.append(game)
    ranked = {row.player: row for row in rank_seated(games)}
    entries = Entry.objects.filter(event=event).select_related("player", "partner")
    lines = []
    for entry in entries:
        row = ranked.get(entry.pk)
        lines.append(
            TallyLine(
                rank=0,
                entry_id=entry.pk,
                name=entry.player.name,
                victory_points=row.victory_points if row else 0,
                games_won=row.games_won if row else 0,
                second_lowest=row.second_lowest if row else 0,
                between=row.between if row else 0.0,
                rounds=per_round.get(entry.pk, {}),
                withdrawn=entry.status == Entry.Status.WITHDRAWN,
            )
        )
    lines.sort(
        key=lambda x: (x.victory_points, x.games_won, x.second_lowest, x.between), reverse=True
    )
    for i, line in enumerate(lines):
        key = (line.victory_points, line.games_won, line.second_lowest, line.between)
        prev = lines[i - 1] if i else None
        same = prev is not None and key == (
            prev.victory_points,
            prev.games_won,
            prev.second_lowest,
            prev.between,
        )
        line.rank = prev.rank if same and prev is not None else i + 1
    return lines


def round_numbers(event: Event) -> list[int]:
    return list(
        event.round_set.filter(status__in=PUBLIC_ROUND_STATUSES)
        .order_by("number")
        .values_list("number", flat=True)
    )


def standings_json(event: Event) -> dict[str, Any]:
    return {
        "event": event.slug,
        "ruleset": event.ruleset,
        "rounds": [
            {"number": r.number, "challenge": r.challenge}
            for r in event.round_set.filter(status__in=PUBLIC_ROUND_STATUSES).order_by("number")
        ],
        "tie_breaks": ["games_won", "second_lowest", "between"],
        "standings": [line.as_dict() for line in tally(event)],
    }


def standings_csv(event: Event) -> str:
    numbers = round_numbers(event)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
            _("Rank"),
            _("Player"),
            _("Victory points"),
            _("Games won"),
            _("Second-lowest rows"),
            _("Between the tied"),
            *[_("Round %(number)s") % {"number": n} for n in numbers],
            _("Withdrawn"),
        ]
    )
    for line in tally(event):
        writer.writerow(
            [
                line.rank,
                line.name,
                line.victory_points,
                line.games_won,
                line.second_lowest,
                line.between,
                *["" if line.rounds.get(n) is None else line.rounds[n] for n in numbers],
                _("yes") if line.withdrawn else "",
            ]
        )
    return out.getvalue()


def event_tables(event: Event) -> list[Game]:
    """The event's challenge tables, round by round and board by board."""
    return list(
        Game.objects.challenges()
        .filter(board__round__event=event)
        .select_related("board__round")
        .prefetch_related(*WITH_SEATS)
        .order_by("board__round__number", "board__number")
    )


def public_records(event: Event, user: Any) -> list[tuple[Board, ChallengeRecord]]:
    """The records of the event's tables in public rounds, with their boards (seats loaded),
    those whose hands ``user`` may not see yet left out."""
    public = [
        table
        for table in event_tables(event)
        if table.board is not None and table.board.round.is_public
    ]
    boards = Board.objects.filter(pk__in=[t.board_id for t in public]).prefetch_related(*SEATED)
    by_pk = boards.select_related("round").in_bulk()
    return [
        (by_pk[table.board_id], record_of(table))
        for table in public
        if not hands_hidden_from(user, table)
    ]


def records(event: Event, user: Any) -> list[dict[str, Any]]:
    """Every game of the event as its record, with where it was played; a Card Challenge in
    play whose hands ``user`` may not see has no record yet (``"record": null``)."""
    return [
        {
            "round": table.board.round.number if table.board else None,
            "board": table.board.number if table.board else None,
            "table": table.pk,
            "status": table.status,
            # A result entered before the game's end closes the table: its record stops there.
            "closed": bool(table.board and table.board.closed),
            "record": None if hands_hidden_from(user, table) else record_of(table).to_json(),
        }
        for table in event_tables(event)
    ]
