"""Reads of a festival: its events, its schedule and its players' placings across events.

Placings come from each member event's standings (:func:`scoring.standings.standings_for`, the
cached table every standings page reads), so the festival page and the Pentamind export agree
with the events' own final placings.

**Field size** of an event (Pentamind): its entries that played at least one game over the board
(``games_played`` of the standings: forfeits, byes and absences are not games). An entry without
a game gets no placing. **Places** are the standings' ranks and ties, counted within that field:
players sharing a rank share a span of places ("3-5" when three share 3rd), and an entry left out
does not take a place; when every entry played, the places are exactly the event's final
placings (``placings.csv``).

Nothing here writes to the database (a standings cache miss is computed and cached, as on the
standings pages).
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from django.db.models import Count, F, QuerySet
from django.shortcuts import get_object_or_404

from scoring.standings import standings_for
from scoring.tables import Standings, number_text, place_span
from tournament import selectors
from tournament.models import CheckInWindow, Event, Festival


@dataclass(frozen=True)
class FestivalPlacing:
    """One player's place in one event of the festival (a row of the Pentamind export)."""

    player_id: int
    player_name: str
    entry_id: int
    event_id: int
    event_name: str
    event_slug: str
    event_status: str
    place_from: int
    place_to: int
    field_size: int
    score: float  # victory points

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


def festival_list() -> QuerySet[Festival]:
    """Every festival, newest first, with its number of events (``event_count``)."""
    return selectors.festival_list()


def festival_or_404(slug: str) -> Festival:
    return get_object_or_404(Festival, slug=slug)


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


def event_placings(event: Event, table: Standings) -> list[FestivalPlacing]:
    """The event's players who played at least one game, with their places counted within
    that field (see the module's notes), best first."""
    field = [line for line in table.lines if line.games_played > 0]
    sizes = Counter(line.rank for line in field)
    first_index: dict[int, int] = {}
    for index, line in enumerate(field):
        first_index.setdefault(line.rank, index)
    placings = []
    for line in field:
        place_from = first_index[line.rank] + 1
        placings.append(
            FestivalPlacing(
                player_id=line.contender.player_id,
                player_name=line.contender.name,
                entry_id=line.contender.entry_id,
                event_id=event.pk,
                event_name=event.name,
                event_slug=event.slug,
                event_status=event.status,
                place_from=place_from,
                place_to=place_from + sizes[line.rank] - 1,
                field_size=len(field),
                score=line.vp,
            )
        )
    return placings


def festival_placings(events: Sequence[Event]) -> list[FestivalPlacing]:
    """Every player's placing in each of ``events`` (the festival's, in its order), grouped by
    player (name, then registry id), each player's events in the festival's order."""
    order = {event.pk: n for n, event in enumerate(events)}
    rows = [row for event in events for row in event_placings(event, standings_for(event))]
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
