"""Proving an e-mail address and resetting a password: the verification link and its resend,
and Django's password reset with limits per client and per address (tournament/accounts/limits.py).
Following a reset link proves the address as well as the verification link does."""

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.accounts import limits as account_limits
from tournament.accounts import mail as account_mail
from tournament.accounts import selectors as account_selectors
from tournament.accounts import verification
from tournament.accounts.models import VerifiedAddress
from tournament.errors import DomainError
from tournament.permissions import require_signed_in


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
