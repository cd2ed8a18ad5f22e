"""Festival pages: the list, a festival's page (events, schedule, results), its Pentamind
placings export, and the directors' create and edit form."""

import zoneinfo
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.errors import DomainError
from tournament.festivals import members as festival_members
from tournament.festivals import services as festival_services
from tournament.festivals.forms import FestivalForm, RoleForm
from tournament.festivals.models import FestivalRequest, FestivalRole
from tournament.festivals.selectors import festival_or_404
from tournament.models.events import Festival
from tournament.pages import form_error


def _time_zones() -> list[str]:
    return sorted(z for z in zoneinfo.available_timezones() if "/" in z)


def _form_page(request: HttpRequest, form: FestivalForm, festival: Festival | None) -> HttpResponse:
    context = {"form": form, "festival": festival, "time_zones": _time_zones()}
    return render(request, "festival/form.html", context)


def _save(request: HttpRequest, form: FestivalForm, festival: Festival | None) -> HttpResponse:
    """Create or update from a valid form; a refusal shows next to its field."""
    try:
        if festival is None:
            festival = festival_services.create_festival(user=request.user, data=form.cleaned_data)
            messages.success(request, _("%(name)s is created.") % {"name": festival.name})
        else:
            festival = festival_services.update_festival(
                festival=festival, user=request.user, data=form.cleaned_data
            )
            messages.success(request, _("The festival is saved."))
    except DomainError as exc:
        form_error(form, exc)
        return _form_page(request, form, festival)
    return redirect("festival-detail", festival.slug)


def _deny(request: HttpRequest, message: str) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied(message)


def festival_create(request: HttpRequest) -> HttpResponse:
    if not festival_services.can_create_festival(request.user):
        return _deny(
            request, _("Only event directors and the site's organisers may create festivals.")
        )
    form = FestivalForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        return _save(request, form, None)
    return _form_page(request, form, None)


def festival_edit(request: HttpRequest, slug: str) -> HttpResponse:
    festival = festival_or_404(slug)
    if not festival_services.can_edit_festival(request.user, festival):
        return _deny(
            request,
            _("Only the directors of the festival %(name)s may change it.")
            % {"name": festival.name},
        )
    form = FestivalForm(request.POST or None, initial=FestivalForm.initial_of(festival))
    if request.method == "POST" and form.is_valid():
        return _save(request, form, festival)
    return _form_page(request, form, festival)


def _decide_request(
    request: HttpRequest, slug: str, pk: int, decide: Callable[[FestivalRequest], object]
) -> HttpResponse:
    festival = festival_or_404(slug)
    if not festival_services.can_edit_festival(request.user, festival):
        return _deny(
            request,
            _("Only the directors of the festival %(name)s may change it.")
            % {"name": festival.name},
        )
    asked = get_object_or_404(FestivalRequest.objects.select_related("event"), pk=pk)
    if asked.festival_id != festival.pk:
        raise Http404
    try:
        decide(asked)
    except DomainError as exc:
        messages.error(request, exc.message)
    return redirect("festival-detail", festival.slug)


@require_POST
def request_approve(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A director of the festival lets an event in."""

    def approve(asked: FestivalRequest) -> None:
        festival_members.approve_festival_request(request=asked, user=request.user)
        messages.success(request, _("%(event)s joins the festival.") % {"event": asked.event.name})

    return _decide_request(request, slug, pk, approve)


@require_POST
def request_decline(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A director of the festival keeps an event out."""

    def decline(asked: FestivalRequest) -> None:
        festival_members.decline_festival_request(
            request=asked, user=request.user, reason=request.POST.get("reason", "")
        )
        messages.success(
            request, _("%(event)s does not join the festival.") % {"event": asked.event.name}
        )

    return _decide_request(request, slug, pk, decline)


def _named(role: str, username: str) -> str:
    words = {
        FestivalRole.Role.FESTIVAL: _("%(user)s now directs the festival."),
        FestivalRole.Role.DIRECTOR: _("%(user)s now directs every event of the festival."),
        FestivalRole.Role.ARBITER: _("%(user)s is now an arbiter of every event of the festival."),
    }
    return words[FestivalRole.Role(role)] % {"user": username}


def _unnamed(role: FestivalRole) -> str:
    words = {
        FestivalRole.Role.FESTIVAL: _("%(user)s no longer directs the festival."),
        FestivalRole.Role.DIRECTOR: _("%(user)s no longer directs every event of the festival."),
        FestivalRole.Role.ARBITER: _(
            "%(user)s is no longer an arbiter of every event of the festival."
        ),
    }
    return words[FestivalRole.Role(role.role)] % {"user": role.user.get_username()}


def festival_directors(request: HttpRequest, slug: str) -> HttpResponse:
    """The festival's people: its directors name each other, and the directors and arbiters
    of every event of it."""
    festival = festival_or_404(slug)
    if not festival_services.can_edit_festival(request.user, festival):
        return _deny(
            request,
            _("Only the directors of the festival %(name)s may change it.")
            % {"name": festival.name},
        )
    form = RoleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            festival_services.add_festival_role(
                festival=festival, user=request.user, **form.cleaned_data
            )
        except DomainError as exc:
            form_error(form, exc)
        else:
            data = form.cleaned_data
            messages.success(request, _named(data["role"], data["username"]))
            return redirect("festival-directors", festival.slug)
    order = list(FestivalRole.Role.values)  # the festival's directors first
    roles = sorted(
        festival.roles.select_related("user"),
        key=lambda r: (order.index(r.role), r.user.get_username()),
    )
    context = {"festival": festival, "form": form, "roles": roles}
    return render(request, "festival/directors.html", context)


@require_POST
def festival_director_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    festival = festival_or_404(slug)
    if not festival_services.can_edit_festival(request.user, festival):
        return _deny(
            request,
            _("Only the directors of the festival %(name)s may change it.")
            % {"name": festival.name},
        )
    role = get_object_or_404(FestivalRole.objects.select_related("user"), pk=pk, festival=festival)
    try:
        festival_services.remove_festival_role(
            festival=festival, user=request.user, role=role, reason=request.POST.get("reason", "")
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _unnamed(role))
    return redirect("festival-directors", festival.slug)
