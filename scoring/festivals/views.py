"""Festival pages: the list, a festival's page (events, schedule, results), its Pentamind
placings export, and the directors' create and edit form.

The public pages are not page-cached: they gather several events' standings (each read from
the standings cache, so a page costs a few queries), and a cached copy would need a version
covering every member event's results, entries, status and check-in windows. Rendered per
request, they are never stale after a result.
"""

import datetime
import zoneinfo
from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from scoring.core.field import BEST_EVENTS
from scoring.exports.pentamind import overall_json, pentamind_csv, pentamind_json
from scoring.exports.sheets import dumps
from scoring.exports.views import CSV, JSON, _download
from scoring.festivals import services as festivals
from tournament.errors import DomainError
from tournament.festivals import members as festival_members
from tournament.festivals import selectors as festival_selectors
from tournament.festivals import services as festival_services
from tournament.models.events import Festival
from tournament.models.rights import FestivalRequest, FestivalRole
from tournament.text import NoControlCharacters
from tournament.widgets import DateInput


class FestivalForm(forms.Form):
    """What a director types; the service decides what is allowed."""

    name = forms.CharField(
        label=gettext_lazy("Name"), max_length=200, validators=[NoControlCharacters("name")]
    )
    venue = forms.CharField(
        label=gettext_lazy("Venue"),
        max_length=200,
        required=False,
        validators=[NoControlCharacters("venue")],
    )
    starts = forms.DateField(label=gettext_lazy("First day"), widget=DateInput())
    ends = forms.DateField(label=gettext_lazy("Last day"), widget=DateInput())
    time_zone = forms.CharField(
        label=gettext_lazy("Time zone"),
        max_length=64,
        initial="Europe/London",
        help_text=gettext_lazy("The venue's, e.g. Europe/London: the schedule is shown in it"),
        widget=forms.TextInput(attrs={"list": "time-zones", "autocomplete": "off"}),
    )

    @staticmethod
    def initial_of(festival: Festival) -> dict[str, Any]:
        return {name: getattr(festival, name) for name in festival_services.FESTIVAL_FIELDS}


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
        form.add_error(exc.field if exc.field in form.fields else None, exc.message)
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
    festival = festivals.festival_or_404(slug)
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


def festival_list(request: HttpRequest) -> HttpResponse:
    context = {
        "festivals": festivals.festival_list(),
        "can_create": festival_services.can_create_festival(request.user),
    }
    return render(request, "festival/list.html", context)


def festival_detail(request: HttpRequest, slug: str) -> HttpResponse:
    festival = festivals.festival_or_404(slug)
    events = festivals.festival_events(festival)
    placings = festivals.festival_placings(events)
    columns, players = festivals.results_table(events, placings)
    can_edit = festival_services.can_edit_festival(request.user, festival)
    context = {
        "festival": festival,
        "events": events,
        "schedule": festivals.festival_schedule(festival, events),
        "result_events": columns,
        "players": players,
        "can_edit": can_edit,
        "requests": festival_selectors.requests_to_decide(festival) if can_edit else [],
        "today": datetime.datetime.now(zoneinfo.ZoneInfo(festival.time_zone)).date(),
    }
    return render(request, "festival/detail.html", context)


def pentamind_export(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    """The Pentamind placings: ``fmt`` is "csv" or "json" (from the route)."""
    festival = festivals.festival_or_404(slug)
    placings = festivals.festival_placings(festivals.festival_events(festival))
    if fmt == "json":
        content = dumps(pentamind_json(festival, placings))
        return _download(content, JSON, f"{festival.slug}-pentamind.json")
    return _download(pentamind_csv(placings), CSV, f"{festival.slug}-pentamind.csv")


def festival_overall(request: HttpRequest, slug: str) -> HttpResponse:
    """The overall table: players by their best five events' Pentamind points."""
    festival = festivals.festival_or_404(slug)
    events = festivals.festival_events(festival)
    lines = festivals.overall_table(events, festivals.festival_placings(events))
    context = {"festival": festival, "lines": lines, "best": BEST_EVENTS}
    return render(request, "festival/overall.html", context)


def overall_export(request: HttpRequest, slug: str) -> HttpResponse:
    festival = festivals.festival_or_404(slug)
    events = festivals.festival_events(festival)
    lines = festivals.overall_table(events, festivals.festival_placings(events))
    content = dumps(overall_json(festival, lines))
    return _download(content, JSON, f"{festival.slug}-overall.json")


def _decide_request(
    request: HttpRequest, slug: str, pk: int, decide: Callable[[FestivalRequest], object]
) -> HttpResponse:
    festival = festivals.festival_or_404(slug)
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


class DirectorForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("Username"), max_length=150)
    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=300,
        required=False,
        help_text=gettext_lazy("Optional: why (it goes into the rights log)"),
    )


def festival_directors(request: HttpRequest, slug: str) -> HttpResponse:
    """The festival's directors: they name and remove each other."""
    festival = festivals.festival_or_404(slug)
    if not festival_services.can_edit_festival(request.user, festival):
        return _deny(
            request,
            _("Only the directors of the festival %(name)s may change it.")
            % {"name": festival.name},
        )
    form = DirectorForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            festival_services.add_festival_director(
                festival=festival, user=request.user, **form.cleaned_data
            )
        except DomainError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            messages.success(
                request,
                _("%(user)s now directs the festival.") % {"user": form.cleaned_data["username"]},
            )
            return redirect("festival-directors", festival.slug)
    roles = festival.roles.select_related("user").order_by("user__username")
    context = {"festival": festival, "form": form, "roles": roles}
    return render(request, "festival/directors.html", context)


@require_POST
def festival_director_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    festival = festivals.festival_or_404(slug)
    if not festival_services.can_edit_festival(request.user, festival):
        return _deny(
            request,
            _("Only the directors of the festival %(name)s may change it.")
            % {"name": festival.name},
        )
    role = get_object_or_404(FestivalRole.objects.select_related("user"), pk=pk, festival=festival)
    try:
        festival_services.remove_festival_director(
            festival=festival, user=request.user, role=role, reason=request.POST.get("reason", "")
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("%(user)s no longer directs the festival.") % {"user": role.user.get_username()},
        )
    return redirect("festival-directors", festival.slug)
