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
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from tournament import names
from tournament.accounts import selectors as account_selectors
from tournament.accounts.verification import require_verified_address
from tournament.acting import User, need_reason
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.logs import log_write
from tournament.models.events import Player
from tournament.models.people import Decision, PlayerClaim
from tournament.permissions import player_of, require_signed_in
from tournament.registry.services import clean_player_fields
from tournament.text import refuse_control_characters

DISPLAY_NAME_MAX = 150  # User.first_name
MESSAGE_MAX = 300  # PlayerClaim.message
# Written on claims closed by the system rather than by the person deciding.
OTHER_CLAIM_APPROVED = "Another account's claim of this player was approved."
WITHDRAWN = "Withdrawn by the person who made the claim."


def _lock_user(user: Account) -> Account:
    """A person's claims and their player change under their user row's lock."""
    return get_user_model().objects.select_for_update().get(pk=user.pk)


def _no_player_yet(user: Account) -> None:
    player = Player.objects.filter(user_id=user.pk).first()
    if player is not None:
        raise Conflict(
            _("Your account is already linked to %(name)s.") % {"name": player.name},
            code="has_player",
        )


def _no_pending_claim(user: Account) -> None:
    pending = account_selectors.pending_claim_of(user)
    if pending is not None:
        raise Conflict(
            _(
                "You have already claimed %(name)s; wait for the decision, or withdraw that "
                "claim first."
            )
            % {"name": pending.player.name},
            code="claim_pending",
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


def _clean_message(message: str) -> str:
    message = (message or "").strip()
    refuse_control_characters("message", message, multiline=True)
    if len(message) > MESSAGE_MAX:
        raise DomainError(
            _("The message is longer than %(limit)s characters.") % {"limit": MESSAGE_MAX},
            field="message",
        )
    return message


@transaction.atomic
def claim_player(*, user: User, player: Player, message: str = "") -> PlayerClaim:
    """Say "this registry player is me"; a director or a registrar decides. One pending claim
    per person; a player already linked to an account cannot be claimed. The person's address
    must be verified (someone else's address would otherwise claim its owner's player)."""
    person = _lock_user(require_signed_in(user))
    require_verified_address(person)
    message = _clean_message(message)
    _no_player_yet(person)
    _no_pending_claim(person)
    player = Player.objects.get(pk=player.pk)
    if player.merged_into_id is not None:
        raise DomainError(
            _("%(name)s was merged into another record: search again.") % {"name": player.name},
            field="player",
            code="player_merged",
        )
    if player.user_id is not None:
        raise Conflict(
            _("%(name)s is already linked to an account.") % {"name": player.name},
            field="player",
            code="player_taken",
        )
    claim = PlayerClaim.objects.create(user=person, player=player, message=message)
    log_write("claim.create", user=person, claim=claim.pk, player=player.pk)
    return claim


@transaction.atomic
def withdraw_claim(*, user: User) -> PlayerClaim:
    """Take back one's pending claim (e.g. to claim another player or add oneself)."""
    person = _lock_user(require_signed_in(user))
    claim = account_selectors.pending_claim_of(person)
    if claim is None:
        raise Conflict(_("You have no claim waiting for a decision."), code="no_pending_claim")
    claim = _lock_pending(claim)
    _decide(claim, person, Decision.REFUSED, WITHDRAWN)
    log_write("claim.withdraw", user=person, claim=claim.pk)
    return claim


@transaction.atomic
def create_own_player(*, user: User, name: str, club: str = "", country: str = "") -> Player:
    """Add oneself to the registry, linked at once (see the module's note); like a claim, it
    needs a verified address."""
    person = _lock_user(require_signed_in(user))
    require_verified_address(person)
    fields = clean_player_fields(name=name, club=club, country=country)
    _no_player_yet(person)
    _no_pending_claim(person)
    same = Player.objects.filter(name__iexact=fields["name"], club__iexact=fields["club"])
    existing = same.filter(merged_into__isnull=True).order_by("id").first()
    if existing is not None:
        raise Conflict(
            _(
                "The registry already has %(name)s (%(club)s): claim that player instead, or "
                "give your club to tell you apart."
            )
            % {"name": existing.name, "club": existing.club or _("no club")},
            field="name",
            code="player_exists",
        )
    try:
        with transaction.atomic():
            player = Player.objects.create(user=person, **fields)
    except IntegrityError:  # linked to another player a moment ago
        raise Conflict(
            _("Your account is already linked to a player."), code="has_player"
        ) from None
    log_write("player.create_own", user=person, player=player.pk)
    return player


def _require_decider(user: User, claim: PlayerClaim) -> None:
    if user.is_authenticated and claim.user_id == user.pk:
        raise NotAllowed(
            _(
                "This claim is yours, and nobody decides their own: a registrar or the "
                "player's director may decide this claim."
            ),
            code="own_claim",
        )
    if not account_selectors.may_decide_claim(user, claim):
        raise NotAllowed(
            _(
                "Only registrars, and a director of every event %(name)s has entered, may "
                "decide this claim."
            )
            % {"name": claim.player.name},
            code="not_claim_approver",
        )


def _lock_pending(claim: PlayerClaim) -> PlayerClaim:
    claim = PlayerClaim.objects.select_for_update().select_related("player").get(pk=claim.pk)
    if claim.status != Decision.PENDING:
        raise Conflict(
            _("This claim of %(name)s was already decided (%(status)s): reload.")
            % {"name": claim.player.name, "status": claim.get_status_display()},
            code="claim_decided",
        )
    return claim


def _decide(claim: PlayerClaim, user: User, status: str, reason: str) -> None:
    claim.status = status
    claim.decided_by = user if user.is_authenticated else None
    claim.decided_at = timezone.now()
    claim.reason = reason
    claim.save(update_fields=["status", "decided_by", "decided_at", "reason"])


@transaction.atomic
def approve_claim(*, claim: PlayerClaim, user: User) -> PlayerClaim:
    """Link the claimed player to the person. Under the rows' locks, refuses (409) if the
    player got an account meanwhile or the person already has a player; other people's
    pending claims of the player are then closed, saying why."""
    _require_decider(user, claim)
    # The player first: two approvals of claims of one player queue there, and the later
    # one then finds its claim closed. Then the person, then their claim (as withdraw_claim).
    player = Player.objects.select_for_update().get(pk=claim.player_id)
    _lock_user(claim.user)
    claim = _lock_pending(claim)
    if player.user_id is not None:
        raise Conflict(
            _("%(name)s was linked to another account meanwhile: refuse this claim.")
            % {"name": player.name},
            code="player_taken",
        )
    if Player.objects.filter(user_id=claim.user_id).exists():
        raise Conflict(
            _("%(person)s is already linked to a player: refuse this claim.")
            % {"person": names.display_name(claim.user)},
            code="has_player",
        )
    player.user = claim.user
    player.save(update_fields=["user"])
    _decide(claim, user, Decision.APPROVED, "")
    others = PlayerClaim.objects.filter(player=player, status=Decision.PENDING)
    for other in others.select_for_update():
        _decide(other, user, Decision.REFUSED, OTHER_CLAIM_APPROVED)
    log_write("claim.approve", user=user, claim=claim.pk, player=player.pk)
    return claim


@transaction.atomic
def refuse_claim(*, claim: PlayerClaim, user: User, reason: str) -> PlayerClaim:
    """Turn a claim down, saying why (the person sees the reason on their account)."""
    _require_decider(user, claim)
    reason = need_reason(reason, _("the claim is refused"))
    claim = _lock_pending(claim)
    _decide(claim, user, Decision.REFUSED, reason)
    log_write("claim.refuse", user=user, claim=claim.pk)
    return claim


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
    person = _lock_user(require_signed_in(user))
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
