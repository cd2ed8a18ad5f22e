"""Reads of the rating list (never write): the public list and one player's history."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from scoring.models import PlayerRating, RatingChange
from tournament.models import Player, Result


@dataclass(frozen=True)
class HistoryLine:
    change: RatingChange
    opponents: list[Player]
    outcome: str  # "win", "draw", "loss", or "placing" for tables of 3 and 4

    @property
    def delta(self) -> float:
        return self.change.ordinal_after - self.change.ordinal_before


def rating_list() -> QuerySet[PlayerRating]:
    """Every rated player, best first (ties by player id, so the order is stable)."""
    return PlayerRating.objects.select_related("player").order_by("-ordinal", "player_id")


def player_history(player: Player) -> list[HistoryLine]:
    """The player's rated games, latest first, with the opponents and the outcome."""
    changes = (
        RatingChange.objects.filter(player=player)
        .select_related("event", "board", "board__first__player", "board__second__player")
        .order_by("-sequence")
    )
    lines = []
    for change in changes:
        board = change.board
        sides = [board.first.player] + ([board.second.player] if board.second else [])
        opponents = [p for p in sides if p.pk != player.pk]
        if change.sides != 2:
            outcome = "placing"
        elif change.tied or board.result == Result.DRAW:
            outcome = "draw"
        else:
            outcome = "win" if change.placing == 1 else "loss"
        lines.append(HistoryLine(change=change, opponents=opponents, outcome=outcome))
    return lines
