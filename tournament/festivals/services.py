"""Festivals: many events held together (the MSO), created and edited by their own directors.

Who may create a festival: a superuser, a user granted ``tournament.add_festival`` (by an admin,
to them or their group), or anyone who directs at least one event; the creator becomes the
festival's first director (``FestivalRole``). Who may edit one (name, venue, dates, time zone),
decide which events join it and name its people: its directors, a superuser, or a user granted
``tournament.change_festival``. Directing one of its events is not enough: the festival's time
zone moves every member event's check-in windows.

A festival's people: its directors name other directors of the festival, and directors or
arbiters of every event of it (a festival of six events needs its arbiters named once, not six
times). Such a role works in each event of the festival, those that join later included, and
in no other (``tournament.permissions.roles_of``); it does not let anyone edit the festival.
Every grant and removal goes into the rights log (``RightsChange``), as a right beyond one
event.

Joining: an event's director names a festival on the event's form. A director of that festival
joins at once; anyone else's event asks (``FestivalRequest``), and counts nowhere in the
festival (schedule, placings, exports) until a director of the festival approves.
"""

import datetime
import zoneinfo
from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User as Account
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament import effects
from tournament.acting import User
from tournament.errors import DomainError, NotAllowed
from tournament.festivals.models import FestivalRole
from tournament.models.events import EventRole, Festival
from tournament.permissions import events_held
from tournament.reading import whole_number
from tournament.rights import services as rights
from tournament.text import Said, said

FESTIVAL_FIELDS = ("name", "venue", "starts", "ends", "time_zone")
# Addresses under /festivals/ that a festival's slug must not take.
RESERVED_SLUGS = frozenset({"new"})
# A festival longer than this is a typing mistake (the MSO lasts nine days).
MAX_DAYS = 366


def directs_an_event(user: User) -> bool:
    return user.is_authenticated and events_held(user, [EventRole.Role.DIRECTOR]).exists()


def _granted(user: User, permission: str) -> bool:
    """A superuser, or a user granted ``permission`` (directly or by a group)."""
    if getattr(user, "is_superuser", False):
        return True
    return bool(user.has_perm(permission))


def can_create_festival(user: User) -> bool:
    if not user.is_authenticated:
        return False
    if _granted(user, "tournament.add_festival"):
        return True
    return directs_an_event(user)


def can_edit_festival(user: User, festival: Festival) -> bool:
    """The festival's own directors (and superusers, ``change_festival``): they edit it and
    decide which events join it."""
    if not user.is_authenticated:
        return False
    if _granted(user, "tournament.change_festival"):
        return True
    mine = FestivalRole.objects.filter(festival=festival, user_id=user.pk)
    return mine.filter(role=FestivalRole.Role.FESTIVAL).exists()


def require_festival_creator(user: User) -> Account:
    """The creator's account, if they may create a festival."""
    if not user.is_authenticated:
        raise NotAllowed(_("Log in to create a festival."), code="not_authenticated")
    if not can_create_festival(user):
        raise NotAllowed(
            _("Only event directors and the site's organisers may create festivals."),
            code="not_director",
        )
    return user


def require_festival_editor(user: User, festival: Festival) -> None:
    if not can_edit_festival(user, festival):
        raise NotAllowed(
            _("Only the directors of the festival %(name)s may change it.")
            % {"name": festival.name},
            code="not_festival_director",
        )


def _date(value: object, field: str, label: str) -> datetime.date:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str) and value.strip():
        try:
            return datetime.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise DomainError(
        _("The %(label)s must be a date such as 2026-08-20.") % {"label": label}, field=field
    )


def _unique_slug(festival: Festival) -> str:
    base = slugify(festival.name)[:200] or "festival"
    slug, n = base, 2
    while (
        slug in RESERVED_SLUGS
        or Festival.objects.filter(slug=slug).exclude(pk=festival.pk).exists()
    ):
        slug, n = f"{base}-{n}", n + 1
    return slug


def _clean_festival(festival: Festival, data: Mapping[str, Any]) -> None:
    unknown = set(data) - set(FESTIVAL_FIELDS)
    if unknown:
        raise DomainError(
            _("Unknown festival field(s): %(value)s.") % {"value": ", ".join(sorted(unknown))}
        )
    for name, value in data.items():
        setattr(festival, name, value)
    festival.name = str(festival.name or "").strip()
    if not festival.name:
        raise DomainError(_("The festival needs a name."), field="name")
    festival.venue = str(festival.venue or "").strip()
    for field, label in (("name", _("name")), ("venue", _("venue"))):
        if len(getattr(festival, field)) > 200:
            raise DomainError(
                _("The %(field)s is longer than 200 characters.") % {"field": label}, field=field
            )
    same_name = Festival.objects.filter(name__iexact=festival.name).exclude(pk=festival.pk)
    if same_name.exists():
        raise DomainError(
            _("There is already a festival called %(name)s: give this one another name.")
            % {"name": repr(festival.name)},
            field="name",
        )
    festival.starts = _date(festival.starts, "starts", _("first day"))
    festival.ends = _date(festival.ends, "ends", _("last day"))
    if festival.ends < festival.starts:
        raise DomainError(_("The festival cannot end before it starts."), field="ends")
    if (festival.ends - festival.starts).days >= MAX_DAYS:
        raise DomainError(
            _("A festival lasts at most %(days)s days: check the last day.") % {"days": MAX_DAYS},
            field="ends",
        )
    festival.time_zone = str(festival.time_zone or "").strip()
    if festival.time_zone not in zoneinfo.available_timezones():
        raise DomainError(
            _("%(zone)s is not a time zone: give one such as Europe/London.")
            % {"zone": repr(festival.time_zone)},
            field="time_zone",
        )


@transaction.atomic
def create_festival(*, user: User, data: Mapping[str, Any]) -> Festival:
    """A new festival, without events: event directors attach theirs on the event's form."""
    creator = require_festival_creator(user)
    festival = Festival(time_zone="Europe/London")
    _clean_festival(festival, data)
    festival.slug = _unique_slug(festival)
    festival.save()
    FestivalRole.objects.create(festival=festival, user=creator, role=FestivalRole.Role.FESTIVAL)
    why = said(gettext_noop("created the festival"))
    note_festival_role(creator, festival, creator.get_username(), True, why)
    return festival


@transaction.atomic
def update_festival(*, festival: Festival, user: User, data: Mapping[str, Any]) -> Festival:
    """Change a festival; its address (slug) stays, so links to it keep working."""
    require_festival_editor(user, festival)
    festival = Festival.objects.select_for_update().get(pk=festival.pk)
    _clean_festival(festival, data)
    festival.save()
    # The member events' pages name the festival: new versions of them once this commits.
    for event_id in festival.events.values_list("pk", flat=True):
        effects.live_changed(event_id)
    return festival


# What the rights log says each role of a festival is.
ROLE_WORDS = {
    FestivalRole.Role.FESTIVAL: gettext_noop("a director of the festival"),
    FestivalRole.Role.DIRECTOR: gettext_noop("a director of every event of the festival"),
    FestivalRole.Role.ARBITER: gettext_noop("an arbiter of every event of the festival"),
}


def note_festival_role(
    by: User,
    festival: Festival,
    username: str,
    granted: bool,
    reason: str | Said,
    role: str = FestivalRole.Role.FESTIVAL,
) -> None:
    """A role across the festival given or taken, into the rights log (as its words: each
    administrator reads it in their language)."""
    what = gettext_noop("granted: %(user)s as %(role)s")
    if not granted:
        what = gettext_noop("removed: %(user)s as %(role)s")
    change = said(what, user=username, role=said(ROLE_WORDS[FestivalRole.Role(role)]))
    subject = said(gettext_noop("festival %(name)s"), name=festival.name)
    rights.note_rights(by, subject, [change], reason)


def _role(value: object) -> str:
    if value not in FestivalRole.Role.values:
        raise DomainError(
            _("%(value)s is not a role of a festival: choose one of the list.")
            % {"value": repr(value)[:40]},
            field="role",
        )
    return str(value)


def _taken(target: Account, festival: Festival, role: str) -> str:
    words = {
        FestivalRole.Role.FESTIVAL: _("%(target)s already directs %(name)s."),
        FestivalRole.Role.DIRECTOR: _("%(target)s already directs every event of %(name)s."),
        FestivalRole.Role.ARBITER: _(
            "%(target)s is already an arbiter of every event of %(name)s."
        ),
    }
    return words[FestivalRole.Role(role)] % {"target": target.get_username(), "name": festival.name}


@transaction.atomic
def add_festival_role(
    *,
    festival: Festival,
    user: User,
    username: str,
    role: object = FestivalRole.Role.FESTIVAL,
    reason: str = "",
) -> FestivalRole:
    """A director of the festival names someone a director of it, or a director or an arbiter
    of every event of it; the rights log says who, when and why."""
    require_festival_editor(user, festival)
    role = _role(role)
    reason = rights.clean_reason(reason)
    target = get_user_model().objects.filter(username=username.strip()).first()
    if target is None:
        raise DomainError(
            _("There is no user %(username)s.") % {"username": repr(username.strip())},
            field="username",
        )
    found, created = FestivalRole.objects.get_or_create(festival=festival, user=target, role=role)
    if not created:
        raise DomainError(_taken(target, festival, role), field="username")
    note_festival_role(user, festival, target.get_username(), True, reason, role)
    return found


@transaction.atomic
def remove_festival_role(
    *, festival: Festival, user: User, role: FestivalRole, reason: str = ""
) -> None:
    """A director of the festival takes a role away (never the last director of the festival:
    someone must decide)."""
    require_festival_editor(user, festival)
    reason = rights.clean_reason(reason)
    if role.festival_id != festival.pk:
        raise DomainError(_("That role belongs to another festival."))
    Festival.objects.select_for_update().get(pk=festival.pk)  # two removals queue here
    directors = FestivalRole.objects.filter(festival=festival, role=FestivalRole.Role.FESTIVAL)
    if role.role == FestivalRole.Role.FESTIVAL and directors.count() == 1:
        raise DomainError(_("A festival keeps at least one director."))
    role.delete()
    note_festival_role(user, festival, role.user.get_username(), False, reason, role.role)


def festival_of(value: object) -> Festival | None:
    """The festival an event is put in: a Festival, its id, or None (a stand-alone event)."""
    if isinstance(value, Festival):
        return value
    if value is None or value == "":
        return None
    number = whole_number(value)
    if number is not None:
        found = Festival.objects.filter(pk=number).first()
        if found is not None:
            return found
    raise DomainError(
        _("%(value)s is not a festival.") % {"value": repr(value)[:60]}, field="festival"
    )
