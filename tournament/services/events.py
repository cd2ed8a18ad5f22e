"""Events and their directors and arbiters."""

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from games.engine import make_ruleset
from scoring import core as scoring_core
from tournament import effects, selectors
from tournament.errors import DomainError, NotAllowed
from tournament.models import PUBLIC_ROUND_STATUSES, Event, EventRole, Round
from tournament.permissions import require_director
from tournament.services.base import User, lock_event, paired_rounds

EVENT_FIELDS = (
    "name",
    "venue",
    "start_date",
    "end_date",
    "ruleset",
    "ruleset_options",
    "rounds",
    "pairing_system",
    "clock_minutes",
    "tiebreak_chain",
    "bye_value",
)
# Fixed once round 1 is paired: changing them would change the games or pairings already made.
LOCKED_AFTER_ROUND_ONE = ("ruleset", "ruleset_options", "pairing_system")


def _clean_event(event: Event, data: Mapping[str, Any]) -> None:
    unknown = set(data) - set(EVENT_FIELDS)
    if unknown:
        raise DomainError(f"Unknown event field(s): {', '.join(sorted(unknown))}.")
    for name, value in data.items():
        setattr(event, name, value)
    if not str(event.name or "").strip():
        raise DomainError("The event needs a name.", field="name")
    event.name = event.name.strip()
    # Two events of one name would be told apart only by their web addresses.
    same_name = Event.objects.filter(name__iexact=event.name).exclude(pk=event.pk)
    if same_name.exists():
        raise DomainError(
            f"There is already an event called {event.name!r}: give this one another name "
            "(add the year or the venue, say).",
            field="name",
        )
    for field in ("name", "venue"):
        if len(getattr(event, field) or "") > 200:
            raise DomainError(f"The {field} is longer than 200 characters.", field=field)
    if event.start_date and event.end_date and event.end_date < event.start_date:
        raise DomainError("The event cannot end before it starts.", field="end_date")
    if event.ruleset not in Event.Ruleset.values:
        raise DomainError(f"{event.ruleset!r} is not a ruleset.", field="ruleset")
    if event.pairing_system not in Event.PairingSystem.values:
        raise DomainError(
            f"{event.pairing_system!r} is not a pairing system.", field="pairing_system"
        )
    if not isinstance(event.ruleset_options, dict):
        raise DomainError("Ruleset options must be a JSON object.", field="ruleset_options")
    _check_ruleset(event.ruleset, event.ruleset_options)
    if not isinstance(event.rounds, int) or not 1 <= event.rounds <= 30:
        raise DomainError("The number of rounds must be from 1 to 30.", field="rounds")
    if not isinstance(event.clock_minutes, int) or not 1 <= event.clock_minutes <= 180:
        raise DomainError("Clock minutes must be from 1 to 180.", field="clock_minutes")
    try:
        bye_value = Decimal(str(event.bye_value))
    except InvalidOperation:
        raise DomainError("The bye value must be 0, ½ or 1.", field="bye_value") from None
    if bye_value not in {Decimal("0"), Decimal("0.5"), Decimal("1")}:
        raise DomainError("The bye value must be 0, ½ or 1.", field="bye_value")
    event.bye_value = bye_value
    if isinstance(event.tiebreak_chain, list | tuple) and not event.tiebreak_chain:
        preset = ", ".join(scoring_core.PRESETS[scoring_core.DEFAULT_PRESET])
        raise DomainError(
            "The tie-break list is empty: name at least one tie-break, or give the MSO "
            f"Ingenious preset's ({preset}).",
            field="tiebreak_chain",
        )
    problems = scoring_core.validate_chain(event.tiebreak_chain)
    if problems:
        raise DomainError("Tie-breaks: " + "; ".join(problems) + ".", field="tiebreak_chain")
    event.tiebreak_chain = list(event.tiebreak_chain)


def _check_ruleset(name: str, options: dict[str, Any]) -> None:
    """The rules engine must accept the options, for two players, before any game is set up."""
    try:
        ruleset = make_ruleset(name, **options)
    except (TypeError, ValueError) as exc:
        raise DomainError(f"Ruleset options: {exc}.", field="ruleset_options") from None
    if 2 not in ruleset.players:
        raise DomainError(
            "Ruleset options: the games are for two players.", field="ruleset_options"
        )


@transaction.atomic
def create_event(*, user: User, data: Mapping[str, Any]) -> Event:
    """A new event; its creator becomes its first director."""
    if not user.is_authenticated:
        raise NotAllowed("Log in to create an event.", code="not_authenticated")
    event = Event(created_by=user)
    _clean_event(event, data)
    event.save()
    EventRole.objects.create(event=event, user=user, role=EventRole.Role.DIRECTOR)
    return event


@transaction.atomic
def update_event(*, event: Event, user: User, data: Mapping[str, Any]) -> Event:
    require_director(user, event)
    event = lock_event(event)
    before = {name: getattr(event, name) for name in EVENT_FIELDS}
    _clean_event(event, data)
    paired = paired_rounds(event)
    if paired:
        for name in LOCKED_AFTER_ROUND_ONE:
            if getattr(event, name) != before[name]:
                raise DomainError(
                    f"The {name.replace('_', ' ')} cannot change once round 1 is paired.",
                    field=name,
                )
        if event.rounds < paired:
            raise DomainError(
                f"Round {paired} is already paired: the event needs at least {paired} rounds.",
                field="rounds",
            )
        table = selectors.round_robin_rounds(event)
        if table is not None and event.rounds > table and event.rounds != before["rounds"]:
            raise DomainError(
                f"This all-play-all of {event.entries.count()} players has {table} rounds (its "
                f"Berger table): the event cannot be set to {event.rounds}.",
                field="rounds",
            )
    event.save()
    changed = {
        n for n in ("bye_value", "tiebreak_chain", "rounds") if getattr(event, n) != before[n]
    }
    if changed:
        refresh_event_status(event)
        effects.results_changed(event.pk)
    return event


@transaction.atomic
def add_role(*, event: Event, user: User, username: str, role: str) -> EventRole:
    require_director(user, event)
    if role not in EventRole.Role.values:
        raise DomainError(f"{role!r} is not a role: director or arbiter.", field="role")
    target = get_user_model().objects.filter(username=username.strip()).first()
    if target is None:
        raise DomainError(f"There is no user {username.strip()!r}.", field="username")
    found, created = EventRole.objects.get_or_create(event=event, user=target, role=role)
    if not created:
        raise DomainError(f"{target} is already {role} of {event.name}.", field="username")
    return found


@transaction.atomic
def remove_role(*, event: Event, user: User, role: EventRole) -> None:
    require_director(user, event)
    if role.event_id != event.pk:
        raise DomainError("That role belongs to another event.")
    directors = EventRole.objects.filter(event=event, role=EventRole.Role.DIRECTOR)
    if role.role == EventRole.Role.DIRECTOR and directors.count() == 1:
        raise DomainError("An event keeps at least one director.", field="role")
    role.delete()


def check_round_robin_rounds(event: Event, number: int) -> None:
    """An all-play-all has its Berger table's rounds and no more: round ``number`` must be one of
    them, and when round 1 fixes the table the event's rounds must fit in it (a round beyond
    the table has no pairing and would stay "being paired", and the event would never end)."""
    table = selectors.round_robin_rounds(event)
    if table is None:
        return
    players = event.entries.count()
    if number > table:
        raise DomainError(
            f"An all-play-all of {players} players has {table} rounds, all of them paired: "
            f"there is no round {number}.",
            code="round_robin_complete",
        )
    if number == 1 and event.rounds > table:
        raise DomainError(
            f"An all-play-all of {players} players takes {table} rounds, but the event is set "
            f"to {event.rounds}: set its rounds to {table} (or fewer) under Edit the event, "
            "then pair round 1.",
            field="rounds",
            code="round_robin_rounds",
        )


def refresh_event_status(event: Event) -> None:
    last = event.round_set.filter(number=event.rounds).first()
    if last is None:  # an all-play-all set to more rounds than its table ends with the table
        table = selectors.round_robin_rounds(event)
        if table is not None and table < event.rounds:
            last = event.round_set.filter(number=table).first()
    if last is not None and last.status == Round.Status.COMPLETE:
        status = Event.Status.FINISHED
    elif event.round_set.filter(status__in=PUBLIC_ROUND_STATUSES).exists():
        status = Event.Status.RUNNING
    else:
        status = event.status
    if status != event.status:
        Event.objects.filter(pk=event.pk).update(status=status)
        event.status = status
