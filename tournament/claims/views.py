"""Players' own pages: sign-up, the account page (their player, claim, settings and API token),
claiming a registry player or adding oneself, and the claims page of directors and registrars."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.accounts import selectors as account_selectors
from tournament.claims.forms import ClaimForm, OwnPlayerForm, SearchForm
from tournament.claims.models import PlayerClaim
from tournament.claims.selectors import (
    SEARCH_LIMIT,
    claims_to_decide,
    decides_any_claims,
    pending_claim_of,
    search_registry,
)
from tournament.claims.services import (
    approve_claim,
    create_own_player,
    refuse_claim,
    withdraw_claim,
)
from tournament.claims.services import (
    claim_player as make_claim,  # this module's page: claim_player
)
from tournament.entries.selectors import entry_requests_waiting_by_event
from tournament.errors import DomainError
from tournament.models.events import Player
from tournament.names import display_name
from tournament.pages import carry_out, form_error
from tournament.permissions import player_of
from tournament.registry.services import is_registrar


def _has_player_already(request: HttpRequest) -> HttpResponse | None:
    player = player_of(request.user)
    if player is None:
        return None
    messages.info(request, _("Your account is already linked to %(name)s.") % {"name": player.name})
    return redirect("account")


@login_required
def claim_search(request: HttpRequest) -> HttpResponse:
    if done := _has_player_already(request):
        return done
    form = SearchForm(request.GET or None)
    query = form.cleaned_data["q"] if form.is_valid() else ""
    players = list(search_registry(query))
    context = {
        "form": form,
        "query": query,
        "players": players,
        "limit": SEARCH_LIMIT,
        "pending": pending_claim_of(request.user),
        "unverified": not account_selectors.address_verified(request.user),
    }
    return render(request, "accounts/claim_search.html", context)


@login_required
def claim_player(request: HttpRequest, pk: int) -> HttpResponse:
    if done := _has_player_already(request):
        return done
    player = get_object_or_404(Player, pk=pk, merged_into__isnull=True)
    form = ClaimForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            make_claim(user=request.user, player=player, message=form.cleaned_data["message"])
        except DomainError as exc:
            form_error(form, exc)
        else:
            messages.success(
                request,
                _("You have claimed %(name)s: a director or a registrar will decide.")
                % {"name": player.name},
            )
            return redirect("account")
    unverified = not account_selectors.address_verified(request.user)
    context = {"form": form, "player": player, "unverified": unverified}
    return render(request, "accounts/claim_player.html", context)


@login_required
@require_POST
def claim_withdraw(request: HttpRequest) -> HttpResponse:
    return carry_out(
        request,
        lambda: withdraw_claim(user=request.user),
        _("Your claim is withdrawn."),
        reverse("account"),
    )


@login_required
def own_player(request: HttpRequest) -> HttpResponse:
    if done := _has_player_already(request):
        return done
    initial = {"name": request.user.first_name} if hasattr(request.user, "first_name") else {}
    form = OwnPlayerForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            player = create_own_player(user=request.user, **form.cleaned_data)
        except DomainError as exc:
            form_error(form, exc)
        else:
            messages.success(
                request,
                _("%(name)s is in the registry and linked to your account.")
                % {"name": player.name},
            )
            return redirect("account")
    unverified = not account_selectors.address_verified(request.user)
    return render(request, "accounts/own_player.html", {"form": form, "unverified": unverified})


def _decider_or_deny(request: HttpRequest) -> HttpResponse | None:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not decides_any_claims(request.user):
        raise PermissionDenied(
            _("Only registrars and the directors of events decide claims of players.")
        )
    return None


def claims(request: HttpRequest) -> HttpResponse:
    if denied := _decider_or_deny(request):
        return denied
    context = {
        "claims": claims_to_decide(request.user),
        # What else waits for a director (the header counts both): their events' online entries.
        "entry_requests": entry_requests_waiting_by_event(request.user),
        # The registry's keepers may need a contact; a director sees the display name only.
        "shows_addresses": is_registrar(request.user),
    }
    return render(request, "accounts/claims.html", context)


@require_POST
def claim_approve(request: HttpRequest, pk: int) -> HttpResponse:
    if denied := _decider_or_deny(request):
        return denied
    claim = get_object_or_404(PlayerClaim.objects.select_related("user", "player"), pk=pk)
    return carry_out(
        request,
        lambda: approve_claim(claim=claim, user=request.user),
        _("%(person)s is now linked to %(name)s.")
        % {"person": display_name(claim.user), "name": claim.player.name},
        reverse("claims"),
    )


@require_POST
def claim_refuse(request: HttpRequest, pk: int) -> HttpResponse:
    if denied := _decider_or_deny(request):
        return denied
    claim = get_object_or_404(PlayerClaim.objects.select_related("user", "player"), pk=pk)
    reason = request.POST.get("reason", "")  # the service says what is wrong with it
    return carry_out(
        request,
        lambda: refuse_claim(claim=claim, user=request.user, reason=reason),
        _("The claim of %(name)s by %(person)s is refused.")
        % {"person": display_name(claim.user), "name": claim.player.name},
        reverse("claims"),
    )
