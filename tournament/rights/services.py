"""The log of every grant and removal of a role or right: who, when, what and why.

An event's directors and arbiters go to the event's own log (the event log page shows them to
its directors and arbiters); rights beyond one event (permissions, groups, staff and superuser
status, a festival's directors) go to ``RightsChange``, which administrators read in the admin.
Both also write a line for the operator (``log_write``).
"""

from collections.abc import Iterable

from django.contrib.auth.models import User as Account
from django.utils.translation import gettext as _

from tournament.acting import User
from tournament.errors import DomainError
from tournament.events.log import note
from tournament.events.models import EventLogEntry
from tournament.logs import log_write
from tournament.models.events import Event
from tournament.names import display_name
from tournament.rights.models import RightsChange


def clean_reason(reason: object) -> str:
    """An optional reason: one line (line breaks become spaces), at most 300 characters."""
    text = " ".join(str(reason or "").split())
    if len(text) > 300:
        raise DomainError(_("The reason is longer than 300 characters."), field="reason")
    return text


def _with_reason(text: str, reason: str) -> str:
    return f"{text} Reason: {reason}" if reason else text


def note_event_role(
    event: Event, by: User, *, person: Account, role: str, granted: bool, reason: str
) -> None:
    """One line of the event's log for a director or arbiter added or removed. The log names
    the person as others see them: their user name is their e-mail address."""
    what = "is now" if granted else "is no longer"
    line = f"{display_name(person)} {what} {role}."
    note(event, by, EventLogEntry.Kind.ROLE, _with_reason(line, reason))
    log_write(
        "role.grant" if granted else "role.remove",
        user=by,
        event=event.pk,
        target=person.get_username(),
        role=role,
        reason=reason,
    )


def note_rights(by: User | None, subject: str, changes: Iterable[str], reason: str) -> int:
    """One ``RightsChange`` per change of ``subject``'s rights (e.g. "user ann"); how many."""
    actor = by if by is not None and by.is_authenticated else None
    rows = [
        RightsChange(by=actor, subject=subject[:300], change=change, reason=reason[:300])
        for change in changes
    ]
    RightsChange.objects.bulk_create(rows)
    for row in rows:
        log_write("rights.change", user=actor, subject=subject, change=row.change, reason=reason)
    return len(rows)
