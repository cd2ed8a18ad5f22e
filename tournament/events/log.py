"""The event's own log: rounds published, withdrawals, reinstatements and late entries."""

from tournament.acting import User
from tournament.events.models import EventLogEntry
from tournament.models.events import Event


def note(event: Event, user: User, kind: str, description: str) -> None:
    """Append one line to the event's log (inside the caller's transaction)."""
    EventLogEntry.objects.create(
        event=event,
        kind=kind,
        description=description,
        user=user if user.is_authenticated else None,
    )
