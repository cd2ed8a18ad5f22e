"""Reads of the tournament app. Views and serializers call these; they never write."""

from django.db.models import Case, QuerySet, When

from tournament.entries.models import EntryRequest
from tournament.models.decisions import Decision
from tournament.models.events import (
    Board,
    Entry,
    Event,
    Player,
)
from tournament.models.tables import SEATED


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
