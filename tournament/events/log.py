"""The event's own log: rounds published, withdrawals, reinstatements and late entries."""

from tournament.acting import User
from tournament.events.models import EventLogEntry
from tournament.models.events import Event
from tournament.text import Said, say_in_english


def note(event: Event, user: User, kind: str, description: str | Said) -> None:
    """Append one line to the event's log (inside the caller's transaction). A line given as
    its words (tournament.text.said) is read in the reader's language; a plain one, in English
    as written."""
    words = None
    if isinstance(description, dict):
        words, description = description, say_in_english(description)
    EventLogEntry.objects.create(
        event=event,
        kind=kind,
        description=description,
        words=words,
        user=user if user.is_authenticated else None,
    )
