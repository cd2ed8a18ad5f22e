"""Check-in pages: a player checks in for the next round; a director checks players in by
hand on the desk (search, a tap per player without a reload, everyone present at once),
sets when check-in opens and closes, and watches the count before pairing. The rules are in
tournament/checkin/services.py."""

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournament.checkin import selectors as checkin_selectors
from tournament.checkin import services as checkin_service
from tournament.errors import DomainError
from tournament.fields import form_field
from tournament.models.events import Event
from tournament.pages import arbiter_or_deny, director_or_deny, form_error, get_event, show_error
from tournament.permissions import player_of
from tournament.reading import whole_number
from tournament.widgets import DateTimeLocalInput


class WindowForm(forms.Form):
    """When check-in opens and closes for a round, in the event's zone (the view sets it)."""

    round_number = forms.TypedChoiceField(label=gettext_lazy("Round"), coerce=int)
    opens_at = forms.DateTimeField(
        label=gettext_lazy("Check-in opens"),
        widget=DateTimeLocalInput(),
    )
    closes_at = forms.DateTimeField(
        label=gettext_lazy("Check-in closes"),
        widget=DateTimeLocalInput(),
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(n, str(n)) for n in range(1, event.rounds + 1)]
        form_field(self, "round_number", forms.ChoiceField).choices = choices


def _action(request: HttpRequest) -> str:
    action = request.POST.get("action", "")
    if action not in ("in", "out"):
        raise DomainError(_("Choose to check in or to check out."), field="action")
    return action


def check_in_page(request: HttpRequest, slug: str) -> HttpResponse:
    """A signed-in player checks their own entry in (or out) for the next round."""
    event = get_event(slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    entry = checkin_selectors.entry_of(request.user, event)
    if request.method == "POST":
        try:
            action = _action(request)
            if entry is None:
                raise DomainError(
                    _("You have no entry in %(name)s.") % {"name": event.name}, field="entry"
                )
            asked = request.POST.get("round") or None
            if action == "in":
                row, _new = checkin_service.check_in(
                    entry=entry, user=request.user, round_number=asked
                )
                done = _("You are checked in for round %(number)s.") % {"number": row.round_number}
            else:
                checkin_service.check_out(entry=entry, user=request.user, round_number=asked)
                done = _("You are checked out: you will not be paired unless you check in again.")
        except DomainError as exc:
            show_error(request, exc)
        else:
            messages.success(request, done)
        return redirect("event-check-in", event.slug)
    number = checkin_selectors.check_in_round(event)
    context: dict[str, Any] = {
        "event": event,
        "entry": entry,
        "player": player_of(request.user),
        "round_number": number,
        "zone": checkin_selectors.zone_name(event),
    }
    if number is not None and entry is not None:
        window = checkin_selectors.window_of(event, number)
        context |= {
            "window": window,
            "window_open": window.is_open(),
            "check_in": checkin_selectors.check_in_of(entry, number),
            "takes_part": checkin_selectors.takes_part(entry, number),
            "bye": number in entry.requested_byes,
        }
    return render(request, "checkin/check_in.html", context)


def _manage_round(request: HttpRequest, event: Event) -> int | None:
    asked = request.GET.get("round", "")
    if asked:
        number = whole_number(asked)
        if number is not None and 1 <= number <= event.rounds:
            return number
        messages.error(
            request,
            _("There is no round %(value)s: %(name)s has %(rounds)s rounds.")
            % {"value": asked[:20], "name": event.name, "rounds": event.rounds},
        )
    return checkin_selectors.check_in_round(event)


def _desk(event: Event, number: int) -> dict[str, Any]:
    """What the desk shows of a round: every row, the counts, and whether it is paired."""
    rows = checkin_selectors.desk_of(event, number)
    paired = checkin_selectors.is_paired(event, number)
    return {
        "event": event,
        "round_number": number,
        "rows": rows,
        "counts": checkin_selectors.counts_of(rows),
        "paired": paired,
        "open_desk": event.check_in_required and not paired,
        "zone": checkin_selectors.zone_name(event),
    }


def _manage_url(event: Event, number: object) -> str:
    url = reverse("event-check-in-manage", args=[event.slug])
    return f"{url}?round={number}" if whole_number(number) else url


def _posted_round(request: HttpRequest, event: Event) -> int | None:
    """The round a desk's form names (each sends its own), else the next to be paired."""
    number = whole_number(request.POST.get("round", ""))
    if number is not None and 1 <= number <= event.rounds:
        return number
    return checkin_selectors.check_in_round(event)


def check_in_manage(request: HttpRequest, slug: str) -> HttpResponse:
    """The check-in desk of the event's arbiters and directors: every entry of a round, found
    as one types, checked in or out with a tap (htmx answers with the row and the counts;
    without JavaScript the form posts and the page comes back), and everyone present checked in
    at once (check_in_everyone)."""
    event = get_event(slug)
    if denied := arbiter_or_deny(request, event):
        return denied
    if request.method == "POST":
        return _toggle(request, event)
    number = _manage_round(request, event)
    context: dict[str, Any] = {"event": event, "round_number": number, "is_director": True}
    if number is not None:
        context |= _desk(event, number) | {"window": checkin_selectors.window_of(event, number)}
    return render(request, "checkin/manage.html", context)


def _toggle(request: HttpRequest, event: Event) -> HttpResponse:
    """One entry checked in or out by hand, from its row on the desk."""
    asked = request.POST.get("round") or None
    entry_id = request.POST.get("entry", "")
    found = event.entries.select_related("player", "partner", "event")
    entry = found.filter(pk=whole_number(entry_id) or 0).first()
    done, error = "", ""
    try:
        action = _action(request)
        if entry is None:
            raise DomainError(
                _("%(value)s is not an entry of this event.") % {"value": repr(entry_id[:20])},
                field="entry",
            )
        if action == "in":
            row, _new = checkin_service.check_in(
                entry=entry, user=request.user, round_number=asked, by_hand=True
            )
            done = _("%(player)s is checked in for round %(number)s.") % {
                "player": entry.player.name,
                "number": row.round_number,
            }
        else:
            checkin_service.check_out(
                entry=entry, user=request.user, round_number=asked, by_hand=True
            )
            done = _("%(player)s is checked out.") % {"player": entry.player.name}
    except DomainError as exc:
        error = exc.message
    if request.htmx:  # type: ignore[attr-defined]  # django-htmx middleware
        # The row and the counts as they are now (refused: as they were), swapped in place.
        number = _posted_round(request, event)
        context: dict[str, Any] = {"event": event, "notice": done, "error": error}
        if number is not None:
            context |= _desk(event, number)
            context["changed"] = [r for r in context["rows"] if entry and r.entry.pk == entry.pk]
        return render(request, "checkin/_desk_update.html", context)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, done)
    return redirect(_manage_url(event, asked))


def check_in_everyone(request: HttpRequest, slug: str) -> HttpResponse:
    """ "Check in everyone present": the confirmation (a page, or the desk's dialog through
    htmx) names who will be checked in and who will not; confirming checks them all in at
    once."""
    event = get_event(slug)
    if denied := arbiter_or_deny(request, event):
        return denied
    if request.method == "POST":
        return _everyone(request, event)
    number = _manage_round(request, event)
    context: dict[str, Any] = {"event": event, "round_number": number, "is_director": True}
    if number is not None:
        context |= _desk(event, number)
    htmx = bool(request.htmx)  # type: ignore[attr-defined]  # django-htmx middleware
    return render(request, "checkin/_everyone.html" if htmx else "checkin/everyone.html", context)


def _everyone(request: HttpRequest, event: Event) -> HttpResponse:
    """The confirmed "everyone present": htmx gets the desk back, a plain form a redirect."""
    asked = request.POST.get("round") or None
    notice, error = "", ""
    try:
        number, done = checkin_service.check_in_everyone(
            event=event, user=request.user, round_number=asked
        )
    except DomainError as exc:
        error = exc.message
    else:
        notice = _everyone_done(number, len(done))
    if request.htmx:  # type: ignore[attr-defined]  # django-htmx middleware
        context: dict[str, Any] = {"event": event, "notice": notice, "error": error}
        shown = _posted_round(request, event)
        if shown is not None:
            context |= _desk(event, shown)
        return render(request, "checkin/_desk.html", context | {"counts_oob": True})
    if error:
        messages.error(request, error)
    else:
        messages.success(request, notice)
    return redirect(_manage_url(event, asked))


def _everyone_done(number: int, count: int) -> str:
    if not count:
        return _("Everyone taking part in round %(number)s was checked in already.") % {
            "number": number
        }
    return ngettext(
        "%(count)s player is checked in for round %(number)s.",
        "%(count)s players are checked in for round %(number)s.",
        count,
    ) % {"count": count, "number": number}


def check_in_windows(request: HttpRequest, slug: str) -> HttpResponse:
    """When check-in opens and closes, round by round (else the default, shown)."""
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    zone = checkin_selectors.event_zone(event)
    if request.method == "POST" and request.POST.get("action") == "clear":
        try:
            cleared = checkin_service.clear_window(
                event=event, user=request.user, round_number=request.POST.get("round_number")
            )
        except DomainError as exc:
            show_error(request, exc)
        else:
            if cleared:
                messages.success(request, _("The round's window is removed: the default applies."))
            else:
                messages.info(request, _("That round had no window set: the default applies."))
        return redirect("event-check-in-windows", event.slug)
    with timezone.override(zone):  # the times typed are the event's local times
        form = WindowForm(request.POST or None, event=event, initial=_initial(request, event))
        if request.method == "POST" and form.is_valid():
            try:
                window = checkin_service.set_window(
                    event=event, user=request.user, **form.cleaned_data
                )
            except DomainError as exc:
                form_error(form, exc)
            else:
                messages.success(
                    request,
                    _("The check-in window of round %(number)s is set.")
                    % {"number": window.round_number},
                )
                return redirect("event-check-in-windows", event.slug)
    context = {
        "event": event,
        "form": form,
        "windows": [(w, w.state()) for w in checkin_selectors.windows_of(event)],
        "zone": str(zone),
        "is_director": True,
    }
    return render(request, "checkin/windows.html", context)


def _initial(request: HttpRequest, event: Event) -> dict[str, Any]:
    """The form filled in for the round asked for (?round=N), else for the next round."""
    asked = request.GET.get("round", "")
    number = whole_number(asked) or checkin_selectors.check_in_round(event)
    if number is None or not 1 <= number <= event.rounds:
        return {}
    window = checkin_selectors.window_of(event, number)
    initial: dict[str, Any] = {"round_number": number}
    if window.explicit:
        initial |= {"opens_at": window.opens_at, "closes_at": window.closes_at}
    return initial


def check_in_progress(request: HttpRequest, slug: str) -> HttpResponse:
    """The fragment the director's pages poll before pairing: "Checked in: 23 of 30"."""
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    context = {"event": event, "check_in": checkin_selectors.pairing_progress(event)}
    return render(request, "checkin/_progress.html", context)
