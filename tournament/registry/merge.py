"""Merging duplicate registry players, and undoing the latest merge.

A merge moves everything of the absorbed record (entries, and so their results; claims, entry
requests, notifications; the account) to the survivor and hides the absorbed record
(``merged_into``). ``PlayerMerge.moved`` lists exactly the rows that changed hands, so that the
latest merge not undone can be undone row by row.
"""

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament import effects
from tournament.acting import User, need_reason
from tournament.claims.models import PlayerClaim
from tournament.entries.models import EntryRequest
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.events.log import note
from tournament.events.models import EventLogEntry
from tournament.logs import log_write
from tournament.models.events import Entry, Event, Player
from tournament.notifications.models import Notification
from tournament.registry.models import PlayerMerge
from tournament.registry.selectors import undoable_merge
from tournament.registry.services import is_registrar

# Fields of the survivor a merge may fill from the absorbed record when they are blank.
FILLABLE = ("club", "country", "rating", "family", "contact")


def is_registry_keeper(user: User) -> bool:
    """Who keeps the registry's duplicates apart: registrars (staff, ``keep_registry`` given by
    an administrator, to the user or their group) and superusers. Directing an event is not
    enough: a merge moves the entries and the account of players of every event."""
    if not user.is_authenticated:
        return False
    return bool(getattr(user, "is_superuser", False)) or is_registrar(user)


def require_registry_keeper(user: User) -> None:
    if not is_registry_keeper(user):
        raise NotAllowed(
            _(
                "Only registrars (given the 'keep registry' permission by an administrator) "
                "may merge registry players or undo a merge: the registry is shared by every "
                "event."
            ),
            code="not_registry_keeper",
        )


def _locked(*players: Player) -> dict[int, Player]:
    found = Player.objects.select_for_update().filter(pk__in=[p.pk for p in players])
    return {p.pk: p for p in found}


def _label(player: Player) -> str:
    return f"{player.name} (player #{player.pk})"


def _refuse_shared_events(survivor: Player, absorbed: Player) -> None:
    """A person has one entry (and one pending online entry) in an event."""
    in_survivor = Q(entries__player=survivor) | Q(entries__partner=survivor)
    in_absorbed = Q(entries__player=absorbed) | Q(entries__partner=absorbed)
    shared = Event.objects.filter(in_survivor).filter(in_absorbed).order_by("name").first()
    if shared is not None:
        raise DomainError(
            _(
                "%(survivor)s and %(absorbed)s are both entered in %(event)s: one person "
                "cannot have two entries in an event, so they cannot be merged."
            )
            % {"survivor": survivor.name, "absorbed": absorbed.name, "event": shared.name},
            field="absorbed",
            code="same_event",
        )
    pending = EntryRequest.objects.filter(status="pending")
    asked = (
        Event.objects.filter(pk__in=pending.filter(player=survivor).values("event"))
        .filter(pk__in=pending.filter(player=absorbed).values("event"))
        .order_by("name")
        .first()
    )
    if asked is not None:
        raise DomainError(
            _(
                "%(survivor)s and %(absorbed)s both ask to enter %(event)s: decide one of "
                "the requests first."
            )
            % {"survivor": survivor.name, "absorbed": absorbed.name, "event": asked.name},
            field="absorbed",
            code="same_event",
        )


def _check_pair(survivor: Player, absorbed: Player) -> None:
    if survivor.pk == absorbed.pk:
        raise DomainError(
            _("Choose two different players: %(name)s cannot be merged into itself.")
            % {"name": survivor.name},
            field="absorbed",
        )
    for field, player in (("survivor", survivor), ("absorbed", absorbed)):
        if player.merged_into_id is not None:
            raise DomainError(
                _("%(name)s was already merged into another player.") % {"name": player.name},
                field=field,
                code="already_merged",
            )
    _refuse_shared_events(survivor, absorbed)


def _fill_blanks(survivor: Player, absorbed: Player) -> dict[str, dict[str, Any]]:
    """Fill the survivor's blank fields from the absorbed record; what was filled, and from
    what, so an undo can put it back."""
    filled: dict[str, dict[str, Any]] = {}
    for field in FILLABLE:
        mine, theirs = getattr(survivor, field), getattr(absorbed, field)
        if mine in ("", None) and theirs not in ("", None):
            filled[field] = {"before": mine, "after": theirs}
            setattr(survivor, field, theirs)
    return filled


def _ids(rows: Any) -> list[int]:
    return sorted(rows.values_list("id", flat=True))


def _after_move(event_ids: list[int], user: User, description: str) -> None:
    """Every event whose entries changed hands: a log line, fresh standings and ratings."""
    for event in Event.objects.filter(pk__in=event_ids).order_by("id"):
        note(event, user, EventLogEntry.Kind.MERGE, description)
        effects.results_changed(event.pk)


@transaction.atomic
def merge_players(
    *,
    survivor: Player,
    absorbed: Player,
    user: User,
    reason: str,
    fill_blanks: bool = False,
) -> PlayerMerge:
    """Merge the duplicate ``absorbed`` into ``survivor``: the survivor keeps its fields (and,
    with ``fill_blanks``, takes the absorbed record's where its own are blank)."""
    require_registry_keeper(user)
    reason = need_reason(reason, _("these players are merged"))
    if survivor.pk == absorbed.pk:
        _check_pair(survivor, absorbed)
    locked = _locked(survivor, absorbed)
    survivor, absorbed = locked[survivor.pk], locked[absorbed.pk]
    _check_pair(survivor, absorbed)

    entries = Entry.objects.filter(player=absorbed)
    partnered = Entry.objects.filter(partner=absorbed)  # a partnership team's second player
    event_ids = sorted(
        set(entries.values_list("event_id", flat=True))
        | set(partnered.values_list("event_id", flat=True))
    )
    taken_keys = Notification.objects.filter(player=survivor).values("key")
    notifications = Notification.objects.filter(player=absorbed).exclude(key__in=taken_keys)
    moved: dict[str, Any] = {
        "entries": _ids(entries),
        "partnered": _ids(partnered),
        "claims": _ids(PlayerClaim.objects.filter(player=absorbed)),
        "entry_requests": _ids(EntryRequest.objects.filter(player=absorbed)),
        "notifications": _ids(notifications),
        "events": event_ids,
        "user": None,
        "filled": _fill_blanks(survivor, absorbed) if fill_blanks else {},
    }
    Entry.objects.filter(pk__in=moved["entries"]).update(player=survivor)
    Entry.objects.filter(pk__in=moved["partnered"]).update(partner=survivor)
    PlayerClaim.objects.filter(pk__in=moved["claims"]).update(player=survivor)
    EntryRequest.objects.filter(pk__in=moved["entry_requests"]).update(player=survivor)
    Notification.objects.filter(pk__in=moved["notifications"]).update(player=survivor)
    absorbed.merged_into = survivor
    if absorbed.user_id is not None and survivor.user_id is None:
        moved["user"] = absorbed.user_id
        absorbed.user = None
        absorbed.save(update_fields=["merged_into", "user"])
        survivor.user_id = moved["user"]
    else:
        absorbed.save(update_fields=["merged_into"])
    survivor.save()

    merge = PlayerMerge.objects.create(
        survivor=survivor,
        absorbed=absorbed,
        moved=moved,
        reason=reason,
        user=user if user.is_authenticated else None,
    )
    log_write(
        "player.merge",
        user=user,
        merge=merge.pk,
        survivor=survivor.pk,
        absorbed=absorbed.pk,
        entries=len(moved["entries"]),
    )
    _after_move(
        event_ids,
        user,
        f"Registry merge: {_label(absorbed)} merged into {_label(survivor)}. Reason: {reason}",
    )
    return merge


@transaction.atomic
def undo_merge(*, merge: PlayerMerge, user: User, reason: str) -> PlayerMerge:
    """Put back exactly what ``merge`` moved. Only the latest merge not undone may be undone:
    a later merge may have built on it."""
    require_registry_keeper(user)
    reason = need_reason(reason, _("the merge is undone"))
    locked = _locked(merge.survivor, merge.absorbed)
    survivor, absorbed = locked[merge.survivor_id], locked[merge.absorbed_id]
    merge = PlayerMerge.objects.select_for_update().get(pk=merge.pk)
    if merge.undone_at is not None:
        raise Conflict(
            _("The merge of %(absorbed)s into %(survivor)s was already undone.")
            % {"absorbed": absorbed.name, "survivor": survivor.name},
            code="already_undone",
        )
    latest = undoable_merge()
    if latest is None or latest.pk != merge.pk:
        raise Conflict(
            _(
                "Only the latest merge can be undone: %(absorbed)s was merged into "
                "%(survivor)s before another merge."
            )
            % {"absorbed": absorbed.name, "survivor": survivor.name},
            code="not_latest_merge",
        )

    moved = merge.moved
    Entry.objects.filter(pk__in=moved.get("entries", [])).update(player=absorbed)
    Entry.objects.filter(pk__in=moved.get("partnered", [])).update(partner=absorbed)
    PlayerClaim.objects.filter(pk__in=moved.get("claims", [])).update(player=absorbed)
    EntryRequest.objects.filter(pk__in=moved.get("entry_requests", [])).update(player=absorbed)
    Notification.objects.filter(pk__in=moved.get("notifications", [])).update(player=absorbed)
    for field, change in moved.get("filled", {}).items():
        setattr(survivor, field, change["before"])
    account = moved.get("user")
    if account is not None and survivor.user_id == account:
        survivor.user = None
    survivor.save()
    absorbed.merged_into = None
    if account is not None and survivor.user_id is None:
        absorbed.user_id = account
    absorbed.save(update_fields=["merged_into", "user"])

    merge.undone_at = timezone.now()
    merge.undone_by = user if user.is_authenticated else None
    merge.moved = {**moved, "undo_reason": reason}
    merge.save(update_fields=["undone_at", "undone_by", "moved"])
    log_write("player.merge_undo", user=user, merge=merge.pk)
    _after_move(
        moved.get("events", []),
        user,
        f"Registry merge undone: {_label(absorbed)} is separate from {_label(survivor)} "
        f"again. Reason: {reason}",
    )
    return merge
