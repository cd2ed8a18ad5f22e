"""Check-in before each round, for events that require it (``Event.check_in_required``).

A ``CheckIn`` row says an entry is checked in for a round; checking out deletes it. When the
round is paired, an entry that takes part in it (not withdrawn, joined by then) and is not
checked in is not paired: ``selectors.player_states`` makes it inactive for the round, and
``services.rounds.compute_draft`` gives it a board of one, absent (0 points), with the reason
"did not check in for round N". A requested bye needs no check-in (and takes none).

When players may check in for round N (its window):

- set by a director (``CheckInWindow``): from ``opens_at`` until ``closes_at``, times set in
  the event's festival's time zone, else the site's;
- the default, when round N has no window set: round 1 is open from the start (the event's
  creation), round N > 1 from the publication of round N-1;
- either way, check-in for round N is over once round N is paired (being paired, a draft or
  published); deleting the draft opens it again (until its window closes).

A player checks in or out for their own entry, inside the window. A director checks an entry
in or out by hand at any time before the round is paired, whatever the window. Every check-in
and check-out is written in the event's log (kind "check-in") with who, the round and whether
it was by hand or by the player. Checking in twice (a double click, two devices at once) keeps
one row and one log line.

"Check in everyone present": a director checks in, in one go, every entry of the round still
to check in (not those withdrawn before it, on a requested bye or joining later); one log line
names them all.
"""

from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.acting import User, lock_event
from tournament.checkin import selectors as checkin_selectors
from tournament.checkin.models import CheckIn, CheckInWindow
from tournament.errors import Conflict, DomainError
from tournament.events.models import EventLogEntry
from tournament.logs import log_write
from tournament.models.events import Entry, Event
from tournament.permissions import require_arbiter, require_director, require_own_entry
from tournament.reading import whole_number
from tournament.text import day_and_time

KIND = EventLogEntry.Kind.CHECK_IN


def _round_number(event: Event, round_number: object) -> int:
    """The round asked for (a number within the event's rounds), else the next to be paired."""
    if round_number is None or round_number == "":
        number = checkin_selectors.check_in_round(event)
        if number is None:
            raise DomainError(
                _("All %(rounds)s rounds of %(name)s are paired: there is no check-in left.")
                % {"rounds": event.rounds, "name": event.name},
                field="round",
                code="no_round",
            )
        return number
    number = whole_number(round_number)
    if number is None:
        raise DomainError(
            _("%(value)s is not a round number.") % {"value": repr(round_number)[:40]},
            field="round",
        )
    if not 1 <= number <= event.rounds:
        raise DomainError(
            _("There is no round %(number)s: %(name)s has %(rounds)s rounds.")
            % {"number": number, "name": event.name, "rounds": event.rounds},
            field="round",
        )
    return number


def _check_round(event: Event, number: int) -> None:
    """Refuse unless the event asks for check-in and the round is not paired yet."""
    if not event.check_in_required:
        raise DomainError(
            _("%(name)s does not ask players to check in.") % {"name": event.name},
            code="check_in_not_required",
        )
    if checkin_selectors.is_paired(event, number):
        raise Conflict(
            _("Round %(number)s is already paired: check-in for it is over.") % {"number": number},
            field="round",
            code="round_paired",
        )


def _check_open(event: Event, entry: Entry, number: int, by_hand: bool) -> None:
    """Refuse unless the entry may be checked in or out for the round now."""
    _check_round(event, number)
    if not checkin_selectors.takes_part(entry, number):
        if entry.joined_round > number:
            message = _("%(player)s joins in round %(joined)s, not round %(number)s.") % {
                "player": entry.player.name,
                "joined": entry.joined_round,
                "number": number,
            }
        else:
            message = _("%(player)s has withdrawn.") % {"player": entry.player.name}
        raise DomainError(message, field="entry", code="not_playing")
    if number in entry.requested_byes:
        raise DomainError(
            _("%(player)s asked for a bye in round %(number)s: no check-in is needed.")
            % {"player": entry.player.name, "number": number},
            field="round",
            code="requested_bye",
        )
    if by_hand:
        return
    window = checkin_selectors.window_of(event, number)
    now = timezone.now()
    if window.is_open(now):
        return
    if window.opens_at is None:
        message = _("Check-in for round %(number)s opens when round %(before)s is published.") % {
            "number": number,
            "before": number - 1,
        }
    elif now < window.opens_at:
        message = _("Check-in for round %(number)s opens at %(when)s.") % {
            "number": number,
            "when": _when(window.opens_at, event),
        }
    else:
        message = _("Check-in for round %(number)s closed at %(when)s: ask a director.") % {
            "number": number,
            "when": _when(window.closes_at, event),
        }
    raise DomainError(message, field="round", code="check_in_closed")


def _when(moment: datetime | None, event: Event) -> str:
    """A moment in the event's zone, as the reader's language writes it (a message)."""
    local = checkin_selectors.local(moment, event)
    zone = checkin_selectors.zone_name(event)
    return f"{day_and_time(local)} ({zone})" if local else ""


def _stamp(moment: datetime | None, event: Event) -> str:
    """A moment in the event's zone for the event's log, whose lines are stored in English."""
    local = checkin_selectors.local(moment, event)
    return f"{local:%Y-%m-%d %H:%M} ({checkin_selectors.zone_name(event)})" if local else ""


def _allowed(user: User, entry: Entry, by_hand: bool) -> None:
    if by_hand:
        require_arbiter(user, entry.event)
    else:
        require_own_entry(user, entry)


def _locked(entry: Entry) -> tuple[Event, Entry]:
    """The event under its row lock (pairing takes it too: a check-in and the pairing of its
    round never cross), and the entry as it is now."""
    event = lock_event(entry.event)
    entry = Entry.objects.select_related("player", "event").get(pk=entry.pk)
    return event, entry


def _how(by_hand: bool) -> str:
    return "by hand (a director)" if by_hand else "by the player"


@transaction.atomic
def check_in(
    *, entry: Entry, user: User, round_number: object = None, by_hand: bool = False
) -> tuple[CheckIn, bool]:
    """Check the entry in for the round (default: the next to be paired): by its player inside
    the window, or ``by_hand`` by a director before the round is paired. Returns the check-in
    and whether it is new (checking in again changes nothing)."""
    _allowed(user, entry, by_hand)
    event, entry = _locked(entry)
    number = _round_number(event, round_number)
    _check_open(event, entry, number, by_hand)
    found = checkin_selectors.check_in_of(entry, number)
    if found is not None:
        return found, False
    try:
        with transaction.atomic():  # another request may have checked the entry in meanwhile
            row = CheckIn.objects.create(
                entry=entry,
                round_number=number,
                user=user if user.is_authenticated else None,
                by_director=by_hand,
            )
    except IntegrityError:
        found = checkin_selectors.check_in_of(entry, number)
        if found is None:
            raise
        return found, False
    log_write("checkin.in", user=user, event=event.pk, entry=entry.pk, round=number)
    _note(event, user, f"{entry.player.name} checked in for round {number} {_how(by_hand)}.")
    return row, True


@transaction.atomic
def check_out(
    *, entry: Entry, user: User, round_number: object = None, by_hand: bool = False
) -> None:
    """Undo a check-in (the row goes), under the same rules as checking in."""
    _allowed(user, entry, by_hand)
    event, entry = _locked(entry)
    number = _round_number(event, round_number)
    _check_open(event, entry, number, by_hand)
    deleted, _rows = CheckIn.objects.filter(entry=entry, round_number=number).delete()
    if not deleted:
        raise Conflict(
            _("%(player)s is not checked in for round %(number)s.")
            % {"player": entry.player.name, "number": number},
            code="not_checked_in",
        )
    log_write("checkin.out", user=user, event=event.pk, entry=entry.pk, round=number)
    _note(event, user, f"{entry.player.name} checked out of round {number} {_how(by_hand)}.")


@transaction.atomic
def check_in_everyone(
    *, event: Event, user: User, round_number: object = None
) -> tuple[int, list[Entry]]:
    """Check in by hand, at once, every entry of the round that is still to check in: the
    director's "everyone present" at the start of a round (a player who is not there is
    checked out again after, or left out before). Entries withdrawn before the round, on a
    requested bye for it or joining later take no check-in and are left alone. One line in the
    event's log names who was checked in. The round, and the entries checked in in
    starting-rank order (none when everyone was already)."""
    require_arbiter(user, event)
    event = lock_event(event)  # as one check-in: no check-in nor the pairing crosses this
    number = _round_number(event, round_number)
    _check_round(event, number)
    missing = checkin_selectors.not_checked_in(event, number)
    if not missing:
        return number, []
    CheckIn.objects.bulk_create(
        [
            CheckIn(
                entry=entry,
                round_number=number,
                user=user if user.is_authenticated else None,
                by_director=True,
            )
            for entry in missing
        ],
        # The event's lock keeps others out; SQLite takes no row lock, and there a player's
        # own check-in in between keeps its row rather than failing the director's.
        ignore_conflicts=True,
    )
    pks = [entry.pk for entry in missing]
    log_write("checkin.everyone", user=user, event=event.pk, round=number, entries=pks)
    names = ", ".join(entry.name for entry in missing)
    _note(
        event,
        user,
        f"Everyone present checked in for round {number} by hand (a director), "
        f"{len(missing)}: {names}.",
    )
    return number, missing


def _note(event: Event, user: User, description: str) -> None:
    EventLogEntry.objects.create(
        event=event,
        kind=KIND,
        description=description,
        user=user if user.is_authenticated else None,
    )


@transaction.atomic
def set_window(
    *,
    event: Event,
    user: User,
    round_number: object,
    opens_at: datetime | None,
    closes_at: datetime | None,
) -> CheckInWindow:
    """Set when players may check in for a round (aware times; naive ones are read in the
    event's zone). The round must be one of the event's and not yet paired."""
    require_director(user, event)
    event = lock_event(event)
    if round_number is None or round_number == "":
        raise DomainError(_("Say which round the window is for."), field="round_number")
    try:
        number = _round_number(event, round_number)
    except DomainError as exc:
        raise DomainError(exc.message, field="round_number") from None
    if checkin_selectors.is_paired(event, number):
        raise Conflict(
            _("Round %(number)s is already paired: its check-in is over.") % {"number": number},
            field="round_number",
            code="round_paired",
        )
    zone = checkin_selectors.event_zone(event)
    times: dict[str, datetime] = {}
    for field, value, label in (
        ("opens_at", opens_at, _("when check-in opens")),
        ("closes_at", closes_at, _("when check-in closes")),
    ):
        if not isinstance(value, datetime):
            raise DomainError(
                _("Give %(what)s (a date and a time).") % {"what": label}, field=field
            )
        times[field] = timezone.make_aware(value, zone) if timezone.is_naive(value) else value
    if times["closes_at"] <= times["opens_at"]:
        raise DomainError(
            _("Check-in must close after it opens (%(opens)s).")
            % {"opens": _when(times["opens_at"], event)},
            field="closes_at",
        )
    window, _created = CheckInWindow.objects.update_or_create(
        event=event, round_number=number, defaults=times
    )
    log_write("checkin.window", user=user, event=event.pk, round=number)
    _note(
        event,
        user,
        f"Check-in window of round {number}: {_stamp(window.opens_at, event)} "
        f"to {_stamp(window.closes_at, event)}.",
    )
    return window


@transaction.atomic
def clear_window(*, event: Event, user: User, round_number: object) -> bool:
    """Drop a round's window: the default applies again. False when it had none."""
    require_director(user, event)
    event = lock_event(event)
    number = _round_number(event, round_number)
    deleted, _rows = CheckInWindow.objects.filter(event=event, round_number=number).delete()
    if deleted:
        _note(event, user, f"Check-in window of round {number} removed: the default applies.")
    return bool(deleted)
