"""The event's own log: rounds published, withdrawals, reinstatements and late entries."""

from tournament.models import Event, EventLogEntry
from tournament.services.base import User


def note(event: Event, user: User, kind: str, description: str) -> None:
    """Append one line to the event's log (inside the caller's transaction)."""
    EventLogEntry.objects.create(
        event=event,
        kind=kind,
        description=description,
        user=user if user.is_authenticated else None,
    )
