"""Players' accounts: signing up, claiming one's registry player (or adding oneself to the
registry), the decision on a claim, and a person's settings and API token.

A claim names an existing registry player, whose games and rating someone else may own, so a
director or a registrar decides it. A person who is not in the registry yet adds themselves:
that record is linked to them at once, with no approval, because it carries nobody's history;
a duplicate of an existing player is refused by name and club (claim that one instead), and a
duplicate that slips through is merged by the registry's keepers like any other.
"""

from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User as Account
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import translation
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from tournament.accounts.models import LanguageUsed
from tournament.acting import User
from tournament.errors import Conflict, DomainError
from tournament.logs import log_write
from tournament.models.events import Player
from tournament.permissions import player_of, require_signed_in
from tournament.text import refuse_control_characters

DISPLAY_NAME_MAX = 150  # User.first_name


def lock_account(user: Account) -> Account:
    """A person's claims and their player change under their user row's lock."""
    return get_user_model().objects.select_for_update().get(pk=user.pk)


def require_no_player(user: Account) -> None:
    player = Player.objects.filter(user_id=user.pk).first()
    if player is not None:
        raise Conflict(
            _("Your account is already linked to %(name)s.") % {"name": player.name},
            code="has_player",
        )


def _clean_display_name(display_name: str) -> str:
    """The name others see of a person (tournament/names.py), never an address."""
    display_name = (display_name or "").strip()
    if not display_name:
        raise DomainError(_("Give the name others should see."), field="display_name")
    if "@" in display_name:  # others see this name: an address in it would be public
        raise DomainError(
            _("The display name is shown to everyone: leave your e-mail address out of it."),
            field="display_name",
        )
    refuse_control_characters("display_name", display_name)
    if len(display_name) > DISPLAY_NAME_MAX:
        raise DomainError(
            _("The display name is longer than %(limit)s characters.")
            % {"limit": DISPLAY_NAME_MAX},
            field="display_name",
        )
    return display_name


class SignUp(NamedTuple):
    """The account an address belongs to, and whether this sign-up made it (False: the address
    was registered already, and nothing was made). The page says the same either way."""

    user: Account
    created: bool


def check_sign_up(*, email: str, password: str, display_name: str) -> tuple[str, str]:
    """The address (lower-cased) and display name of a sign-up, refused, naming the field at
    fault, when one is not valid or Django's validators refuse the password."""
    email = (email or "").strip().lower()
    display_name = (display_name or "").strip()
    try:
        validate_email(email)
    except ValidationError:
        raise DomainError(_("Enter a valid e-mail address."), field="email") from None
    display_name = _clean_display_name(display_name)
    candidate = get_user_model()(username=email, email=email, first_name=display_name)
    try:
        validate_password(password, user=candidate)
    except ValidationError as exc:
        raise DomainError(" ".join(exc.messages), field="password", code="weak_password") from None
    return email, display_name


@transaction.atomic
def sign_up(*, email: str, password: str, display_name: str) -> SignUp:
    """A new account, its address not yet verified: the e-mail (lower-cased) is its user name
    (``check_sign_up`` judges the fields). An address an account already uses makes nothing
    and is not refused either (that would tell anyone which addresses have accounts): the
    caller e-mails that account's owner instead."""
    email, display_name = check_sign_up(email=email, password=password, display_name=display_name)
    model = get_user_model()
    existing = _account_of_address(email)
    if existing is None:
        try:
            with transaction.atomic():
                user = model.objects.create_user(
                    username=email, email=email, password=password, first_name=display_name
                )
        except IntegrityError:  # the same e-mail signed up a moment ago
            existing = _account_of_address(email)
            if existing is None:
                raise
        else:
            log_write("account.sign_up", user=user, account=user.pk)
            return SignUp(user, created=True)
    make_password(password)  # as long as making an account takes: the time tells nothing
    log_write("account.sign_up_known", account=existing.pk)
    return SignUp(existing, created=False)


def _account_of_address(email: str) -> Account | None:
    model = get_user_model()
    found = model.objects.filter(Q(username__iexact=email) | Q(email__iexact=email))
    return found.order_by("pk").first()


@transaction.atomic
def update_settings(*, user: User, notify: bool) -> Player:
    """A person's settings: whether their player is e-mailed their pairings and results."""
    person = require_signed_in(user)
    player = player_of(person)
    if player is None:
        raise DomainError(
            _("Claim your player first: the setting belongs to the player."), field="notify"
        )
    if not isinstance(notify, bool):
        raise DomainError(_("notify is true or false."), field="notify")
    player = Player.objects.select_for_update().get(pk=player.pk)
    player.notify = notify
    player.save(update_fields=["notify"])
    log_write("account.settings", user=person, player=player.pk, notify=notify)
    return player


@transaction.atomic
def set_display_name(*, user: User, display_name: str) -> Account:
    """The name others see of the person while no registry player is linked to them (then
    the player's name shows), e.g. an arbiter's in the game logs."""
    person = lock_account(require_signed_in(user))
    person.first_name = _clean_display_name(display_name)
    person.save(update_fields=["first_name"])
    log_write("account.display_name", user=person)
    return person


@transaction.atomic
def api_token(*, user: User) -> Token:
    """The person's API token, made if they have none (what POST /api/token/ answers)."""
    person = require_signed_in(user)
    token, created = Token.objects.get_or_create(user=person)
    if created:
        log_write("token.create", user=person)
    return token


@transaction.atomic
def renew_api_token(*, user: User) -> Token:
    """A new API token; the old one stops working."""
    person = require_signed_in(user)
    Token.objects.filter(user_id=person.pk).delete()
    token = Token.objects.create(user=person)
    log_write("token.renew", user=person)
    return token


@transaction.atomic
def revoke_api_token(*, user: User) -> bool:
    """Delete the person's API token; whether there was one."""
    person = require_signed_in(user)
    deleted, _rows = Token.objects.filter(user_id=person.pk).delete()
    if deleted:
        log_write("token.revoke", user=person)
    return bool(deleted)


def remember_language(*, user: User, language: str) -> bool:
    """Keep the language the person uses now (the e-mails to them are written in it): at their
    sign-in and when they choose one with the switch. A language the site does not speak, or an
    anonymous visitor, is left alone; True when it changed. One write, only on a change."""
    if not user.is_authenticated:
        return False
    try:
        code = translation.get_supported_language_variant(str(language or ""))
    except LookupError:
        return False
    kept = LanguageUsed.objects.filter(user_id=user.pk).values_list("language", flat=True)
    if kept.first() == code:
        return False
    LanguageUsed.objects.update_or_create(user_id=user.pk, defaults={"language": code})
    return True
