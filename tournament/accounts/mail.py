"""The e-mails of signing up: the link that verifies a new account's address, and the note to
an address that already has an account (someone signed up with it) offering a password reset.

Sent during the request, in the recipient's language: the one they last used on the site
(``tournament.accounts.selectors.languages_of``), else the request's (a new account's owner is
the person signing up). A mail server that fails is logged and not shown: the page a person
sees must not depend on whether an address has an account (nor on the mail server)."""

import logging
from smtplib import SMTPException

from django.conf import settings
from django.contrib.auth.models import User as Account
from django.core import mail
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from tournament.accounts.selectors import languages_of
from tournament.accounts.verification import verification_token

logger = logging.getLogger(__name__)


def _send(request: HttpRequest, user: Account, template: str, **context: object) -> bool:
    to = str(getattr(user, "email", "") or "")
    if not to:
        return False
    context = {"site_name": request.get_host(), **context}
    language = languages_of([user.pk], default=translation.get_language())[user.pk]
    with translation.override(language):
        subject = "".join(render_to_string(f"{template}_subject.txt", context).splitlines())
        body = render_to_string(f"{template}_email.txt", context)
    try:
        mail.send_mail(subject, body, None, [to])
    except (SMTPException, OSError):
        logger.exception("mail=%s account=%s not sent: the mail server failed", template, user.pk)
        return False
    return True


def send_verification_link(request: HttpRequest, user: Account) -> bool:
    """The link that proves ``user``'s address (at sign-up, and again on request)."""
    path = reverse("verify-address", args=[verification_token(user)])
    return _send(
        request,
        user,
        "registration/verify_address",
        link=request.build_absolute_uri(path),
        days=settings.EMAIL_VERIFICATION_DAYS,
    )


def send_already_registered(request: HttpRequest, user: Account) -> bool:
    """Tell the owner of an address that someone signed up with it, and how to get in."""
    if not getattr(user, "is_active", False):
        return False  # a disabled account gets nothing: a reset would not let it in
    return _send(
        request,
        user,
        "registration/signup_known",
        login_link=request.build_absolute_uri(reverse("login")),
        reset_link=request.build_absolute_uri(reverse("password_reset")),
    )
