"""Reads of a festival: its events, its schedule, its players' placings across events and its
overall table.

Placings come from each member event's standings (:func:`scoring.standings.build.standings_for`, the
cached table every standings page reads), so the festival page and the Pentamind export agree
with the events' own final placings; an event of the Ingenious Challenges is ranked by its
tally (:func:`scoring.challenge_standings.build.tally`) and scores its tally's victory points.

A row per **player** per event: both players of a partnership team get the team's place and
score, each under their own registry id (read from the entry: ``entry.player`` and
``entry.partner``).

**Field size and places**: the one rule of :mod:`scoring.core.field` (the entries that
played at least one game; places counted within that field, ties as spans), which the event's
own placings exports use too. **The overall table** ranks players by the sum of their best five
events' Pentamind points (MSO's formula, :func:`scoring.core.field.pentamind_points`).

Nothing here writes to the database (a standings cache miss is computed and cached, as on the
standings pages).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from django.db.models import Count, F

from scoring.challenge_standings.build import tally
from scoring.core.field import BEST_EVENTS, field_places, pentamind_points
from scoring.standings.build import standings_for
from scoring.standings.sheet import number_text, place_span
from tournament.checkin.models import CheckInWindow
from tournament.models.events import Entry, Event, Festival


@dataclass(frozen=True)
class FestivalPlacing:
    """One player's place in one event of the festival (a row of the Pentamind export). A
    partnership team's player names their partner."""

    player_id: int
    player_name: str
    partner_id: int | None
    partner_name: str
    entry_id: int
    event_id: int
    event_name: str
    event_slug: str
    event_status: str
    place_from: int
    place_to: int
    field_size: int
    score: float  # victory points (a Challenge event's: its tally's)

    @property
    def pentamind_points(self) -> float:
        return pentamind_points(self.field_size, self.place_from, self.place_to)

    @property
    def place(self) -> str:
        return place_span(self.place_from, self.place_to)

    @property
    def shared(self) -> bool:
        return self.place_to > self.place_from

    @property
    def final(self) -> bool:
        return self.event_status == Event.Status.FINISHED

    @property
    def score_text(self) -> str:
        return number_text(self.score)


@dataclass(frozen=True)
class PlayerResults:
    """A player's line of the festival's results table: one cell per event with results."""

    player_id: int
    name: str
    cells: tuple[FestivalPlacing | None, ...]

    @property
    def events_played(self) -> int:
        return sum(1 for cell in self.cells if cell is not None)


@dataclass(frozen=True)
class RoundTime:
    """A round's check-in window, in the festival's time zone."""

    round_number: int
    opens: datetime
    closes: datetime


@dataclass(frozen=True)
class ScheduleItem:
    event: Event
    rounds: tuple[RoundTime, ...]  # the check-in windows opening that day


@dataclass(frozen=True)
class Day:
    day: date
    items: tuple[ScheduleItem, ...]


@dataclass(frozen=True)
class Schedule:
    time_zone: str
    days: tuple[Day, ...]
    unscheduled: tuple[Event, ...]  # events without dates or check-in windows


# --- festivals and their events --------------------------------------------------------------


def festival_events(festival: Festival) -> list[Event]:
    """The festival's events by date (undated last), then name; each with ``entry_count``."""
    return list(
        festival.events.annotate(entry_count=Count("entries")).order_by(
            F("start_date").asc(nulls_last=True), "name", "id"
        )
    )


# --- the schedule -----------------------------------------------------------------------------


def _event_days(event: Event) -> list[date]:
    if event.start_date is None:
        return []
    last = event.end_date if event.end_date and event.end_date > event.start_date else None
    days = [event.start_date]
    while last is not None and days[-1] < last:
        days.append(days[-1] + timedelta(days=1))
    return days


def festival_schedule(festival: Festival, events: Sequence[Event]) -> Schedule:
    """The events by day in the festival's time zone: each event on every day from its start to
    its end date, and on any day one of its check-in windows opens, with those rounds' times."""
    zone = ZoneInfo(festival.time_zone)
    windows = CheckInWindow.objects.filter(event__in=list(events)).order_by(
        "opens_at", "round_number"
    )
    times: dict[tuple[date, int], list[RoundTime]] = {}
    for window in windows:
        opens = window.opens_at.astimezone(zone)
        times.setdefault((opens.date(), window.event_id), []).append(
            RoundTime(window.round_number, opens, window.closes_at.astimezone(zone))
        )
    by_day: dict[date, list[Event]] = {}
    unscheduled: list[Event] = []
    for event in events:
        days = set(_event_days(event)) | {day for day, event_id in times if event_id == event.pk}
        if not days:
            unscheduled.append(event)
        for day in days:
            by_day.setdefault(day, []).append(event)
    days_out = []
    for day in sorted(by_day):
        items = [
            ScheduleItem(event, tuple(times.get((day, event.pk), ()))) for event in by_day[day]
        ]
        # Events with a round time that day first, by their first time; then the others.
        items.sort(key=lambda i: (not i.rounds, i.rounds[0].opens.timestamp() if i.rounds else 0.0))
        days_out.append(Day(day, tuple(items)))
    return Schedule(festival.time_zone, tuple(days_out), tuple(unscheduled))


# --- placings ---------------------------------------------------------------------------------


def _ranked(event: Event) -> tuple[list[tuple[int, int, int]], dict[int, float]]:
    """The event's entries best first as (entry, rank, games played), and each entry's score:
    the standings' victory points, or the tally's for an event of challenges."""
    if event.ruleset == Event.Ruleset.CHALLENGES:
        lines = tally(event)
        ranked = [
            (line.entry_id, line.rank, sum(1 for v in line.rounds.values() if v is not None))
            for line in lines
        ]
        return ranked, {line.entry_id: float(line.victory_points) for line in lines}
    table = standings_for(event)
    ranked = [(line.contender.entry_id, line.rank, line.games_played) for line in table.lines]
    return ranked, {line.contender.entry_id: line.vp for line in table.lines}


_Players = tuple[int, str, int | None, str]  # player id and name, partner id and name


def _entry_players(events: Sequence[Event]) -> dict[int, _Players]:
    """Entry id -> its player and partner (ids and names), for every entry of ``events``."""
    rows = Entry.objects.filter(event__in=list(events)).values_list(
        "pk", "player_id", "player__name", "partner_id", "partner__name"
    )
    return {
        pk: (player, name, partner, partner_name or "")
        for pk, player, name, partner, partner_name in rows
    }


def event_placings(event: Event, players: dict[int, _Players]) -> list[FestivalPlacing]:
    """The event's field (entries that played at least one game) with their places counted
    within it, best first: a row per player, both players of a partnership team."""
    ranked, scores = _ranked(event)
    rows = []
    for placed in field_places(ranked):
        player_id, name, partner_id, partner_name = players[placed.key]
        people = [(player_id, name, partner_id, partner_name)]
        if partner_id is not None:
            people.append((partner_id, partner_name, player_id, name))
        for person, person_name, mate, mate_name in people:
            rows.append(
                FestivalPlacing(
                    player_id=person,
                    player_name=person_name,
                    partner_id=mate,
                    partner_name=mate_name,
                    entry_id=placed.key,
                    event_id=event.pk,
                    event_name=event.name,
                    event_slug=event.slug,
                    event_status=event.status,
                    place_from=placed.place_from,
                    place_to=placed.place_to,
                    field_size=placed.field_size,
                    score=scores[placed.key],
                )
            )
    return rows


def festival_placings(events: Sequence[Event]) -> list[FestivalPlacing]:
    """Every player's placing in each of ``events`` (the festival's, in its order), grouped by
    player (name, then registry id), each player's events in the festival's order."""
    order = {event.pk: n for n, event in enumerate(events)}
    players = _entry_players(events)
    rows = [row for event in events for row in event_placings(event, players)]
    rows.sort(key=lambda row: (row.player_name.casefold(), row.player_id, order[row.event_id]))
    return rows


def results_table(
    events: Sequence[Event], placings: Sequence[FestivalPlacing]
) -> tuple[list[Event], list[PlayerResults]]:
    """The events that have placings, and a line per player (registry player, shared across
    events) with their placing in each of those events."""
    with_results = {row.event_id for row in placings}
    columns = [event for event in events if event.pk in with_results]
    position = {event.pk: n for n, event in enumerate(columns)}
    by_player: dict[int, tuple[str, list[FestivalPlacing | None]]] = {}
    for row in placings:
        name, cells = by_player.setdefault(row.player_id, (row.player_name, [None] * len(columns)))
        cells[position[row.event_id]] = row
    lines = [
        PlayerResults(player_id, name, tuple(cells))
        for player_id, (name, cells) in by_player.items()
    ]
    lines.sort(key=lambda line: (line.name.casefold(), line.player_id))
    return columns, lines


# --- the overall table ------------------------------------------------------------------------


@dataclass(frozen=True)
class OverallLine:
    """A player's line of the festival's overall table: their best events' Pentamind points."""

    rank: int
    tied: bool
    player_id: int
    name: str
    total: float
    counted: tuple[FestivalPlacing, ...]  # the best BEST_EVENTS, best first
    others: tuple[FestivalPlacing, ...]  # the player's other events, not counted

    @property
    def rank_text(self) -> str:
        return f"{self.rank}=" if self.tied else str(self.rank)

    @property
    def total_text(self) -> str:
        return f"{self.total:.2f}"

    @property
    def events_played(self) -> int:
        return len(self.counted) + len(self.others)


def overall_table(
    events: Sequence[Event], placings: Sequence[FestivalPlacing], best: int = BEST_EVENTS
) -> list[OverallLine]:
    """Players ranked by the sum of their ``best`` events' Pentamind points (MSO's Pentamind
    counts five), best first; equal totals share a rank and are listed by name."""
    order = {event.pk: n for n, event in enumerate(events)}
    by_player: dict[int, list[FestivalPlacing]] = {}
    for row in placings:
        by_player.setdefault(row.player_id, []).append(row)
    scored = []
    for player_id, rows in by_player.items():
        rows.sort(key=lambda r: (-r.pentamind_points, order.get(r.event_id, 0)))
        counted = tuple(rows[:best])
        total = round(sum(r.pentamind_points for r in counted), 2)
        scored.append((player_id, rows[0].player_name, total, counted, tuple(rows[best:])))
    scored.sort(key=lambda s: (-s[2], s[1].casefold(), s[0]))
    totals = [s[2] for s in scored]
    lines = []
    for player_id, name, total, counted, others in scored:
        rank = totals.index(total) + 1
        lines.append(
            OverallLine(rank, totals.count(total) > 1, player_id, name, total, counted, others)
        )
    return lines
