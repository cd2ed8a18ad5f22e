"""What every tournament service shares: who is acting, and the event's row lock."""

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User as Account
from django.db.models import Max
from django.utils.translation import gettext as _

from tournament.errors import Conflict, DomainError
from tournament.models.events import Event, Round
from tournament.rounds.selectors import open_round
from tournament.text import refuse_control_characters

# Who acts: a signed-in account (the site keeps Django's own user model) or a visitor.
User = Account | AnonymousUser


def lock_event(event: Event) -> Event:
    """Entries and rounds change under the event's row lock, so two directors cannot race."""
    return Event.objects.select_for_update().get(pk=event.pk)


def paired_rounds(event: Event) -> int:
    return event.round_set.aggregate(top=Max("number"))["top"] or 0


def oversize(size: int) -> str | None:
    """Why an import of ``size`` bytes is refused (over ``settings.MAX_IMPORT_BYTES``), or None.
    The forms and the API ask it with the upload's size before they read the file."""
    cap = settings.MAX_IMPORT_BYTES
    if size <= cap:
        return None
    return _("The file has %(size)s bytes; an import takes at most %(cap)s: split it.") % {
        "cap": f"{cap:,}",
        "size": f"{size:,}",
    }


def need_reason(reason: str, what: str) -> str:
    """A director's reason, required and at most 300 characters; ``what`` says what changes."""
    reason = (reason or "").strip()
    if not reason:
        raise DomainError(_("Say why %(what)s.") % {"what": what}, field="reason")
    refuse_control_characters("reason", reason)
    if len(reason) > 300:
        raise DomainError(_("The reason is longer than 300 characters."), field="reason")
    return reason


def refuse_open_round(event: Event, until: str) -> None:
    """Refuse while a round is being paired or is a draft; ``until`` ends the message."""
    current = open_round(event)
    if current is not None:
        state = "being paired" if current.status == Round.Status.PAIRING else "a draft"
        raise Conflict(
            _("Round %(number)s is %(state)s: %(until)s.")
            % {"number": current.number, "state": state, "until": until},
            code="round_open",
        )
