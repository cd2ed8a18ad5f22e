"""Reads of the tournament app. Views and serializers call these; they never write."""

from django.db.models import Q, QuerySet

from tournament.models.events import (
    Entry,
    Player,
)
from tournament.registry.models import PlayerMerge


def player_list(search: str = "") -> QuerySet[Player]:
    """The registry without merged duplicates; ``search``: part of the name or club."""
    players = Player.objects.filter(merged_into__isnull=True).order_by("name", "id")
    found = Q(name__icontains=search) | Q(club__icontains=search)
    return players.filter(found) if search else players


def player_entries(player: Player) -> QuerySet[Entry]:
    """A registry player's entries across events, the latest event first: a partnership
    team's partner's too (the team is the entry)."""
    entries = Entry.objects.filter(Q(player=player) | Q(partner=player))
    return entries.select_related("event", "player", "partner").order_by(
        "-event__start_date", "-event_id"
    )


def merge_history() -> QuerySet[PlayerMerge]:
    return PlayerMerge.objects.select_related(
        "survivor", "absorbed", "user__player", "undone_by__player"
    )


def undoable_merge() -> PlayerMerge | None:
    """The latest registry merge not undone: the only one that may be undone."""
    return PlayerMerge.objects.filter(undone_at__isnull=True).order_by("-at", "-id").first()
