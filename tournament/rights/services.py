"""The log of every grant and removal of a role or right: who, when, what and why.

An event's directors and arbiters go to the event's own log (the event log page shows them to
its directors and arbiters); rights beyond one event (permissions, groups, staff and superuser
status, a festival's directors) go to ``RightsChange``, which administrators read in the admin.
Both also write a line for the operator (``log_write``).
"""

from collections.abc import Iterable

from django.contrib.auth.models import User as Account
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.acting import User
from tournament.errors import DomainError
from tournament.events.log import note
from tournament.events.models import EventLogEntry
from tournament.logs import log_write
from tournament.models.events import Event, EventRole
from tournament.names import display_name
from tournament.rights.models import RightsChange
from tournament.text import Said, said, say_in_english


def clean_reason(reason: object) -> str:
    """An optional reason: one line (line breaks become spaces), at most 300 characters."""
    text = " ".join(str(reason or "").split())
    if len(text) > 300:
        raise DomainError(_("The reason is longer than 300 characters."), field="reason")
    return text


# The event log's line of a role given (True) or taken (False), by role: whole sentences, so
# each language words them as it does.
ROLE_LINES = {
    (True, EventRole.Role.DIRECTOR): gettext_noop("%(person)s is now director."),
    (True, EventRole.Role.ARBITER): gettext_noop("%(person)s is now arbiter."),
    (False, EventRole.Role.DIRECTOR): gettext_noop("%(person)s is no longer director."),
    (False, EventRole.Role.ARBITER): gettext_noop("%(person)s is no longer arbiter."),
}
# The reasons the site gives itself (a person's reason is stored as typed).
CREATED_THE_EVENT = said(gettext_noop("created the event"))
CHANGED_IN_THE_ADMIN = said(gettext_noop("changed in the admin"))


def with_reason(line: Said, reason: str | Said) -> Said:
    """The line and why, when there is a why."""
    return (
        said(gettext_noop("%(line)s Reason: %(reason)s"), line=line, reason=reason)
        if reason
        else line
    )


def note_event_role(
    event: Event, by: User, *, person: Account, role: str, granted: bool, reason: str | Said
) -> None:
    """One line of the event's log for a director or arbiter added or removed, kept as its
    words: each reader reads it in their language. The log names the person as others see
    them: their user name is their e-mail address."""
    line = said(ROLE_LINES[granted, EventRole.Role(role)], person=display_name(person))
    note(event, by, EventLogEntry.Kind.ROLE, with_reason(line, reason))
    log_write(
        "role.grant" if granted else "role.remove",
        user=by,
        event=event.pk,
        target=person.get_username(),
        role=role,
        reason=reason if isinstance(reason, str) else say_in_english(reason),
    )


def note_rights(by: User | None, subject: Said, changes: Iterable[Said], reason: str | Said) -> int:
    """One ``RightsChange`` per change of ``subject``'s rights (``said("user %(name)s",
    name="ann")``), each kept as its words and in English; how many."""
    actor = by if by is not None and by.is_authenticated else None
    english = say_in_english(subject)[:300]
    why = reason if isinstance(reason, str) else say_in_english(reason)
    rows = [
        RightsChange(
            by=actor,
            subject=english,
            change=say_in_english(change),
            reason=why[:300],
            words={"subject": subject, "change": change, "reason": reason},
        )
        for change in changes
    ]
    RightsChange.objects.bulk_create(rows)
    for row in rows:
        log_write("rights.change", user=actor, subject=english, change=row.change, reason=why)
    return len(rows)
