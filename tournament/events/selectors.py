"""Reads of the tournament app. Views and serializers call these; they never write."""

from collections.abc import Iterable

from django.db.models import QuerySet
from django.utils.translation import gettext

from scoring.core.chains import chain_faults
from scoring.core.tiebreaks import CATALOGUE
from tournament.events.models import EventLogEntry
from tournament.festivals.models import FestivalRole
from tournament.models.events import (
    Event,
    EventRole,
)
from tournament.permissions import User, is_arbiter


def event_list() -> QuerySet[Event]:
    return Event.objects.order_by("-start_date", "-id")


def roles_of_event(event: Event) -> QuerySet[EventRole]:
    return event.roles.select_related("user__player").order_by("role", "user__username")


def festival_roles_of_event(event: Event) -> QuerySet[FestivalRole]:
    """The directors and arbiters of every event of the event's festival: they hold their role
    here too (tournament/permissions.py), named on the festival's page, not the event's."""
    if event.festival_id is None:
        return FestivalRole.objects.none()
    wide = (FestivalRole.Role.DIRECTOR, FestivalRole.Role.ARBITER)
    found = FestivalRole.objects.filter(festival_id=event.festival_id, role__in=wide)
    return found.select_related("user__player").order_by("role", "user__username")


def event_log_of(event: Event) -> QuerySet[EventLogEntry]:
    """Rounds published, withdrawals, reinstatements and late entries, newest first."""
    return (
        EventLogEntry.objects.filter(event=event)
        .select_related("user__player")
        .order_by("-at", "-id")
    )


def tiebreak_labels(keys: Iterable[str]) -> list[str]:
    """The tie-breaks' names as directors read them."""
    # The pure core words them in English; scoring/standings/tiebreak_names.py puts them in the
    # catalogue.
    return [gettext(CATALOGUE[k].label) if k in CATALOGUE else k for k in keys]


def chain_problems(names: object) -> list[str]:
    """What is wrong with a list of tie-break keys, in the reader's language; empty when none."""
    words = {
        "string": gettext("a chain is a list of tie-break names, not the string %(name)s"),
        "unknown": gettext("tie-break %(position)s: unknown tie-break %(name)s"),
        "repeated": gettext("tie-break %(position)s: %(name)s appears more than once"),
    }
    given = names if isinstance(names, list | tuple | str) else [names]
    return [
        words[fault.kind] % {"position": fault.position, "name": repr(fault.name)[:40]}
        for fault in chain_faults(given)
    ]


def can_see_logs(user: User, event: Event) -> bool:
    """Corrections name who made them: the event's directors and arbiters see them."""
    return is_arbiter(user, event)
