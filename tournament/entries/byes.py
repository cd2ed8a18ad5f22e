"""Requested byes: the rounds an entrant asks to sit out, and the points each may carry."""

from collections.abc import Iterable

from django.db import transaction
from django.utils.translation import gettext as _

from tournament import effects
from tournament.acting import User, lock_event, paired_rounds
from tournament.errors import DomainError
from tournament.events.log import note
from tournament.models.events import Entry, Event
from tournament.permissions import require_director_or_own_entry
from tournament.reading import whole_number

# How a director may write a requested bye's value -> the value stored.
BYE_POINTS = {"0": "0", "0.0": "0", "½": "0.5", "1/2": "0.5", "0.5": "0.5", ".5": "0.5"}
BYE_POINTS |= {"1": "1", "1.0": "1"}
BYE_POINT_WORDS = {"0": "0", "0.5": "½", "1": "1"}


def allowed_bye_points(event: Event) -> list[str]:
    """The bye values the event lets players request ("0", "0.5", "1"); ½ unless it says."""
    return [v for v in ("0", "0.5", "1") if v in (event.requested_bye_points or ["0.5"])]


def _bye_points(event: Event, number: int, value: object) -> str:
    """A requested bye's value, checked against what the event allows; None: the default (½,
    or the only value the event allows)."""
    allowed = allowed_bye_points(event)
    if value is None:
        return "0.5" if "0.5" in allowed else allowed[-1]
    points = BYE_POINTS.get(str(value).strip())
    if points is None:
        raise DomainError(
            _("Round %(number)s: %(value)s is not a bye value (0, ½ or 1).")
            % {"number": number, "value": repr(value)},
            field="requested_byes",
        )
    if points not in allowed:
        shown = ", ".join(BYE_POINT_WORDS[v] for v in allowed)
        raise DomainError(
            _(
                "Round %(number)s: this event allows requested byes of %(shown)s "
                "point(s) only, not %(value)s."
            )
            % {"number": number, "shown": shown, "value": BYE_POINT_WORDS[points]},
            field="requested_byes",
        )
    return points


def apply_requested_byes(entry: Entry, rounds: list[int | tuple[int, object]]) -> None:
    """``rounds``: round numbers (a bye of the default value) or (round, value) pairs."""
    event = entry.event
    paired = paired_rounds(event)
    cleaned: list[int] = []
    points: dict[str, str] = {}
    for item in rounds:
        value, asked = item if isinstance(item, tuple) else (item, None)
        number = whole_number(value)
        if number is None:
            raise DomainError(
                _("%(value)s is not a round number.") % {"value": repr(value)[:40]},
                field="requested_byes",
            )
        if not 1 <= number <= event.rounds:
            raise DomainError(
                _("There is no round %(number)s: the event has %(rounds)s rounds.")
                % {"number": number, "rounds": event.rounds},
                field="requested_byes",
            )
        if number < entry.joined_round:
            raise DomainError(
                _(
                    "%(name)s joins in round %(joined_round)s: no bye can be requested "
                    "for round %(number)s."
                )
                % {"name": entry.name, "joined_round": entry.joined_round, "number": number},
                field="requested_byes",
            )
        if number <= paired and number not in entry.requested_byes:
            raise DomainError(
                _(
                    "Round %(number)s is already paired: a bye can be requested only "
                    "for later rounds."
                )
                % {"number": number},
                field="requested_byes",
            )
        old = (entry.requested_bye_points or {}).get(str(number), "0.5")
        kept = asked is None and number in entry.requested_byes
        worth = old if kept else _bye_points(event, number, asked)
        if number <= paired and number in entry.requested_byes and worth != old:
            raise DomainError(
                _("Round %(number)s is already paired: its requested bye's value stands.")
                % {"number": number},
                field="requested_byes",
            )
        if number not in cleaned:
            cleaned.append(number)
            points[str(number)] = worth
    # A player who asks to sit out most of the event is a data-entry slip (or should withdraw):
    # a requested bye scores, so more than half the rounds would bank points without playing.
    allowed = event.rounds // 2
    if len(cleaned) > allowed:
        raise DomainError(
            _(
                "%(name)s asks for byes in %(cleaned)s of the event's %(rounds)s "
                "rounds: at most %(allowed)s (half the rounds) can be requested."
            )
            % {
                "name": entry.name,
                "cleaned": len(cleaned),
                "rounds": event.rounds,
                "allowed": allowed,
            },
            field="requested_byes",
        )
    for number in entry.requested_byes:
        if number <= paired and number not in cleaned:
            raise DomainError(
                _("Round %(number)s is already paired: its requested bye stands.")
                % {"number": number},
                field="requested_byes",
            )
    entry.requested_byes = sorted(cleaned)
    entry.requested_bye_points = {str(n): points[str(n)] for n in entry.requested_byes}
    entry.save(update_fields=["requested_byes", "requested_bye_points"])


@transaction.atomic
def set_requested_byes(
    *, entry: Entry, user: User, rounds: Iterable[int | tuple[int, object]]
) -> Entry:
    """The rounds in which the entry takes a requested bye (not yet paired ones): round
    numbers, for the default value (½), or (round, value) pairs with a value of 0, ½ or 1 the
    event allows. The entry's own player may set them too."""
    require_director_or_own_entry(user, entry)
    lock_event(entry.event)
    entry = Entry.objects.select_related("event", "player").get(pk=entry.pk)
    before = _byes_text(entry)
    apply_requested_byes(entry, list(rounds))
    after = _byes_text(entry)
    if after != before:
        # A requested bye scores points: the log says who changed it, as for a result.
        note(
            entry.event,
            user,
            "bye-request",
            f"Requested byes of {entry.name}: {after} (were: {before}).",
        )
    effects.live_changed(entry.event_id)  # the event page lists requested byes
    return entry


def _byes_text(entry: Entry) -> str:
    """ "round 3 (½), round 5 (1)" or "none", as the event log words them."""
    worth = {"0": "0", "0.0": "0", "0.5": "½", "1": "1", "1.0": "1"}
    points = entry.requested_bye_points or {}
    parts = [
        f"round {n} ({worth.get(str(points.get(str(n), '0.5')), points.get(str(n)))})"
        for n in entry.requested_byes
    ]
    return ", ".join(parts) or "none"
