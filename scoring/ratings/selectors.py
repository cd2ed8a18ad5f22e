"""Reads of the rating list (never write): the public list and one player's history."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from scoring.ratings.models import PlayerRating, RatingChange
from tournament.models.events import Board, Entry, Event, Player, Result
from tournament.models.tables import SEATED


@dataclass(frozen=True)
class HistoryLine:
    change: RatingChange
    #: the player's partner in a partnership game (the same side), else None
    partner: Player | None
    #: every player of every other side at the table, in seat order (both of a team)
    opponents: list[Player]
    outcome: str  # "win", "draw", "loss", or "placing" for tables of 3 and 4

    @property
    def delta(self) -> int:
        """The change of the site rating, as shown."""
        return self.change.site_rating_change


def rating_list() -> QuerySet[PlayerRating]:
    """Every rated player, best first (ties by player id, so the order is stable)."""
    return PlayerRating.objects.select_related("player").order_by("-ordinal", "player_id")


def rating_of(player: Player) -> PlayerRating | None:
    """The player's entry on the list, or None while unrated."""
    return PlayerRating.objects.filter(player=player).first()


def site_ratings(player_ids: Iterable[int]) -> dict[int, int]:
    """The site rating of each of ``player_ids`` on the list (the unrated are left out)."""
    rows = PlayerRating.objects.filter(player__in=list(player_ids))
    return {r.player_id: r.site_rating for r in rows.only("player_id", "ordinal")}


def _players(entry: Entry) -> list[Player]:
    """The entry's players: one, or a partnership team's two (prefetched with SEATED)."""
    partner = entry.partner
    return [entry.player] if partner is None else [entry.player, partner]


def table_company(board: Board, player_id: int) -> tuple[Player | None, list[Player]]:
    """The player's partner (None unless a partnership team) and every opponent at ``board``,
    read from its seats in seat order (prefetch ``SEATED``)."""
    partner: Player | None = None
    opponents: list[Player] = []
    for entry in board.sides:
        players = _players(entry)
        if any(p.pk == player_id for p in players):
            partner = next((p for p in players if p.pk != player_id), None)
        else:
            opponents.extend(players)
    return partner, opponents


def player_history(player: Player) -> list[HistoryLine]:
    """The player's rated games, latest first, with their partner, every opponent at the table
    and the outcome."""
    changes = (
        RatingChange.objects.filter(player=player)
        .select_related("event")
        .prefetch_related(
            Prefetch("board", queryset=Board.objects.prefetch_related(*SEATED)),
        )
        .order_by("-sequence")
    )
    lines = []
    for change in changes:
        board = change.board
        partner, opponents = table_company(board, player.pk)
        if change.sides != 2:
            outcome = "placing"
        elif change.tied or board.result == Result.DRAW:
            outcome = "draw"
        else:
            outcome = "win" if change.placing == 1 else "loss"
        lines.append(
            HistoryLine(change=change, partner=partner, opponents=opponents, outcome=outcome)
        )
    return lines


def seeding_order(event: Event) -> list[Entry]:
    """The event's entries in rating-list order: rated players by the list (best first), then
    the unrated by their registry rating (none last), then by name."""
    entries = list(event.entries.select_related("player"))
    listed = dict(
        PlayerRating.objects.filter(player__entries__event=event).values_list(
            "player_id", "ordinal"
        )
    )

    def key(entry: Entry) -> tuple[bool, float, bool, int, str, int]:
        player = entry.player
        rated = player.pk in listed
        return (
            not rated,
            -listed.get(player.pk, 0.0),
            player.rating is None,
            -(player.rating or 0),
            player.name,
            entry.pk,
        )

    return sorted(entries, key=key)
