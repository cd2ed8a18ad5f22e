"""Who may do what in an event: directors change it; arbiters (and directors) record games.

A role in an event is held by the event's own roles (``EventRole``) or, for an event in a
festival, by a role across the festival (``FestivalRole``: a director or an arbiter of every
event of it, those that join later included). A festival's role reaches its own events only."""

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User as Account
from django.db import connections, router
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request

from tournament.errors import NotAllowed
from tournament.festivals.models import FestivalRole
from tournament.models.events import Entry, Event, EventRole, Player

User = Account | AnonymousUser


# The roles read during one request, by (user, event, festival): a director's result asks in
# the API's permission, the board's lookup and the service. Kept for that request alone
# (``roles_read_once``, around every request: tournament.web.middleware), never across requests;
# outside one (a task, a shell) every check reads afresh. A role granted or removed meanwhile
# empties it (``forget_roles``, on EventRole's and FestivalRole's saves and deletes).
RolesKey = tuple[int, int, int | None]
_roles_read: ContextVar[dict[RolesKey, frozenset[str]] | None] = ContextVar(
    "roles_read", default=None
)


@contextmanager
def roles_read_once() -> Iterator[None]:
    """Within this block (one request), each user's roles in an event are read once."""
    token = _roles_read.set({})
    try:
        yield
    finally:
        _roles_read.reset(token)


def forget_roles(**kwargs: Any) -> None:
    """A role was granted or removed: the roles read so far in this request are stale."""
    read = _roles_read.get()
    if read:
        read.clear()


def roles_of(user: User, event: Event) -> set[str]:
    if not user.is_authenticated:
        return set()
    if getattr(user, "is_superuser", False):
        return {EventRole.Role.DIRECTOR, EventRole.Role.ARBITER}
    read = _roles_read.get()
    key = (user.pk, event.pk, event.festival_id)
    if read is not None and key in read:
        return set(read[key])
    roles = _read_roles(user, event)
    if read is not None:
        read[key] = frozenset(roles)
    return roles


def _roles_statement(q: Callable[[str], str], festival: bool) -> str:
    """The statement of :func:`_read_roles` (``q`` quotes a name): the event's own roles, and
    with ``festival`` its festival's roles that reach it too (EventRole.Role values)."""
    own, wide = EventRole._meta, FestivalRole._meta
    sql = (
        f"SELECT {q('role')} FROM {q(own.db_table)} "
        f"WHERE {q(own.get_field('event').column)} = %s AND {q(own.get_field('user').column)} = %s"
    )
    if festival:
        places = ", ".join(["%s"] * len(EventRole.Role.values))
        sql += (
            f" UNION SELECT {q('role')} FROM {q(wide.db_table)} "
            f"WHERE {q(wide.get_field('festival').column)} = %s "
            f"AND {q(wide.get_field('user').column)} = %s AND {q('role')} IN ({places})"
        )
    return sql


def _read_roles(user: Account, event: Event) -> set[str]:
    # Written out rather than built by the ORM, whose building of this union cost six times
    # its running, and every write of a game asks it (tests/tournament/rights).
    params: list[int | str] = [event.pk, user.pk]
    if event.festival_id is not None:
        params += [event.festival_id, user.pk, *EventRole.Role.values]
    connection = connections[router.db_for_read(EventRole)]  # where the ORM would read it
    statement = _roles_statement(connection.ops.quote_name, event.festival_id is not None)
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        return {str(role) for (role,) in cursor.fetchall()}


def events_held(user: User, roles: Sequence[str]) -> QuerySet[Event]:
    """The events in which ``user`` holds one of ``roles`` (EventRole.Role values), named in
    the event or across its festival; none for a visitor. Superusers are not special here: the
    callers that let them do everything say so themselves."""
    if not user.is_authenticated:
        return Event.objects.none()
    own = EventRole.objects.filter(user_id=user.pk, role__in=roles).values("event_id")
    wide = FestivalRole.objects.filter(user_id=user.pk, role__in=roles).values("festival_id")
    return Event.objects.filter(Q(pk__in=own) | Q(festival_id__in=wide))


def is_director(user: User, event: Event) -> bool:
    return EventRole.Role.DIRECTOR in roles_of(user, event)


def is_arbiter(user: User, event: Event) -> bool:
    """Arbiters record games; a director may too."""
    return bool(roles_of(user, event) & {EventRole.Role.DIRECTOR, EventRole.Role.ARBITER})


def require_director(user: User, event: Event) -> None:
    if not is_director(user, event):
        raise NotAllowed(
            _("Only the directors of %(name)s may change it.") % {"name": event.name},
            code="not_director",
        )


def not_arbiter(event: Event) -> NotAllowed:
    """The refusal of one who is no arbiter (nor director) of the event, for a caller that
    checked ``is_arbiter`` already."""
    return NotAllowed(
        _("Only the arbiters and directors of %(name)s may record games.") % {"name": event.name},
        code="not_arbiter",
    )


def require_arbiter(user: User, event: Event) -> None:
    if not is_arbiter(user, event):
        raise not_arbiter(event)


def require_event_creator(user: User) -> Account:
    """Creating an event needs ``tournament.add_event`` (an admin grants it to directors):
    anyone may sign up as a player, and a director approves claims and keeps the registry.
    The creator's account."""
    if not user.is_authenticated:
        raise NotAllowed(_("Log in to create an event."), code="not_authenticated")
    if not user.has_perm("tournament.add_event"):
        raise NotAllowed(
            _("Only directors the site's administrators named may create events."),
            code="cannot_create_events",
        )
    return user


def player_of(user: User) -> Player | None:
    """The registry player a signed-in person has claimed (an approved PlayerClaim), if any."""
    if not user.is_authenticated:
        return None
    return Player.objects.filter(user_id=user.pk, merged_into__isnull=True).first()


def require_signed_in(user: User) -> Account:
    """The signed-in person's account (views behind a login check never see a visitor)."""
    if not user.is_authenticated:
        raise NotAllowed(_("Sign in first."), code="not_signed_in")
    return user


def require_player(user: User) -> Player:
    player = player_of(user)
    if player is None:
        raise NotAllowed(
            _("Sign in and claim your player in the registry first."), code="no_player"
        )
    return player


def is_own_entry(user: User, entry: Entry) -> bool:
    """A player may act on their own entry only (check-in, withdrawal, byes, confirmations);
    a partnership team is both partners' own."""
    return own_entry_among(user, [entry]) is not None


def own_entry_among(user: User, entries: Sequence[Entry]) -> Entry | None:
    """The first of ``entries`` that is the user's own (:func:`is_own_entry`), checked for
    them all at once (the sides of a board), or None."""
    if not user.is_authenticated:
        return None
    for entry in entries:
        partner = entry.partner.user_id if entry.partner is not None else None
        if user.pk in (entry.player.user_id, partner):
            return entry
    return None


def require_own_entry(user: User, entry: Entry) -> None:
    if not is_own_entry(user, entry):
        raise NotAllowed(
            _("Only %(name)s may do this for their own entry.") % {"name": entry.player.name},
            code="not_own_entry",
        )


class _EventRolePermission(BasePermission):
    """Reads are public (views limit them to published rounds); writes need the role."""

    check: Any = None

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        event = obj if isinstance(obj, Event) else view.get_event()
        return bool(type(self).check(request.user, event))


class IsEventDirectorOrReadOnly(_EventRolePermission):
    check = staticmethod(is_director)


class IsEventArbiterOrReadOnly(_EventRolePermission):
    check = staticmethod(is_arbiter)


def require_director_or_own_entry(user: User, entry: Entry) -> None:
    """Withdrawals and requested byes: the event's directors, or the entry's own player."""
    if is_own_entry(user, entry) or is_director(user, entry.event):
        return
    if player_of(user) is not None:
        require_own_entry(user, entry)  # a player acting on another's entry: say so
    require_director(user, entry.event)
