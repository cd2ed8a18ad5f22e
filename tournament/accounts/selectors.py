"""Reads for players' accounts: the registry search of a person claiming their player, their
claim's state, their API token, and who may decide a claim. They never write."""

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User as Account
from rest_framework.authtoken.models import Token

from tournament.accounts.models import VerifiedAddress

User = Account | AnonymousUser


def token_of(user: User) -> Token | None:
    """The person's API token, if they made one."""
    if not user.is_authenticated:
        return None
    return Token.objects.filter(user_id=user.pk).first()


def address_verified(user: User) -> bool:
    """Whether the person proved the account's e-mail address theirs (the address it has now:
    one changed since must be proved again). See VerifiedAddress."""
    if not user.is_authenticated:
        return False
    email = str(getattr(user, "email", "") or "")
    return VerifiedAddress.objects.filter(user_id=user.pk, email__iexact=email).exists()
