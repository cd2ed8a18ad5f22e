"""Players' own pages: sign-up, the account page (their player, claim, settings and API token),
claiming a registry player or adding oneself, and the claims page of directors and registrars.
"""

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.accounts import limits as account_limits
from tournament.accounts import mail as account_mail
from tournament.accounts import selectors as account_selectors
from tournament.accounts import services as accounts
from tournament.accounts.forms import (
    ClaimForm,
    DisplayNameForm,
    NotifyForm,
    OwnPlayerForm,
    SearchForm,
    SignUpForm,
)
from tournament.errors import DomainError
from tournament.models.events import Player
from tournament.models.people import PlayerClaim
from tournament.names import display_name
from tournament.pages import carry_out, show_error
from tournament.permissions import player_of
from tournament.registry.services import is_registrar


def _form_error(form: forms.Form, error: DomainError) -> None:
    form.add_error(error.field if error.field in form.fields else None, error.message)


def my_games_url() -> str:
    """The "My games" page, which another part of the site provides; /me/ until it exists."""
    try:
        return reverse("my-games")
    except NoReverseMatch:
        return "/me/"


def signup(request: HttpRequest) -> HttpResponse:
    """The same answer whether or not the address has an account: a new one gets the link that
    verifies it, a known one a note offering a password reset (tournament/accounts/mail.py)."""
    if request.user.is_authenticated:
        return redirect("account")
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        verdict = account_limits.client_within(request, "signup", settings.SIGNUP_RATE_PER_CLIENT)
        if not verdict.allowed:
            form.is_valid()
            form.add_error(None, account_limits.too_many(verdict))
            response = render(request, "accounts/signup.html", {"form": form}, status=429)
            response["Retry-After"] = str(verdict.retry_after)
            return response
    if request.method == "POST" and form.is_valid():
        fields = {name: form.cleaned_data[name] for name in ("email", "password", "display_name")}
        try:
            accounts.check_sign_up(**fields)
            if not account_limits.address_within(
                "signup", fields["email"], settings.SIGNUP_RATE_PER_ADDRESS
            ):
                return redirect("signup-done")  # nothing more goes to that address for now
            made = accounts.sign_up(**fields)
        except DomainError as exc:
            _form_error(form, exc)
        else:
            if made.created:
                account_mail.send_verification_link(request, made.user)
            else:
                account_mail.send_already_registered(request, made.user)
            return redirect("signup-done")
    return render(request, "accounts/signup.html", {"form": form})


def signup_done(request: HttpRequest) -> HttpResponse:
    return render(request, "accounts/signup_done.html")


@login_required
def account(request: HttpRequest) -> HttpResponse:
    player = player_of(request.user)
    claim = account_selectors.latest_claim_of(request.user)
    if claim is not None and claim.decided_by_id == claim.user_id:
        claim = None  # withdrawn by the person: nothing to tell them
    context = {
        "player": player,
        "claim": claim,
        "token": account_selectors.token_of(request.user),
        "notify_form": NotifyForm(initial={"notify": player.notify}) if player else None,
        "name_form": DisplayNameForm(
            initial={"display_name": getattr(request.user, "first_name", "")}
        ),
        "search_form": SearchForm(),
        "my_games_url": my_games_url(),
        "decides_claims": account_selectors.decides_any_claims(request.user),
        "unverified": not account_selectors.address_verified(request.user),
    }
    return render(request, "accounts/account.html", context)


@login_required
@require_POST
def account_notify(request: HttpRequest) -> HttpResponse:
    form = NotifyForm(request.POST)
    form.is_valid()  # a checkbox: absent means off
    try:
        player = accounts.update_settings(
            user=request.user, notify=bool(form.cleaned_data.get("notify"))
        )
    except DomainError as exc:
        show_error(request, exc)
    else:
        if player.notify:
            messages.success(request, _("You will be e-mailed your pairings and results."))
        else:
            messages.success(request, _("You will not be e-mailed your pairings and results."))
    return redirect("account")


@login_required
@require_POST
def account_display_name(request: HttpRequest) -> HttpResponse:
    name = str(request.POST.get("display_name", ""))  # the service says what is wrong with it
    return carry_out(
        request,
        lambda: accounts.set_display_name(user=request.user, display_name=name),
        _("Others now see you as %(name)s.") % {"name": name.strip()},
        reverse("account"),
    )


@login_required
@require_POST
def account_token(request: HttpRequest) -> HttpResponse:
    return carry_out(
        request,
        lambda: accounts.renew_api_token(user=request.user),
        _("Your new API token is below; any older one no longer works."),
        reverse("account") + "#token",
    )


@login_required
@require_POST
def account_token_revoke(request: HttpRequest) -> HttpResponse:
    return carry_out(
        request,
        lambda: accounts.revoke_api_token(user=request.user),
        _("Your API token is revoked: scripts using it are refused now."),
        reverse("account") + "#token",
    )


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
    players = list(account_selectors.search_registry(query))
    context = {
        "form": form,
        "query": query,
        "players": players,
        "limit": account_selectors.SEARCH_LIMIT,
        "pending": account_selectors.pending_claim_of(request.user),
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
            accounts.claim_player(
                user=request.user, player=player, message=form.cleaned_data["message"]
            )
        except DomainError as exc:
            _form_error(form, exc)
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
        lambda: accounts.withdraw_claim(user=request.user),
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
            player = accounts.create_own_player(user=request.user, **form.cleaned_data)
        except DomainError as exc:
            _form_error(form, exc)
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
    if not account_selectors.decides_any_claims(request.user):
        raise PermissionDenied(
            _("Only registrars and the directors of events decide claims of players.")
        )
    return None


def claims(request: HttpRequest) -> HttpResponse:
    if denied := _decider_or_deny(request):
        return denied
    context = {
        "claims": account_selectors.claims_to_decide(request.user),
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
        lambda: accounts.approve_claim(claim=claim, user=request.user),
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
        lambda: accounts.refuse_claim(claim=claim, user=request.user, reason=reason),
        _("The claim of %(name)s by %(person)s is refused.")
        % {"person": display_name(claim.user), "name": claim.player.name},
        reverse("claims"),
    )
