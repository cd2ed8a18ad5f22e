"""What the director pages share: finding the event, checking roles, showing domain errors."""

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.errors import DomainError, NotAllowed
from tournament.models.events import Event, Round
from tournament.permissions import is_arbiter, is_director, require_event_creator


def get_event(slug: str) -> Event:
    return get_object_or_404(Event, slug=slug)


def director_or_deny(request: HttpRequest, event: Event) -> HttpResponse | None:
    """None when the user directs the event; else a login redirect or a 403."""
    if is_director(request.user, event):
        return None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied(
        _("Only the directors of %(name)s may change it.") % {"name": event.name}
    )


def arbiter_or_deny(request: HttpRequest, event: Event) -> HttpResponse | None:
    """None when the user is an arbiter or a director of the event; else a login redirect or a
    403."""
    if is_arbiter(request.user, event):
        return None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied(
        _("Only the arbiters and directors of %(name)s may do this.") % {"name": event.name}
    )


def require_creator_or_deny(request: HttpRequest) -> None:
    """A 403 with the reason unless the user may create events (the login page asks first)."""
    try:
        require_event_creator(request.user)
    except NotAllowed as exc:
        raise PermissionDenied(exc.message) from exc


def visible_round(request: HttpRequest, event: Event, number: int) -> Round:
    """The round, if this user may see it: drafts exist only for the event's directors."""
    round_ = get_object_or_404(Round, event=event, number=number)
    if not round_.is_public and not is_director(request.user, event):
        raise Http404(_("No such round."))
    return round_


def show_error(request: HttpRequest, error: DomainError) -> None:
    messages.error(request, error.message)


def carry_out(
    request: HttpRequest, action: Callable[[], object], done: str, then: str
) -> HttpResponse:
    """Run a director's one-click action: say it is done, or show why it was refused."""
    try:
        action()
    except DomainError as exc:
        show_error(request, exc)
    else:
        messages.success(request, done)
    return redirect(then)


# Service fields that the event form shows under another name.
FORM_FIELD_OF = {"tiebreak_chain": "tiebreak_preset"}


def form_error(form: forms.Form, error: DomainError) -> None:
    """Show a service's refusal on the form, next to the field it names when it can."""
    field = FORM_FIELD_OF.get(error.field or "", error.field)
    form.add_error(field if field in form.fields else None, error.message)


def round_url(event: Event, number: int) -> str:
    return reverse("event-round", args=[event.slug, number])


def form_problems(form: forms.BaseForm, tail: str) -> str:
    parts = []
    for field, messages_ in form.errors.items():
        label = "" if field == "__all__" else f"{field.replace('_', ' ')}: "
        # An ErrorList yields each error's text (its stubs name the ValidationErrors it holds).
        parts.append(label + " ".join(str(message) for message in messages_))
    return " ".join([*parts, tail]).strip()
