"""Event pages: create and edit an event, its public page, its roles and its logs."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.checkin import selectors as checkin_selectors
from tournament.entries.selectors import entries_of
from tournament.entries.views import online_state
from tournament.errors import DomainError
from tournament.events import options
from tournament.events.forms import EventForm, RoleForm
from tournament.events.selectors import (
    can_see_logs,
    event_log_of,
    festival_roles_of_event,
    roles_of_event,
    tiebreak_labels,
)
from tournament.events.services import add_role, create_event, remove_role, update_event
from tournament.festivals.selectors import pending_request_of
from tournament.models.events import Event, EventRole
from tournament.names import display_name
from tournament.pages import (
    carry_out,
    director_or_deny,
    form_error,
    get_event,
    require_creator_or_deny,
)
from tournament.permissions import is_arbiter, is_director
from tournament.reading import whole_number
from tournament.results.selectors import corrections_of
from tournament.rounds.selectors import (
    next_round_number,
    open_round,
    pairing_changes_of,
    round_robin_rounds,
    rounds_visible_to,
)
from tournament.text import in_sentence
from tournament.web.page_cache import cached_page, live_version


def _say_if_asking(request: HttpRequest, event: Event) -> None:
    asking = pending_request_of(event)
    if asking is not None:
        messages.info(
            request,
            _(
                "%(event)s asks to join %(festival)s: it joins when a director of the "
                "festival approves."
            )
            % {"event": event.name, "festival": asking.festival.name},
        )


def _form_page(request: HttpRequest, form: EventForm, event: Event | None) -> HttpResponse:
    context = {"form": form, "event": event, "spec": options.spec(event)}
    return render(request, "tournament/event_form.html", context)


def _say_ignored(request: HttpRequest, form: EventForm) -> None:
    for message in form.ignored:
        messages.warning(request, message)


def _initial_festival(request: HttpRequest) -> dict[str, int]:
    """A festival's page adds an event to itself: ``?festival=<id>`` chooses it on the form."""
    festival = whole_number(request.GET.get("festival", ""))
    return {} if festival is None else {"festival": festival}


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    require_creator_or_deny(request)
    form = EventForm(request.POST or None, initial=_initial_festival(request))
    if request.method == "POST" and form.is_valid():
        try:
            event = create_event(user=request.user, data=form.event_data())
        except DomainError as exc:
            form_error(form, exc)
        else:
            messages.success(
                request, _("%(name)s is created: you are its director.") % {"name": event.name}
            )
            _say_ignored(request, form)
            _say_if_asking(request, event)
            return redirect("event-entries", event.slug)
    return _form_page(request, form, None)


def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    form = EventForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        try:
            update_event(event=event, user=request.user, data=form.event_data())
        except DomainError as exc:
            form_error(form, exc)
        else:
            messages.success(request, _("The event is saved."))
            _say_ignored(request, form)
            _say_if_asking(request, event)
            return redirect(event)
    return _form_page(request, form, event)


@cached_page(live_version)  # the anonymous rendering, once per change
def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_event(slug)
    director = is_director(request.user, event)
    entries = list(entries_of(event))
    context = {
        "event": event,
        "entries": entries,
        "active_count": sum(1 for e in entries if e.status == e.Status.ACTIVE),
        "rounds": rounds_visible_to(request.user, event),
        "is_director": director,
        "is_arbiter": is_arbiter(request.user, event),
        "open_round": open_round(event) if director else None,
        "check_in": checkin_selectors.pairing_progress(event) if director else None,
        "next_round": next_round_number(event),
        "round_robin_rounds": round_robin_rounds(event),
        # Account names are for the event's staff, as on the roles API.
        "roles": roles_of_event(event) if is_arbiter(request.user, event) else [],
        "tiebreaks": tiebreak_labels(event.tiebreak_chain),
        "online": online_state(request.user, event),
    }
    return render(request, "tournament/event_detail.html", context)


def event_roles(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    form = RoleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            role = add_role(
                event=event,
                user=request.user,
                username=form.cleaned_data["username"],
                role=form.cleaned_data["role"],
                reason=form.cleaned_data["reason"],
            )
        except DomainError as exc:
            form_error(form, exc)
        else:
            messages.success(
                request,
                _("%(user)s is now %(value)s.")
                % {"user": display_name(role.user), "value": in_sentence(role.get_role_display())},
            )
            return redirect("event-roles", event.slug)
    context = {
        "event": event,
        "form": form,
        "roles": roles_of_event(event),
        "festival_roles": festival_roles_of_event(event),
    }
    return render(request, "tournament/event_roles.html", context)


@require_POST
def event_role_remove(request: HttpRequest, slug: str, role_id: int) -> HttpResponse:
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    role = get_object_or_404(EventRole, pk=role_id, event=event)
    return carry_out(
        request,
        lambda: remove_role(
            event=event, user=request.user, role=role, reason=request.POST.get("reason", "")
        ),
        _("%(user)s is no longer %(value)s.")
        % {"user": display_name(role.user), "value": in_sentence(role.get_role_display())},
        reverse("event-roles", args=[event.slug]),
    )


def event_log(request: HttpRequest, slug: str) -> HttpResponse:
    """Every round published, withdrawal, reinstatement and late entry, result entered or
    corrected and change to a draft: who, when and why."""
    event = get_event(slug)
    if not can_see_logs(request.user, event):
        if not request.user.is_authenticated:
            return director_or_deny(request, event) or redirect(event)
        raise PermissionDenied(_("The logs are for the event's directors and arbiters."))
    context = {
        "event": event,
        "corrections": corrections_of(event),
        "changes": pairing_changes_of(event),
        "acts": event_log_of(event),
    }
    return render(request, "tournament/event_log.html", context)
