"""Reads for players' accounts: the registry search of a person claiming their player, their
claim's state, their API token, who may decide a claim, and the language to write to them in.
They never write."""

from collections.abc import Iterable

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User as Account
from rest_framework.authtoken.models import Token

from tournament.accounts.models import LanguageUsed, VerifiedAddress

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


def languages_of(
    user_ids: Iterable[int | None], default: str | None = None
) -> dict[int | None, str]:
    """The language to write to each account in (one query): the one its owner last used on
    the site (``LanguageUsed``: at their last sign-in, or chosen with the switch since). Else
    ``default``, the site's language (LANGUAGE_CODE) unless given: for an account that has not
    signed in since languages were kept, and for ``None``, a recipient without an account (a
    registry player's contact address). The simplest honest rule: nobody is asked, and a mail
    reads as the site last read to its recipient."""
    default = default or settings.LANGUAGE_CODE
    wanted = {pk for pk in user_ids if pk is not None}
    languages: dict[int | None, str] = {pk: default for pk in wanted}
    languages[None] = default
    if not wanted:  # registry players alone (a result's e-mail, mostly): nothing to read
        return languages
    found = LanguageUsed.objects.filter(user_id__in=wanted).values_list("user_id", "language")
    known = {code for code, _name in settings.LANGUAGES}
    languages.update({pk: code for pk, code in found if code in known})
    return languages
