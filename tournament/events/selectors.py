"""Reads of the tournament app. Views and serializers call these; they never write."""

from collections.abc import Iterable

from django.db.models import QuerySet
from django.utils.translation import gettext

from scoring.core.tiebreaks import CATALOGUE
from tournament.events.models import EventLogEntry
from tournament.models.events import (
    Event,
    EventRole,
)
from tournament.permissions import User, is_arbiter


def event_list() -> QuerySet[Event]:
    return Event.objects.order_by("-start_date", "-id")


def roles_of_event(event: Event) -> QuerySet[EventRole]:
    return event.roles.select_related("user__player").order_by("role", "user__username")


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


def can_see_logs(user: User, event: Event) -> bool:
    """Corrections name who made them: the event's directors and arbiters see them."""
    return is_arbiter(user, event)
