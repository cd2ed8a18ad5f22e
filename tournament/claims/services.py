"""Players' accounts: signing up, claiming one's registry player (or adding oneself to the
registry), the decision on a claim, and a person's settings and API token."""

from django.contrib.auth.models import User as Account
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament import names
from tournament.accounts.services import lock_account, require_no_player
from tournament.accounts.verification import require_verified_address
from tournament.acting import User, need_reason
from tournament.claims.models import PlayerClaim
from tournament.claims.selectors import may_decide_claim, pending_claim_of
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.logs import log_write
from tournament.models.decisions import Decision
from tournament.models.events import Player
from tournament.permissions import require_signed_in
from tournament.registry.services import clean_player_fields
from tournament.text import refuse_control_characters

MESSAGE_MAX = 300  # PlayerClaim.message


# Written on claims closed by the system rather than by the person deciding.
OTHER_CLAIM_APPROVED = "Another account's claim of this player was approved."


WITHDRAWN = "Withdrawn by the person who made the claim."


def _no_pending_claim(user: Account) -> None:
    pending = pending_claim_of(user)
    if pending is not None:
        raise Conflict(
            _(
                "You have already claimed %(name)s; wait for the decision, or withdraw that "
                "claim first."
            )
            % {"name": pending.player.name},
            code="claim_pending",
        )


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
    person = lock_account(require_signed_in(user))
    require_verified_address(person)
    message = _clean_message(message)
    require_no_player(person)
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
    person = lock_account(require_signed_in(user))
    claim = pending_claim_of(person)
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
    person = lock_account(require_signed_in(user))
    require_verified_address(person)
    fields = clean_player_fields(name=name, club=club, country=country)
    require_no_player(person)
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
    if not may_decide_claim(user, claim):
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
    lock_account(claim.user)
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
