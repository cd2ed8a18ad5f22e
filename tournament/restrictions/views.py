"""Director pages: pairs kept apart (restrictions), and a whole event imported from a TRF file."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from tournament.errors import DomainError
from tournament.pages import (
    carry_out,
    director_or_deny,
    form_error,
    get_event,
    require_creator_or_deny,
)
from tournament.registry.import_forms import TrfImportForm
from tournament.restrictions.forms import ForbiddenPairForm
from tournament.restrictions.models import ForbiddenPair
from tournament.restrictions.selectors import forbidden_pairs_of
from tournament.restrictions.services import add_forbidden_pair, remove_forbidden_pair
from tournament.restrictions.trf_import import import_trf


def restrictions(request: HttpRequest, slug: str) -> HttpResponse:
    """The pairs the director keeps apart, the event's keep-apart setting, and a form to add."""
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    form = ForbiddenPairForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        try:
            pair = add_forbidden_pair(
                event=event,
                user=request.user,
                first=form.cleaned_data["first"],
                second=form.cleaned_data["second"],
                reason=form.cleaned_data["reason"],
            )
        except DomainError as exc:
            form_error(form, exc)
        else:
            messages.success(
                request, f"{pair.first.player.name} and {pair.second.player.name} are kept apart."
            )
            return redirect("event-restrictions", event.slug)
    context = {
        "event": event,
        "form": form,
        "pairs": forbidden_pairs_of(event),
        "keep_apart": event.keep_apart,
        "is_director": True,
    }
    return render(request, "tournament/restrictions.html", context)


@require_POST
def restriction_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    pair = get_object_or_404(ForbiddenPair, pk=pk, event=event)
    return carry_out(
        request,
        lambda: remove_forbidden_pair(pair=pair, user=request.user),
        "The two may be paired again.",
        reverse("event-restrictions", args=[event.slug]),
    )


@login_required
def trf_import(request: HttpRequest) -> HttpResponse:
    """A new event from a TRF file: players, rounds and results, to carry on here."""
    require_creator_or_deny(request)
    form = TrfImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = import_trf(
                user=request.user, text=form.trf_text, name=form.cleaned_data["name"]
            )
        except DomainError as exc:
            form_error(form, exc)
        else:
            messages.success(request, f"{event.name} is imported: you are its director.")
            return redirect(event)
    return render(request, "tournament/trf_import.html", {"form": form})
