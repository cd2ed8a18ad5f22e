"""Pairing restrictions: pairs of entries a director keeps apart (family members, team mates).

The pairing treats them as absolute unless no pairing exists otherwise; then the restriction
gives way and the draft says which pair met (the pairing's notes and the board's warning).
Players sharing a club, family or country are kept apart by the event's ``keep_apart`` setting
(see ``tournament.events.services``), not by rows here.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.acting import User, lock_event, need_reason
from tournament.errors import DomainError
from tournament.events.log import note
from tournament.logs import log_write
from tournament.models.events import Entry, Event
from tournament.permissions import require_director
from tournament.reading import whole_number
from tournament.restrictions.models import ForbiddenPair


def _entry_of(event: Event, entry_id: object, field: str) -> Entry:
    pk = whole_number(entry_id)
    if pk is None:
        raise DomainError(
            _("%(entry_id)s is not an entry.") % {"entry_id": repr(entry_id)[:40]}, field=field
        )
    entry = Entry.objects.filter(event=event, pk=pk).select_related("player").first()
    if entry is None:
        raise DomainError(_("%(pk)s is not an entry of this event.") % {"pk": pk}, field=field)
    return entry


@transaction.atomic
def add_forbidden_pair(
    *, event: Event, user: User, first: object, second: object, reason: str
) -> ForbiddenPair:
    """Keep two entries (by id) apart in the pairings from the next round on, saying why."""
    require_director(user, event)
    event = lock_event(event)
    reason = need_reason(reason, "the two are kept apart")
    if len(reason) > 200:
        raise DomainError(_("The reason is longer than 200 characters."), field="reason")
    a, b = _entry_of(event, first, "first"), _entry_of(event, second, "second")
    if a.pk == b.pk:
        raise DomainError(_("Choose two different players."), field="second")
    a, b = sorted((a, b), key=lambda e: e.pk)  # one row per pair, whichever order given
    if ForbiddenPair.objects.filter(event=event, first=a, second=b).exists():
        raise DomainError(
            _("%(name)s and %(name2)s are already kept apart.")
            % {"name": a.player.name, "name2": b.player.name},
            field="second",
        )
    pair = ForbiddenPair.objects.create(
        event=event,
        first=a,
        second=b,
        reason=reason,
        created_by=user if user.is_authenticated else None,
    )
    log_write("restriction.add", user=user, event=event.pk, first=a.pk, second=b.pk)
    note(
        event,
        user,
        "restriction",
        f"{a.player.name} and {b.player.name} are kept apart: {reason}.",
    )
    return pair


@transaction.atomic
def remove_forbidden_pair(*, pair: ForbiddenPair, user: User) -> None:
    """Let two entries be paired again."""
    event = pair.event
    require_director(user, event)
    lock_event(event)
    found = ForbiddenPair.objects.filter(pk=pair.pk).select_related(
        "first__player", "second__player"
    )
    pair_now = found.first()
    if pair_now is None:
        return  # removed meanwhile: the outcome asked for
    names = f"{pair_now.first.player.name} and {pair_now.second.player.name}"
    pair_now.delete()
    log_write("restriction.remove", user=user, event=event.pk, pair=pair.pk)
    note(event, user, "restriction", f"{names} may be paired again.")
