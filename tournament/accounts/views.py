"""Players' own pages: sign-up, the account page (their player, claim, settings and API token),
claiming a registry player or adding oneself, and the claims page of directors and registrars.
"""

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.views import i18n
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from tournament.accounts import limits as account_limits
from tournament.accounts import mail as account_mail
from tournament.accounts import selectors as account_selectors
from tournament.accounts import services as accounts
from tournament.accounts import verification
from tournament.accounts.forms import DisplayNameForm, NotifyForm, SignUpForm
from tournament.accounts.models import VerifiedAddress
from tournament.claims.forms import SearchForm
from tournament.claims.selectors import (
    decides_any_claims,
    latest_claim_of,
)
from tournament.errors import DomainError
from tournament.pages import carry_out, form_error, show_error
from tournament.permissions import player_of, require_signed_in


def my_games_url() -> str:
    """The "My games" page, which another part of the site provides; /me/ until it exists."""
    try:
        return reverse("my-games")
    except NoReverseMatch:
        return "/me/"


def on_sign_in(sender: object, request: HttpRequest | None, user: Any, **kwargs: object) -> None:
    """Django's ``user_logged_in``: the language of the page the person signed in on is the
    one their e-mails are written in (tournament/accounts/selectors.py, ``languages_of``)."""
    language = getattr(request, "LANGUAGE_CODE", "")
    if language:
        accounts.remember_language(user=user, language=language)


# CSRF-exempt as Django's was (tournament/urls.py says why): a forged post can switch a signed-in
# visitor's e-mails to the other language, as it can their pages, and do nothing more.
@csrf_exempt
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's language switch; a signed-in person's e-mails follow the language chosen."""
    response = i18n.set_language(request)
    if request.method == "POST" and request.user.is_authenticated:
        chosen = str(request.POST.get(i18n.LANGUAGE_QUERY_PARAMETER, ""))
        accounts.remember_language(user=request.user, language=chosen)
    return response


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
            form_error(form, exc)
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
    claim = latest_claim_of(request.user)
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
        "decides_claims": decides_any_claims(request.user),
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


def verify_address(request: HttpRequest, token: str) -> HttpResponse:
    """The link of the e-mail: the address is verified (a second visit changes nothing), or
    the page says why the link does not work (400) and how to get a new one."""
    try:
        user = verification.verify_address(token=token)
    except DomainError as exc:
        context = {"error": exc.message}
        return render(request, "accounts/verify_address.html", context, status=400)
    signed_in_as_it = request.user.is_authenticated and request.user.pk == user.pk
    return render(request, "accounts/verify_address.html", {"signed_in": signed_in_as_it})


@login_required
@require_POST
def resend_verification(request: HttpRequest) -> HttpResponse:
    """Send the link again to the signed-in person's address, within the sign-up limits."""
    user = require_signed_in(request.user)
    if account_selectors.address_verified(user):
        messages.info(request, _("Your e-mail address is already verified."))
        return redirect("account")
    verdict = account_limits.client_within(
        request, "verify-resend", settings.SIGNUP_RATE_PER_CLIENT
    )
    if not verdict.allowed:
        messages.error(request, account_limits.too_many(verdict))
        return redirect("account")
    email = str(getattr(user, "email", "") or "")
    if account_limits.address_within("verify-resend", email, settings.SIGNUP_RATE_PER_ADDRESS):
        account_mail.send_verification_link(request, user)
        messages.success(request, _("We sent the link again: check your inbox."))
    else:
        messages.error(
            request,
            _("We sent the link several times already: wait an hour, and check your spam folder."),
        )
    return redirect("account")


class PasswordResetView(auth_views.PasswordResetView):
    """Django's: the same page whether or not an account has the address. A client over its
    rate is told to wait (429); an address over its rate is sent nothing, the page unchanged."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        verdict = account_limits.client_within(
            request, "password-reset", settings.PASSWORD_RESET_RATE_PER_CLIENT
        )
        if verdict.allowed:
            return super().post(request, *args, **kwargs)
        form = self.get_form()
        form.is_valid()
        form.add_error(None, account_limits.too_many(verdict))
        response = self.render_to_response(self.get_context_data(form=form), status=429)
        response["Retry-After"] = str(verdict.retry_after)
        return response

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        email = form.cleaned_data["email"]
        rates = settings.PASSWORD_RESET_RATE_PER_ADDRESS
        if not account_limits.address_within("password-reset", email, rates):
            return HttpResponseRedirect(self.get_success_url())
        return super().form_valid(form)


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's; a password set through the e-mailed link also proves the address."""

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        if not account_selectors.address_verified(self.user):
            verification.mark_verified(user=self.user, source=VerifiedAddress.Source.PASSWORD_RESET)
        return response
