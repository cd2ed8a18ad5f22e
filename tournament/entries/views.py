"""Entries of an event: add players (one by one or from CSV), withdrawals, requested byes."""

from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournament.accounts import selectors as account_selectors
from tournament.acting import User, paired_rounds
from tournament.entries import teams
from tournament.entries.byes import BYE_POINT_WORDS, allowed_bye_points, set_requested_byes
from tournament.entries.forms import ByesForm, CorrectionForm, EntryForm, PlaysOnlineForm
from tournament.entries.models import EntryRequest
from tournament.entries.online import (
    approve_entry_request,
    enter_online,
    refuse_entry_request,
)
from tournament.entries.selectors import entries_of, entry_requests_of, own_entry_requests
from tournament.entries.services import (
    add_player_entry,
    correct_entry,
    import_players_csv,
    rank_by_rating,
    reinstate_entry,
    withdraw_entry,
)
from tournament.entries.where import set_plays_online
from tournament.errors import DomainError
from tournament.models.decisions import Decision
from tournament.models.events import Entry, Event, Player
from tournament.pages import carry_out, director_or_deny, form_error, get_event
from tournament.permissions import is_own_entry, player_of
from tournament.registry.import_forms import CsvImportForm
from tournament.registry.services import CSV_COLUMNS, CsvImportError
from tournament.rounds.selectors import next_round_number, open_round


def _context(
    event: Event,
    *,
    entry_form: EntryForm | None = None,
    csv_form: CsvImportForm | None = None,
    added: Entry | None = None,
    said: str = "",
) -> dict[str, Any]:
    return {
        "event": event,
        "entries": entries_of(event),
        "entry_form": entry_form or EntryForm(event=event),
        "csv_form": csv_form or CsvImportForm(teams=teams.is_partnership(event)),
        "next_round": next_round_number(event),
        "open_round": open_round(event),
        "has_rounds": event.round_set.exists(),
        "csv_columns": teams.TEAM_COLUMNS if teams.is_partnership(event) else CSV_COLUMNS,
        "waiting": entry_requests_of(event, Decision.PENDING),
        "added": added,  # the entry just added: its row is marked
        "said": said,  # what the add form says after an add without a reload
    }


def _page(
    request: HttpRequest,
    event: Event,
    *,
    entry_form: EntryForm | None = None,
    csv_form: CsvImportForm | None = None,
) -> HttpResponse:
    context = _context(event, entry_form=entry_form, csv_form=csv_form)
    return render(request, "tournament/entries.html", context)


def entries(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    return _page(request, event)


def _at_entry(event: Event, entry: Entry) -> str:
    """The entries page at the entry's row."""
    return reverse("event-entries", args=[event.slug]) + f"#entry-{entry.pk}"


@require_POST
def entry_add(request: HttpRequest, slug: str) -> HttpResponse:
    """Add a player (a team). From the page's script (htmx) the add form and the list are
    sent back in place, so the director stays where they were, the form ready for the next
    player; without it, the page again at the added row."""
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    partial = bool(request.htmx)  # type: ignore[attr-defined]  # django-htmx middleware
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
            said = _("%(name)s is entered as #%(starting_rank)s%(late)s.") % {
                "name": entry.name,
                "starting_rank": entry.starting_rank,
                "late": late,
            }
            if partial:
                context = _context(event, added=entry, said=said)
                return render(request, "tournament/_entries_work.html", context)
            messages.success(request, said)
            return redirect(_at_entry(event, entry))
    if partial:
        return render(request, "tournament/_entries_work.html", _context(event, entry_form=form))
    return _page(request, event, entry_form=form)


@require_POST
def entries_import(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    form = CsvImportForm(request.POST, request.FILES, teams=teams.is_partnership(event))
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
            count = len(created)
            if teams.is_partnership(event):  # the entries of a partnership event are teams
                done = ngettext(
                    "%(count)s team imported and entered.",
                    "%(count)s teams imported and entered.",
                    count,
                )
            else:
                done = ngettext(
                    "%(count)s player imported and entered.",
                    "%(count)s players imported and entered.",
                    count,
                )
            messages.success(request, done % {"count": count})
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
    entry = Entry.objects.select_related("player", "partner")
    return event, get_object_or_404(entry, pk=pk, event=event)


@require_http_methods(["GET", "POST"])
def entry_withdraw(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """GET: what withdrawing the entry means, to confirm; POST: withdraw it."""
    event, entry = _entry(request, slug, pk)
    if denied := director_or_deny(request, event):
        return denied
    if request.method == "GET":
        context = {"event": event, "entry": entry, "back": _at_entry(event, entry)}
        return render(request, "tournament/entry_withdraw.html", context)
    return carry_out(
        request,
        lambda: withdraw_entry(entry=entry, user=request.user),
        _("%(name)s has withdrawn: results so far stand.") % {"name": entry.name},
        _at_entry(event, entry),
    )


@require_http_methods(["GET", "POST"])
def entry_correct(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Correct what the entry says of its player: name, club, country, rating (logged)."""
    event, entry = _entry(request, slug, pk)
    if denied := director_or_deny(request, event):
        return denied
    form = CorrectionForm(request.POST or None, entry=entry)
    if request.method == "POST" and form.is_valid():
        try:
            changes = correct_entry(
                entry=entry,
                user=request.user,
                player_fields=form.player_fields(),
                partner_fields=form.partner_fields(),
            )
        except DomainError as exc:
            form_error(form, exc)
        else:
            if changes:
                messages.success(
                    request,
                    _("The entry is corrected: %(changes)s.") % {"changes": "; ".join(changes)},
                )
            else:
                messages.info(request, _("Nothing differed: the entry is as it was."))
            return redirect(_at_entry(event, entry))
    context = {"event": event, "entry": entry, "form": form, "back": _at_entry(event, entry)}
    return render(request, "tournament/entry_correct.html", context)


@require_POST
def entry_reinstate(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event, entry = _entry(request, slug, pk)
    if denied := director_or_deny(request, event):
        return denied
    return carry_out(
        request,
        lambda: reinstate_entry(entry=entry, user=request.user),
        _("%(name)s is back in the event.") % {"name": entry.name},
        _at_entry(event, entry),
    )


@require_POST
def entry_where(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A hybrid event's entry plays online, or at the venue again."""
    event, entry = _entry(request, slug, pk)
    if denied := director_or_deny(request, event):
        return denied
    form = PlaysOnlineForm(request.POST)
    form.is_valid()  # a box ticked or not: always readable
    online = bool(form.cleaned_data.get("plays_online"))
    said = _("%(name)s plays online.") if online else _("%(name)s plays at the venue.")
    return carry_out(
        request,
        lambda: set_plays_online(entry=entry, user=request.user, online=online),
        said % {"name": entry.name},
        _at_entry(event, entry),
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


ACCOUNT_URL = "/account/"


@dataclass(frozen=True)
class OnlineState:
    """What the event page offers a signed-in person about entering (None: nothing to say)."""

    player: Player | None
    entry: Entry | None
    request: EntryRequest | None  # the latest online entry request of the player
    can_enter: bool
    account_url: str = ACCOUNT_URL


def online_state(user: User, event: Event) -> OnlineState | None:
    """For the event page: the player's entry or request, or whether they may enter now."""
    if not user.is_authenticated:
        return None
    player = player_of(user)
    if player is None:
        return OnlineState(None, None, None, False) if event.entry_open else None
    entry = event.entries.filter(player=player).first()
    request = own_entry_requests(player, event).first()
    waiting = request is not None and request.status == Decision.PENDING
    can_enter = (
        entry is None and not waiting and event.entry_open and event.status != Event.Status.FINISHED
    )
    if entry is None and request is None and not can_enter:
        return None
    return OnlineState(player, entry, request, can_enter)


@login_required
@require_http_methods(["GET", "POST"])
def event_enter(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: what entering means here; POST: enter (or ask to)."""
    event = get_event(slug)
    player = player_of(request.user)
    if request.method == "POST" and player is not None:
        try:
            made = enter_online(event=event, user=request.user)
        except DomainError as exc:
            messages.error(request, exc.message)
        else:
            if isinstance(made, EntryRequest):
                messages.success(
                    request,
                    _("Your entry waits for the approval of the directors of %(event)s.")
                    % {"event": event.name},
                )
            else:
                messages.success(
                    request,
                    _("You are entered in %(event)s as #%(rank)s.")
                    % {"event": event.name, "rank": made.starting_rank},
                )
            return redirect(event)
    context = {
        "event": event,
        "player": player,
        "state": online_state(request.user, event),
        "account_url": ACCOUNT_URL,
        "unverified": not account_selectors.address_verified(request.user),
    }
    return render(request, "online/enter.html", context)


class OwnByesForm(forms.Form):
    """One choice per round not yet paired: no bye, or one of the values the event allows."""

    def __init__(self, *args: Any, entry: Entry, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        event = entry.event
        self.entry = entry
        self.paired = paired_rounds(event)
        values = [("", _("No bye"))] + [
            (v, _("%(points)s point(s)") % {"points": BYE_POINT_WORDS[v]})
            for v in allowed_bye_points(event)
        ]
        points = entry.requested_bye_points or {}
        shown = ", ".join(BYE_POINT_WORDS[v] for v in allowed_bye_points(event))
        refused = _("This event allows requested byes of %(shown)s point(s) only.") % {
            "shown": shown
        }
        first = max(self.paired + 1, entry.joined_round)
        for number in range(first, event.rounds + 1):
            asked = points.get(str(number), "0.5") if number in entry.requested_byes else ""
            self.fields[f"round_{number}"] = forms.ChoiceField(
                label=_("Round %(number)s") % {"number": number},
                choices=values,
                required=False,
                initial=asked,
                error_messages={"invalid_choice": refused},
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        # Byes of rounds already paired stand as they are (the service keeps them).
        kept: list[int | tuple[int, object]] = [
            n for n in self.entry.requested_byes if n <= self.paired
        ]
        chosen = [
            (int(name.removeprefix("round_")), value)
            for name, value in data.items()
            if name.startswith("round_") and value
        ]
        data["rounds"] = kept + chosen
        return data


def _own_entry(request: HttpRequest, slug: str) -> tuple[Event, Entry | None]:
    event = get_event(slug)
    player = player_of(request.user)
    if player is None:
        return event, None
    entry = Entry.objects.select_related("player", "event").filter(event=event, player=player)
    return event, entry.first()


def _own_page(
    request: HttpRequest, event: Event, entry: Entry | None, form: OwnByesForm | None = None
) -> HttpResponse:
    context = {
        "event": event,
        "entry": entry,
        "player": player_of(request.user),
        "form": form or (OwnByesForm(entry=entry) if entry else None),
        "allowed": [BYE_POINT_WORDS[v] for v in allowed_bye_points(event)],
        "account_url": ACCOUNT_URL,
    }
    return render(request, "online/my_entry.html", context)


@login_required
def my_entry(request: HttpRequest, slug: str) -> HttpResponse:
    event, entry = _own_entry(request, slug)
    return _own_page(request, event, entry)


def _entry_by_pk(request: HttpRequest, slug: str, pk: int) -> tuple[Event, Entry]:
    event = get_event(slug)
    entry = get_object_or_404(Entry.objects.select_related("player", "event"), pk=pk, event=event)
    return event, entry


@login_required
@require_POST
def my_entry_withdraw(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event, entry = _entry_by_pk(request, slug, pk)
    try:
        withdraw_entry(entry=entry, user=request.user)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("You have withdrawn from %(event)s: results so far stand.") % {"event": event.name},
        )
    if not is_own_entry(request.user, entry):
        return redirect(event)
    return redirect("my-entry", event.slug)


@login_required
@require_POST
def my_entry_byes(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event, entry = _entry_by_pk(request, slug, pk)
    if not is_own_entry(request.user, entry):
        messages.error(
            request,
            _("Only %(name)s may do this for their own entry.") % {"name": entry.player.name},
        )
        return redirect(event)
    form = OwnByesForm(request.POST, entry=entry)
    if not form.is_valid():
        return _own_page(request, event, entry, form)
    try:
        entry = set_requested_byes(
            entry=entry, user=request.user, rounds=form.cleaned_data["rounds"]
        )
    except DomainError as exc:
        messages.error(request, _("%(message)s Nothing changed.") % {"message": exc.message})
        return _own_page(request, event, entry, form)
    messages.success(
        request,
        _("Your requested byes: %(rounds)s.") % {"rounds": entry.requested_byes_text or _("none")},
    )
    return redirect("my-entry", event.slug)


def entry_requests(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    context = {
        "event": event,
        "requests": entry_requests_of(event),
        "is_director": True,
    }
    return render(request, "online/entry_requests.html", context)


def _request_of(request: HttpRequest, slug: str, pk: int) -> tuple[Event, EntryRequest]:
    event = get_event(slug)
    entry_request = get_object_or_404(
        EntryRequest.objects.select_related("player", "event"), pk=pk, event=event
    )
    return event, entry_request


@require_POST
def entry_request_approve(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event, entry_request = _request_of(request, slug, pk)
    if denied := director_or_deny(request, event):
        return denied
    try:
        entry = approve_entry_request(entry_request=entry_request, user=request.user)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("%(name)s is entered as #%(rank)s.")
            % {"name": entry.player.name, "rank": entry.starting_rank},
        )
    return redirect(reverse("event-entry-requests", args=[event.slug]))


@require_POST
def entry_request_refuse(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event, entry_request = _request_of(request, slug, pk)
    if denied := director_or_deny(request, event):
        return denied
    reason = request.POST.get("reason", "")
    try:
        refuse_entry_request(entry_request=entry_request, user=request.user, reason=reason)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("The entry of %(name)s is refused.") % {"name": entry_request.player.name},
        )
    return redirect(reverse("event-entry-requests", args=[event.slug]))
