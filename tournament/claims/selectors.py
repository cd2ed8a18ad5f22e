"""Reads for players' accounts: the registry search of a person claiming their player, their
claim's state, their API token, and who may decide a claim. They never write."""

from django.contrib.auth.models import User as Account
from django.db.models import Exists, OuterRef, Q, QuerySet

from tournament.claims.models import PlayerClaim
from tournament.models.decisions import Decision
from tournament.models.events import Entry, Event, EventRole, Player
from tournament.permissions import User, events_held

# The registry search shows at most this many players; a longer name narrows it.
SEARCH_LIMIT = 50


# Who may decide any claim: a Django permission granted by an admin (superusers have all).
APPROVER_PERMISSIONS = ("tournament.approve_claims", "tournament.keep_registry")


def is_claim_approver(user: User) -> bool:
    """A registrar (staff, as the registry's own rule says, or ``keep_registry``), a user given
    ``approve_claims``, or a superuser: they decide every claim."""
    if not user.is_authenticated or not getattr(user, "is_active", False):
        return False
    if getattr(user, "is_superuser", False) or getattr(user, "is_staff", False):
        return True
    has_perm = getattr(user, "has_perm", None)
    return callable(has_perm) and any(has_perm(name) for name in APPROVER_PERMISSIONS)


def _directed_events(user: Account) -> QuerySet[Event]:
    """The events the user directs, named in the event or across its festival."""
    return events_held(user, [EventRole.Role.DIRECTOR])


def _entered(player_ref: OuterRef) -> QuerySet[Entry]:
    """The entries of a player, alone or as a partnership team's second player."""
    return Entry.objects.filter(Q(player_id=player_ref) | Q(partner_id=player_ref))


def _decidable_by(user: User, claims: QuerySet[PlayerClaim]) -> QuerySet[PlayerClaim]:
    """Of ``claims``, those ``user`` may decide. Nobody decides their own claim. Approvers
    decide the others; a director decides the claims of a player entered in at least one event
    and only in events they direct (a director who enters another event's player in his own
    must not hand that player's account to someone: the other event's boards would follow)."""
    if not user.is_authenticated:
        return claims.none()
    claims = claims.exclude(user_id=user.pk)
    if is_claim_approver(user):
        return claims
    directed = _directed_events(user).values("pk")
    player = OuterRef("player_id")
    here = _entered(player).filter(event_id__in=directed)
    elsewhere = _entered(player).exclude(event_id__in=directed)
    return claims.filter(Exists(here), ~Exists(elsewhere))


def may_decide_claim(user: User, claim: PlayerClaim) -> bool:
    """Whether ``user`` may approve or refuse ``claim`` (see ``_decidable_by``)."""
    return _decidable_by(user, PlayerClaim.objects.filter(pk=claim.pk)).exists()


def decides_any_claims(user: User) -> bool:
    """Whether the claims page is for this user: an approver, or a director of some event."""
    return is_claim_approver(user) or (user.is_authenticated and _directed_events(user).exists())


def claims_to_decide(user: User) -> QuerySet[PlayerClaim]:
    """The pending claims this user may decide, oldest first (first come, first served)."""
    claims = PlayerClaim.objects.filter(status=Decision.PENDING).select_related("user", "player")
    return _decidable_by(user, claims).order_by("created_at", "id")


def search_registry(query: str) -> QuerySet[Player]:
    """Registry players whose name contains ``query`` (merged duplicates left out); a player
    with a ``user_id`` is taken. Nothing for an empty query."""
    query = query.strip()
    if not query:
        return Player.objects.none()
    players = Player.objects.filter(merged_into__isnull=True, name__icontains=query)
    return players.order_by("name", "id")[:SEARCH_LIMIT]


def latest_claim_of(user: User) -> PlayerClaim | None:
    """The person's most recent claim (pending, approved or refused), for their account page."""
    if not user.is_authenticated:
        return None
    return PlayerClaim.objects.filter(user_id=user.pk).select_related("player").first()


def pending_claim_of(user: User) -> PlayerClaim | None:
    if not user.is_authenticated:
        return None
    found = PlayerClaim.objects.filter(user_id=user.pk, status=Decision.PENDING)
    return found.select_related("player").first()
