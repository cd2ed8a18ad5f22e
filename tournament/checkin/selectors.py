"""Reads of check-in before each round (Event.check_in_required): the round players check in
for, its window, each entry's state and the director's progress count. They never write; the
rules themselves are told in tournament/checkin/services.py."""

import zoneinfo
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, tzinfo

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User as Account
from django.db.models import Q
from django.utils import timezone

from tournament.checkin.models import CheckIn, CheckInWindow
from tournament.entries.selectors import entries_of
from tournament.models.events import Entry, Event, Round
from tournament.permissions import player_of
from tournament.rounds.selectors import next_round_number, open_round

User = Account | AnonymousUser


def event_zone(event: Event) -> tzinfo:
    """The zone the event's check-in times are set and shown in: its festival's, else the
    site's."""
    festival = event.festival
    name = festival.time_zone if festival is not None else settings.TIME_ZONE
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo(settings.TIME_ZONE)


def zone_name(event: Event) -> str:
    return str(event_zone(event))


def check_in_round(event: Event) -> int | None:
    """The round players check in for now: the next one to be paired; None once every round
    of the event is paired (or being paired)."""
    number = next_round_number(event)
    return number if number <= event.rounds else None


def is_paired(event: Event, round_number: int) -> bool:
    """The round exists (being paired, a draft or published): its check-in is over."""
    return event.round_set.filter(number=round_number).exists()


@dataclass(frozen=True)
class Window:
    """When players may check in for one round. ``opens_at`` None: not known yet (the round
    before is not published); ``closes_at`` None: until the round is paired."""

    round_number: int
    opens_at: datetime | None
    closes_at: datetime | None
    explicit: bool  # set by a director (CheckInWindow), else the default
    paired: bool

    def is_open(self, now: datetime | None = None) -> bool:
        now = now or timezone.now()
        if self.paired or self.opens_at is None or now < self.opens_at:
            return False
        return self.closes_at is None or now < self.closes_at

    def state(self, now: datetime | None = None) -> str:
        """ "paired", "open", "not-yet" or "closed"."""
        now = now or timezone.now()
        if self.paired:
            return "paired"
        if self.is_open(now):
            return "open"
        if self.opens_at is None or now < self.opens_at:
            return "not-yet"
        return "closed"


def _default_opening(
    event: Event, round_number: int, published: Mapping[int, datetime | None]
) -> datetime | None:
    """Round 1: open from the start (the event's creation); round N: from the publication of
    round N-1 (None while it is not published)."""
    if round_number == 1:
        return event.created_at
    return published.get(round_number - 1)


def windows_of(event: Event) -> list[Window]:
    """The window of every round of the event, set or default."""
    explicit = {w.round_number: w for w in CheckInWindow.objects.filter(event=event)}
    rounds = list(event.round_set.values_list("number", "published_at"))
    paired = {number for number, _at in rounds}
    published = {number: at for number, at in rounds if at is not None}
    windows = []
    for number in range(1, event.rounds + 1):
        set_ = explicit.get(number)
        windows.append(
            Window(
                round_number=number,
                opens_at=set_.opens_at if set_ else _default_opening(event, number, published),
                closes_at=set_.closes_at if set_ else None,
                explicit=set_ is not None,
                paired=number in paired,
            )
        )
    return windows


def window_of(event: Event, round_number: int) -> Window:
    set_ = CheckInWindow.objects.filter(event=event, round_number=round_number).first()
    paired = is_paired(event, round_number)
    if set_ is not None:
        return Window(round_number, set_.opens_at, set_.closes_at, True, paired)
    published = dict(
        event.round_set.filter(number=round_number - 1, published_at__isnull=False).values_list(
            "number", "published_at"
        )
    )
    return Window(
        round_number, _default_opening(event, round_number, published), None, False, paired
    )


def entry_of(user: User, event: Event) -> Entry | None:
    """The signed-in person's own entry in the event (through their claimed player), if any."""
    player = player_of(user)
    if player is None:
        return None
    mine = Q(player=player) | Q(partner=player)  # a partnership team is both partners' own
    return event.entries.select_related("player", "partner", "event").filter(mine).first()


def check_in_of(entry: Entry, round_number: int) -> CheckIn | None:
    return (
        CheckIn.objects.select_related("user__player")
        .filter(entry=entry, round_number=round_number)
        .first()
    )


def takes_part(entry: Entry, round_number: int) -> bool:
    """The entry is to be paired in the round, as ``selectors.player_states`` reads it: not
    withdrawn before it, and joined by then."""
    withdrawn = entry.status == Entry.Status.WITHDRAWN and (
        entry.withdrawn_after_round is None or entry.withdrawn_after_round < round_number
    )
    return not withdrawn and entry.joined_round <= round_number


@dataclass
class Row:
    """An entry on the director's check-in list."""

    entry: Entry
    check_in: CheckIn | None
    bye: bool  # a requested bye for the round: no check-in needed


def rows_of(event: Event, round_number: int) -> list[Row]:
    """Every entry taking part in the round, in starting-rank order, with its check-in."""
    found = {
        c.entry_id: c
        for c in CheckIn.objects.filter(entry__event=event, round_number=round_number)
        .select_related("user__player")
        .order_by("at", "id")
    }
    return [
        Row(entry=e, check_in=found.get(e.pk), bye=round_number in e.requested_byes)
        for e in entries_of(event)
        if takes_part(e, round_number)
    ]


def not_checked_in(event: Event, round_number: int) -> list[Entry]:
    """The entries that take part in the round, have no requested bye for it and are not
    checked in: with check-in required, the draft gives each a board of one, absent."""
    return [r.entry for r in rows_of(event, round_number) if r.check_in is None and not r.bye]


@dataclass
class Progress:
    """ "Checked in: 23 of 30" before a round is paired, and who has not."""

    round_number: int
    checked_in: int
    expected: int  # entries taking part without a requested bye
    byes: int
    missing: list[Entry]
    window: Window


def progress(event: Event, round_number: int) -> Progress:
    rows = rows_of(event, round_number)
    expected = [r for r in rows if not r.bye]
    return Progress(
        round_number=round_number,
        checked_in=sum(1 for r in expected if r.check_in is not None),
        expected=len(expected),
        byes=len(rows) - len(expected),
        missing=[r.entry for r in expected if r.check_in is None],
        window=window_of(event, round_number),
    )


def pairing_progress(event: Event, round_: Round | None = None) -> Progress | None:
    """The check-in count to show where the director pairs the next round: when the event
    requires check-in and no round is being paired or in draft; on a round's page, only on
    the last round's. None otherwise."""
    if not event.check_in_required or open_round(event) is not None:
        return None
    number = check_in_round(event)
    if number is None or (round_ is not None and round_.number != number - 1):
        return None
    return progress(event, number)


def local(moment: datetime | None, event: Event) -> datetime | None:
    """A moment in the event's zone (for forms and the log)."""
    return timezone.localtime(moment, event_zone(event)) if moment else None


# --- the director's check-in desk ----------------------------------------------------------

IN, MISSING, BYE, WITHDRAWN = "in", "missing", "bye", "withdrawn"


@dataclass
class DeskRow:
    """One entry on the desk: ``state`` is "in" (checked in), "missing" (takes part, not
    checked in yet), "bye" (a requested bye for the round: no check-in) or "withdrawn"
    (withdrawn before the round: no check-in, no board)."""

    entry: Entry
    check_in: CheckIn | None
    state: str

    @property
    def can_toggle(self) -> bool:
        return self.state in (IN, MISSING)


@dataclass
class Counts:
    """What the desk counts. Absent: withdrawn before the round, or on a requested bye for it
    (neither checks in nor counts as missing). Entries that join in a later round are in no
    count."""

    checked_in: int
    missing: int
    absent: int

    @property
    def expected(self) -> int:
        """Who is to check in: the "of" in "Checked in: 12 of 14"."""
        return self.checked_in + self.missing


def _withdrawn_before(entry: Entry, round_number: int) -> bool:
    return entry.joined_round <= round_number and not takes_part(entry, round_number)


def desk_of(event: Event, round_number: int) -> list[DeskRow]:
    """Every entry of the round on the director's desk, in starting-rank order: those taking
    part (checked in, missing or on a requested bye) and those withdrawn before it."""
    found = {
        c.entry_id: c
        for c in CheckIn.objects.filter(entry__event=event, round_number=round_number)
        .select_related("user__player")
        .order_by("at", "id")
    }
    rows = []
    for entry in entries_of(event):
        if _withdrawn_before(entry, round_number):
            rows.append(DeskRow(entry=entry, check_in=None, state=WITHDRAWN))
        elif not takes_part(entry, round_number):
            continue  # joins in a later round
        elif round_number in entry.requested_byes:
            rows.append(DeskRow(entry=entry, check_in=None, state=BYE))
        else:
            check_in = found.get(entry.pk)
            rows.append(DeskRow(entry=entry, check_in=check_in, state=IN if check_in else MISSING))
    return rows


def counts_of(rows: list[DeskRow]) -> Counts:
    states = [r.state for r in rows]
    return Counts(
        checked_in=states.count(IN),
        missing=states.count(MISSING),
        absent=states.count(BYE) + states.count(WITHDRAWN),
    )
