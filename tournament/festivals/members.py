"""Which events are in a festival: an event's director names one on the event's form; a
director of the festival joins at once, anyone else's event asks, and a director of the
festival approves or declines. A pending or declined event is no member (``Event.festival``
stays as it was), so it counts nowhere in the festival: schedule, placings, exports."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament import effects
from tournament.acting import User
from tournament.errors import Conflict
from tournament.festivals.models import FestivalRequest
from tournament.festivals.services import can_edit_festival, require_festival_editor
from tournament.logs import log_write
from tournament.models.decisions import Decision
from tournament.models.events import Event, Festival
from tournament.rights.services import clean_reason

# Why a request closed without a festival director's decision.
WITHDRAWN = "Withdrawn: the event's director chose another festival, or none."


def _move(event: Event, festival: Festival | None) -> None:
    Event.objects.filter(pk=event.pk).update(festival=festival)
    event.festival = festival
    effects.live_changed(event.pk)  # the event's pages name its festival


def _decide(request: FestivalRequest, user: User, status: str, reason: str) -> None:
    request.status = status
    request.decided_by = user if user.is_authenticated else None
    request.decided_at = timezone.now()
    request.reason = reason
    request.save(update_fields=["status", "decided_by", "decided_at", "reason"])


@transaction.atomic
def set_event_festival(
    *, event: Event, user: User, festival: Festival | None
) -> FestivalRequest | None:
    """What the event's form asked for (the caller checked that ``user`` directs ``event``):
    no festival (the event leaves its own), the festival it is in, or another one, which it
    joins at once if ``user`` directs that festival and else asks to join. The request, if one
    now waits."""
    pending = FestivalRequest.objects.select_for_update().filter(
        event=event, status=Decision.PENDING
    )
    current = pending.first()
    if festival is not None and current is not None and current.festival_id == festival.pk:
        return current  # asked already: the form shows the festival asked for
    if current is not None:
        _decide(current, user, Decision.REFUSED, WITHDRAWN)
    if festival is None or festival.pk == event.festival_id:
        if festival is None and event.festival_id is not None:
            log_write("festival.leave", user=user, event=event.pk, festival=event.festival_id)
            _move(event, None)
        return None
    if can_edit_festival(user, festival):
        _move(event, festival)
        log_write("festival.join", user=user, event=event.pk, festival=festival.pk)
        return None
    asked = FestivalRequest.objects.create(
        festival=festival, event=event, requested_by=user if user.is_authenticated else None
    )
    log_write("festival.ask", user=user, event=event.pk, festival=festival.pk, request=asked.pk)
    return asked


def _lock_pending(request: FestivalRequest) -> FestivalRequest:
    locked = FestivalRequest.objects.select_for_update().select_related("event", "festival")
    request = locked.get(pk=request.pk)
    if request.status != Decision.PENDING:
        raise Conflict(
            _("The request of %(event)s to join %(festival)s was already decided: reload.")
            % {"event": request.event.name, "festival": request.festival.name},
            code="festival_request_decided",
        )
    return request


@transaction.atomic
def approve_festival_request(*, request: FestivalRequest, user: User) -> FestivalRequest:
    """A director of the festival lets the event in."""
    require_festival_editor(user, request.festival)
    request = _lock_pending(request)
    _decide(request, user, Decision.APPROVED, "")
    _move(request.event, request.festival)
    log_write("festival.approve", user=user, request=request.pk, event=request.event_id)
    return request


@transaction.atomic
def decline_festival_request(
    *, request: FestivalRequest, user: User, reason: str = ""
) -> FestivalRequest:
    """A director of the festival keeps the event out (it stays where it was)."""
    require_festival_editor(user, request.festival)
    reason = clean_reason(reason)
    request = _lock_pending(request)
    _decide(request, user, Decision.REFUSED, reason)
    log_write("festival.decline", user=user, request=request.pk, event=request.event_id)
    return request
