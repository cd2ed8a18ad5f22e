"""Online entries: a signed-in player enters an event open to it, at once or by a request that
a director approves or refuses. The entry itself is made by the entries service (its late-entry
rules included); this module only says who may enter and keeps the requests."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.accounts.verification import require_verified_address
from tournament.acting import User, lock_event, need_reason
from tournament.entries.models import EntryRequest
from tournament.entries.services import enter_player, place_online_entry
from tournament.errors import Conflict, DomainError
from tournament.events.log import note
from tournament.events.models import EventLogEntry
from tournament.logs import log_write
from tournament.models.decisions import Decision
from tournament.models.events import Entry, Event, Player
from tournament.permissions import require_director, require_player
from tournament.text import in_sentence

ONLINE = EventLogEntry.Kind.ONLINE_ENTRY


def check_may_enter(event: Event, player: Player) -> None:
    """Refuse, saying why, when ``player`` cannot enter ``event`` online now."""
    if event.status == Event.Status.FINISHED:
        raise DomainError(
            _("%(event)s is finished: it takes no entries.") % {"event": event.name},
            field="event",
            code="event_finished",
        )
    if not event.entry_open:
        raise DomainError(
            _("%(event)s does not take entries online: ask its directors.") % {"event": event.name},
            field="event",
            code="entry_closed",
        )
    entry = event.entries.filter(player=player).first()
    if entry is not None and entry.status == Entry.Status.WITHDRAWN:
        raise DomainError(
            _("You withdrew from %(event)s: only its directors can reinstate you.")
            % {"event": event.name},
            field="player",
            code="withdrawn",
        )
    if entry is not None:
        raise DomainError(
            _("You are already entered in %(event)s.") % {"event": event.name},
            field="player",
            code="already_entered",
        )
    if event.entry_requests.filter(player=player, status=Decision.PENDING).exists():
        raise Conflict(
            _("Your entry to %(event)s is already waiting for a director's approval.")
            % {"event": event.name},
            code="already_requested",
        )


@transaction.atomic
def enter_online(*, event: Event, user: User) -> Entry | EntryRequest:
    """The signed-in player enters ``event``: an ``Entry`` at once (a late entry after round 1,
    as the entries service makes it), or, when the event wants its directors' approval, an
    ``EntryRequest`` waiting for them. The person's address must be verified."""
    player = require_player(user)
    require_verified_address(user)
    event = lock_event(event)
    check_may_enter(event, player)
    if event.entry_approval:
        request = EntryRequest.objects.create(
            event=event,
            player=player,
            user=user if user.is_authenticated else None,  # signed in: they have a player
        )
        log_write("entry.request", user=user, event=event.pk, player=player.pk)
        note(event, user, ONLINE, f"{player.name} asked to enter online (waiting for approval).")
        return request
    entry = enter_player(event=event, user=user, player=player)
    entry = place_online_entry(entry=entry, user=user)  # by rating, before round 1
    note(event, user, ONLINE, f"{player.name} entered online as #{entry.starting_rank}.")
    return entry


def _pending(request: EntryRequest) -> EntryRequest:
    request = EntryRequest.objects.select_related("player", "event").get(pk=request.pk)
    if request.status != Decision.PENDING:
        raise Conflict(
            _("The entry request of %(name)s was already decided (%(status)s).")
            % {"name": request.player.name, "status": in_sentence(request.get_status_display())},
            code="decided",
        )
    return request


def _decide(request: EntryRequest, user: User, status: str, reason: str) -> None:
    request.status = status
    request.decided_by = user if user.is_authenticated else None
    request.decided_at = timezone.now()
    request.reason = reason
    request.save(update_fields=["status", "decided_by", "decided_at", "reason"])


@transaction.atomic
def approve_entry_request(*, entry_request: EntryRequest, user: User) -> Entry:
    """A director accepts a waiting online entry: the player is entered (late after round 1)."""
    require_director(user, entry_request.event)
    event = lock_event(entry_request.event)
    entry_request = _pending(entry_request)
    player = entry_request.player
    if event.entries.filter(player=player).exists():
        raise DomainError(
            _("%(name)s is already entered: refuse the request instead.") % {"name": player.name},
            field="player",
            code="already_entered",
        )
    entry = enter_player(event=event, user=user, player=player)
    entry = place_online_entry(entry=entry, user=user)  # by rating, before round 1
    _decide(entry_request, user, Decision.APPROVED, "")
    note(event, user, ONLINE, f"Online entry of {player.name} approved (#{entry.starting_rank}).")
    return entry


@transaction.atomic
def refuse_entry_request(*, entry_request: EntryRequest, user: User, reason: str) -> EntryRequest:
    """A director refuses a waiting online entry, saying why (the player sees the reason)."""
    require_director(user, entry_request.event)
    reason = need_reason(reason, _("the entry is refused"))
    event = lock_event(entry_request.event)
    entry_request = _pending(entry_request)
    _decide(entry_request, user, Decision.REFUSED, reason)
    log_write("entry.refuse", user=user, event=event.pk, request=entry_request.pk)
    note(event, user, ONLINE, f"Online entry of {entry_request.player.name} refused: {reason}")
    return entry_request
