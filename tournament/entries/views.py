"""Entries of an event: add players (one by one or from CSV), withdrawals, requested byes."""

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.entries import teams
from tournament.entries.byes import set_requested_byes
from tournament.entries.forms import ByesForm, EntryForm
from tournament.entries.selectors import entries_of, entry_requests_of
from tournament.entries.services import (
    add_player_entry,
    import_players_csv,
    rank_by_rating,
    reinstate_entry,
    withdraw_entry,
)
from tournament.errors import DomainError
from tournament.models.decisions import Decision
from tournament.models.events import Entry, Event
from tournament.pages import carry_out, director_or_deny, form_error, get_event
from tournament.registry.import_forms import CsvImportForm
from tournament.registry.services import CSV_COLUMNS, CsvImportError
from tournament.rounds.selectors import next_round_number, open_round


def _page(
    request: HttpRequest,
    event: Event,
    *,
    entry_form: EntryForm | None = None,
    csv_form: CsvImportForm | None = None,
) -> HttpResponse:
    context = {
        "event": event,
        "entries": entries_of(event),
        "entry_form": entry_form or EntryForm(event=event),
        "csv_form": csv_form or CsvImportForm(),
        "next_round": next_round_number(event),
        "open_round": open_round(event),
        "has_rounds": event.round_set.exists(),
        "csv_columns": teams.TEAM_COLUMNS if teams.is_partnership(event) else CSV_COLUMNS,
        "waiting": entry_requests_of(event, Decision.PENDING),
    }
    return render(request, "tournament/entries.html", context)


def entries(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    return _page(request, event)


@require_POST
def entry_add(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    form = EntryForm(request.POST, event=event)
    if form.is_valid():
        data = form.cleaned_data
        try:
            entry = add_player_entry(
                event=event,
                user=request.user,
                player=data["player"],
                player_fields={name: data[name] for name in CSV_COLUMNS},
                missed_rounds=data["missed_rounds"],
                requested_byes=data["requested_byes"],
                partner=data.get("partner"),  # a partnership event's team
                partner_fields=form.partner_fields(),
            )
        except DomainError as exc:
            form_error(form, exc)
        else:
            late = f", joining in round {entry.joined_round}" if entry.joined_round > 1 else ""
            messages.success(
                request,
                _("%(name)s is entered as #%(starting_rank)s%(late)s.")
                % {"name": entry.name, "starting_rank": entry.starting_rank, "late": late},
            )
            return redirect("event-entries", event.slug)
    return _page(request, event, entry_form=form)


@require_POST
def entries_import(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    form = CsvImportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            created = import_players_csv(
                event=event,
                user=request.user,
                text=form.csv_text,
                missed_rounds=form.cleaned_data["missed_rounds"],
            )
        except CsvImportError as exc:
            form.add_error(None, forms.ValidationError(["Nothing was imported.", *exc.problems]))
        except DomainError as exc:
            form_error(form, exc)
        else:
            messages.success(
                request, _("%(created)s players imported and entered.") % {"created": len(created)}
            )
            return redirect("event-entries", event.slug)
    return _page(request, event, csv_form=form)


@require_POST
def entries_rank(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    return carry_out(
        request,
        lambda: rank_by_rating(event=event, user=request.user),
        "Starting ranks follow the ratings now.",
        reverse("event-entries", args=[event.slug]),
    )


def _entry(request: HttpRequest, slug: str, pk: int) -> tuple[Event, Entry]:
    event = get_event(slug)
    return event, get_object_or_404(Entry.objects.select_related("player"), pk=pk, event=event)


@require_POST
def entry_withdraw(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event, entry = _entry(request, slug, pk)
    if denied := director_or_deny(request, event):
        return denied
    return carry_out(
        request,
        lambda: withdraw_entry(entry=entry, user=request.user),
        f"{entry.name} has withdrawn: results so far stand.",
        reverse("event-entries", args=[event.slug]),
    )


@require_POST
def entry_reinstate(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event, entry = _entry(request, slug, pk)
    if denied := director_or_deny(request, event):
        return denied
    return carry_out(
        request,
        lambda: reinstate_entry(entry=entry, user=request.user),
        f"{entry.name} is back in the event.",
        reverse("event-entries", args=[event.slug]),
    )


@require_POST
def entry_byes(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event, entry = _entry(request, slug, pk)
    if denied := director_or_deny(request, event):
        return denied
    form = ByesForm(request.POST)
    if not form.is_valid():
        messages.error(
            request,
            _("%(name)s: %(value)s Nothing changed.")
            % {"name": entry.name, "value": form.errors["requested_byes"][0]},
        )
        return redirect("event-entries", event.slug)
    try:
        entry = set_requested_byes(
            entry=entry, user=request.user, rounds=form.cleaned_data["requested_byes"]
        )
    except DomainError as exc:
        messages.error(
            request,
            _("%(name)s: %(message)s Nothing changed.")
            % {"name": entry.name, "message": exc.message},
        )
    else:
        rounds = entry.requested_byes_text or "none"
        messages.success(
            request,
            _("%(name)s's requested byes: %(rounds)s.") % {"name": entry.name, "rounds": rounds},
        )
    return redirect("event-entries", event.slug)
