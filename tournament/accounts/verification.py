"""Proving an e-mail address: the signed link sent at sign-up (or again on request), and the
check that claiming a player and entering events online make first.

The link carries the account and its address, signed with the site's secret and a timestamp
(Django's signing): no row is stored until it is followed, a changed address makes old links
useless, and it works for ``EMAIL_VERIFICATION_DAYS``. Following a password reset link proves
the address too (tournament/accounts/views.py records it)."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User as Account
from django.core import signing
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.accounts import selectors as account_selectors
from tournament.accounts.models import VerifiedAddress
from tournament.acting import User
from tournament.errors import DomainError, NotAllowed
from tournament.logs import log_write

SALT = "tournament.verify-address"


def verification_token(user: Account) -> str:
    """The token of the link that proves ``user``'s present address."""
    email = str(getattr(user, "email", "") or "").lower()
    return signing.dumps({"user": user.pk, "email": email}, salt=SALT)


def require_verified_address(user: User) -> None:
    """Refuse, saying how to go on, unless the person proved their address (someone who
    signed up with another's address must not claim that person's player or enter them)."""
    if user.is_authenticated and not account_selectors.address_verified(user):
        raise NotAllowed(
            _(
                "Verify your e-mail address first: follow the link we sent to it. No e-mail? "
                "Have it sent again from your account page."
            ),
            code="address_unverified",
        )


@transaction.atomic
def mark_verified(*, user: Account, source: str) -> VerifiedAddress:
    """Record that the account's present address is proved (``source`` says how)."""
    email = str(getattr(user, "email", "") or "")
    row, _created = VerifiedAddress.objects.update_or_create(
        user_id=user.pk, defaults={"email": email, "source": source}
    )
    log_write("account.verify", user=user, account=user.pk, source=source)
    return row


@transaction.atomic
def verify_address(*, token: str) -> Account:
    """Follow a verification link: the account whose address it proves. Refuses, saying so,
    a link that expired, was cut or altered, or names an address the account no longer has."""
    max_age = settings.EMAIL_VERIFICATION_DAYS * 24 * 3600
    try:
        payload = signing.loads(token, salt=SALT, max_age=max_age)
    except signing.SignatureExpired:
        raise DomainError(
            _(
                "This link has expired (it works for %(days)s days): log in and have a new "
                "one sent from your account page."
            )
            % {"days": settings.EMAIL_VERIFICATION_DAYS},
            code="link_expired",
        ) from None
    except signing.BadSignature:
        raise DomainError(
            _(
                "This link does not work: it is incomplete or was altered. Copy the whole "
                "link from the e-mail, or have a new one sent from your account page."
            ),
            code="link_invalid",
        ) from None
    user_pk = payload.get("user") if isinstance(payload, dict) else None
    user = (
        get_user_model().objects.select_for_update().filter(pk=user_pk).first()
        if isinstance(user_pk, int)
        else None
    )
    email = str(getattr(user, "email", "") or "").lower() if user is not None else ""
    if user is None or not email or email != payload.get("email"):
        raise DomainError(
            _(
                "This link is for an address the account no longer has: have a new one sent "
                "from your account page."
            ),
            code="link_stale",
        )
    if not account_selectors.address_verified(user):
        mark_verified(user=user, source=VerifiedAddress.Source.LINK)
    return user
