"""Reads of the tournament app. Views and serializers call these; they never write."""

from django.db.models import Case, Count, QuerySet, When

from tournament.entries.models import EntryRequest
from tournament.models.decisions import Decision
from tournament.models.events import (
    Board,
    Entry,
    Event,
    EventRole,
    Player,
)
from tournament.models.tables import SEATED
from tournament.permissions import User, events_held


def entries_of(event: Event) -> QuerySet[Entry]:
    return event.entries.select_related("player", "partner").order_by("starting_rank")


def entry_boards(entry: Entry) -> QuerySet[Board]:
    """Every board an entry sat at, whatever its seat, in round order."""
    return (
        Board.objects.filter(seats__entry=entry)
        .distinct()
        .select_related("round")
        .prefetch_related(*SEATED)
        .order_by("round__number")
    )


def entry_requests_of(event: Event, status: str | None = None) -> QuerySet[EntryRequest]:
    """The event's online entry requests (waiting ones first, then the newest decided)."""
    found = event.entry_requests.select_related("player", "decided_by")
    found = found.filter(status=status) if status else found
    return found.order_by(
        Case(When(status=Decision.PENDING, then=0), default=1), "-decided_at", "created_at", "id"
    )


def own_entry_requests(player: Player, event: Event | None = None) -> QuerySet[EntryRequest]:
    found = player.entry_requests.select_related("event").order_by("-created_at", "-id")
    return found.filter(event=event) if event is not None else found


def entry_requests_waiting(user: User) -> QuerySet[EntryRequest]:
    """The online entry requests waiting for this user's decision: those of the events they
    direct, named in the event or across its festival (a superuser: every event's)."""
    pending = EntryRequest.objects.filter(status=Decision.PENDING)
    if getattr(user, "is_superuser", False):
        return pending
    return pending.filter(event__in=events_held(user, [EventRole.Role.DIRECTOR]))


def entry_requests_waiting_by_event(user: User) -> list[dict[str, object]]:
    """Of :func:`entry_requests_waiting`, each event's name, slug and count (``waiting``)."""
    found = entry_requests_waiting(user).values("event__name", "event__slug")
    return list(found.annotate(waiting=Count("id")).order_by("event__name"))
