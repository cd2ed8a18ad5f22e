"""Fair clocks: a clock operation is charged when it was made on the device, not when it reached
the server, as far as the seat's lag allowance reaches (docs/clocks.md).

The device sends the moment (``client_at``) in the server's time, having estimated its offset
from the server's time in its answers. The server clamps that moment between the last entry
that set the clocks and the moment the write holds the game's lock, and credits the delay to
the seat on the clock: at most the event's cap per operation, and from the seat's bank, which
starts full, spends what it credits and gains half the cap back with every operation, never
above full (lichess's lag compensation quota). The bank is folded from the credits the log
holds, so there is nothing else to keep in step.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from games.models import Game, GameAction
from tournament.errors import DomainError
from tournament.reading import whole_number

Kind = GameAction.Kind
#: The key of an operation's payload that says when it was made and what it was credited.
LAG = "lag"
#: The entries that set the clocks: a credited moment never goes back past the last of them.
CLOCK_SETTING = (
    Kind.START,
    Kind.PRESS,
    Kind.PAUSE,
    Kind.RESUME,
    Kind.ADJUST,
    Kind.FLAG,
    Kind.TAKEBACK,
)
CLOCK_OPERATIONS = (Kind.START, Kind.PRESS, Kind.PAUSE, Kind.RESUME, Kind.ADJUST)


def read_client_at(value: object) -> datetime:
    """The moment a device says an operation was made: milliseconds since 1970 in the server's
    time (a whole number, or its digits), or an ISO 8601 time with its offset. Refused with a
    message naming the field."""
    ms = whole_number(value.strip() if isinstance(value, str) else value)
    moment: datetime | None = None
    if ms is not None:
        try:
            moment = datetime.fromtimestamp(ms / 1000, tz=UTC)
        except (OverflowError, OSError, ValueError):
            moment = None
    elif isinstance(value, str):
        try:
            moment = parse_datetime(value.strip())
        except ValueError:
            moment = None
        if moment is not None and moment.tzinfo is None:
            raise DomainError(
                _(
                    "The moment the operation was made (client_at) %(value)s has no time "
                    "zone: give its offset (e.g. 2026-08-20T10:00:00.250+00:00) or "
                    "milliseconds since 1970."
                )
                % {"value": repr(value)},
                field="client_at",
            )
    if moment is None:
        raise DomainError(
            _(
                "The moment the operation was made (client_at) must be in the server's time: "
                "milliseconds since 1970 or an ISO 8601 time with its offset, not %(value)s."
            )
            % {"value": repr(value)[:60]},
            field="client_at",
        )
    return moment


@dataclass(frozen=True, slots=True)
class Allowance:
    """An event's lag allowance, per seat."""

    #: the most one operation is credited
    cap_ms: int
    #: the bank's size: full at the start of the game
    bank_ms: int

    @property
    def gain_ms(self) -> int:
        """What the bank gains back with every operation credited to the seat."""
        return self.cap_ms // 2

    def bank_after(self, credits: Iterable[int]) -> int:
        """The bank left after ``credits``, the seat's in the order they were given."""
        bank = self.bank_ms
        for credit in credits:
            bank = max(0, min(self.bank_ms, bank - credit + self.gain_ms))
        return bank


def allowance(game: Game) -> Allowance:
    event = game.event_board.round.event
    return Allowance(event.clock_lag_cap_ms, event.clock_lag_bank_ms)


@dataclass(frozen=True, slots=True)
class Charge:
    """When a clock operation is charged, and what its seat was credited for the delay."""

    #: the moment charged: ``received`` less the credit
    at: datetime
    #: when the server held the game's lock
    received: datetime
    #: the moment the device sent, as it sent it
    client_at: datetime
    seat: int
    credited_ms: int

    def record(self) -> dict[str, Any]:
        """What the operation's log entry keeps of it (an appeal reads it)."""
        return {
            "seat": self.seat,
            "client_at": self.client_at.isoformat(),
            "received_at": self.received.isoformat(),
            "credited_ms": self.credited_ms,
        }


def _clock_entries(game: Game) -> list[tuple[str, datetime, dict[str, Any]]]:
    """The log's entries that set the clocks (kind, moment, payload), in order."""
    rows = game.actions.filter(kind__in=CLOCK_SETTING).order_by("index")
    return list(rows.values_list("kind", "at", "payload"))


def _lag_records(entries: list[tuple[str, datetime, dict[str, Any]]]) -> list[dict[str, Any]]:
    return [
        payload[LAG]
        for kind, _at, payload in entries
        if kind in CLOCK_OPERATIONS
        and isinstance(payload, dict)
        and isinstance(payload.get(LAG), dict)
    ]


def _credits(records: list[dict[str, Any]], seat: int) -> list[int]:
    return [
        r["credited_ms"]
        for r in records
        if r.get("seat") == seat and isinstance(r.get("credited_ms"), int)
    ]


def _ms(delta: timedelta) -> int:
    return max(0, int(delta.total_seconds() * 1000))


def charge(game: Game, received: datetime, client_at: datetime, seat: int) -> Charge:
    """The operation made at ``client_at`` on the device, charged to ``seat``'s clock: no
    earlier than the last entry that set the clocks, no later than ``received``, and credited
    at most the cap and what the seat's bank holds."""
    rules = allowance(game)
    entries = _clock_entries(game)
    floors = [t for t in (entries[-1][1] if entries else None, game.clock_since) if t is not None]
    claimed = min(max([client_at, *floors]), received)
    bank = rules.bank_after(_credits(_lag_records(entries), seat))
    credit = min(_ms(received - claimed), rules.cap_ms, bank)
    return Charge(
        at=received - timedelta(milliseconds=credit),
        received=received,
        client_at=client_at,
        seat=seat,
        credited_ms=credit,
    )


def flag_grace(game: Game, seat: int) -> timedelta:
    """How long past a seat's fall its flag waits, when a write without a moment of its own or
    the beat's sweep finds it: as long as the seat's next operation could still be credited,
    at a board whose device sends its moments (a press on its way is not beaten by the
    sweep); else not at all."""
    records = _lag_records(_clock_entries(game))
    if not records:
        return timedelta(0)
    rules = allowance(game)
    return timedelta(milliseconds=min(rules.cap_ms, rules.bank_after(_credits(records, seat))))
