"""The signed-in player's own games (``GET /api/me/games/``): the data of the "My games" page."""

from dataclasses import asdict
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from scoring.me.selectors import Company, MyEvent, MyGame, ThisRound, my_events
from tournament.api.schema import LOGIN_REQUIRED
from tournament.fields import WholeNumberField
from tournament.models.events import Entry
from tournament.permissions import player_of


class OpponentSerializer(serializers.Serializer[Any]):
    entry_id = WholeNumberField()
    player_id = WholeNumberField()
    name = serializers.CharField(help_text="The player, or a team as 'Ada Byron & Alan Turing'")
    partner_id = WholeNumberField(allow_null=True, help_text="A team's second player")


class PartnerSerializer(serializers.Serializer[Any]):
    player_id = WholeNumberField()
    name = serializers.CharField()


KIND_HELP = (
    "pair (two players), team (two partnership teams), table (3-4 sides), solitaire (the "
    "round's sequence, alone), bye"
)


class ClockSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    ms = WholeNumberField(help_text="Milliseconds left")
    running = serializers.BooleanField()


class ThisRoundSerializer(serializers.Serializer[Any]):
    round = WholeNumberField()
    board_id = WholeNumberField()
    board = WholeNumberField(help_text="The board's number")
    kind = serializers.CharField(help_text=KIND_HELP)
    opponent = OpponentSerializer(allow_null=True, help_text="At a board of two sides")
    opponents = OpponentSerializer(many=True, help_text="Every other side, in seat order")
    partner = PartnerSerializer(allow_null=True, help_text="A partnership team's other player")
    seat = WholeNumberField(help_text="The player's seat, 0 moves first")
    first_seat = serializers.BooleanField(help_text="The player moves first")
    result = serializers.CharField(allow_blank=True)
    clocks = ClockSerializer(many=True, help_text="While the game is being recorded")
    can_confirm = serializers.BooleanField(
        help_text="A paper game without a result: the players confirm it"
    )


class AccuracySerializer(serializers.Serializer[Any]):
    accuracy = WholeNumberField(
        allow_null=True, help_text="% of the player's judged decisions graded best"
    )
    mean_lost = serializers.FloatField(
        allow_null=True, help_text="Win-% points lost on average (solitaire: levels)"
    )
    first_choice = WholeNumberField(help_text="Placements that were the engine's first choice")
    placements = WholeNumberField(help_text="Placements analysed")
    solitaire = serializers.BooleanField()


class HistorySerializer(serializers.Serializer[Any]):
    round = WholeNumberField()
    board = WholeNumberField()
    kind = serializers.CharField(help_text=KIND_HELP)
    opponent = OpponentSerializer(allow_null=True, help_text="At a board of two sides")
    opponents = OpponentSerializer(many=True, help_text="Every other side, in seat order")
    partner = PartnerSerializer(allow_null=True, help_text="A partnership team's other player")
    moved_first = serializers.BooleanField(allow_null=True)
    result = serializers.CharField(allow_blank=True, help_text="The board's result code")
    points = serializers.FloatField(allow_null=True, help_text="Counted points, when counted")
    accuracy = AccuracySerializer(
        allow_null=True, help_text="The engine's analysis of the game, once it is analysed"
    )


class MyEventSerializer(serializers.Serializer[Any]):
    slug = serializers.SlugField()
    name = serializers.CharField()
    festival = serializers.CharField(allow_null=True)
    entry_id = WholeNumberField()
    status = serializers.CharField(help_text="active, withdrawn")
    requested_byes = serializers.ListField(child=WholeNumberField())
    this_round = ThisRoundSerializer(allow_null=True)
    history = HistorySerializer(many=True)


class MyGamesSerializer(serializers.Serializer[Any]):
    player = serializers.DictField(allow_null=True, help_text="id and name; null: none claimed")
    events = MyEventSerializer(many=True)


def _opponent(entry: Entry | None) -> dict[str, Any] | None:
    if entry is None:
        return None
    return {
        "entry_id": entry.pk,
        "player_id": entry.player_id,
        "name": entry.name,
        "partner_id": entry.partner_id,
    }


def _met(company: Company) -> dict[str, Any]:
    partner = company.partner
    return {
        "kind": company.kind,
        "opponent": _opponent(company.opponent),
        "opponents": [_opponent(entry) for entry in company.opponents],
        "partner": {"player_id": partner.pk, "name": partner.name} if partner else None,
    }


def _this_round(current: ThisRound | None) -> dict[str, Any] | None:
    if current is None:
        return None
    return {
        "round": current.round.number,
        "board_id": current.board.pk,
        "board": current.board.number,
        **_met(current.company),
        "seat": current.seat,
        "first_seat": current.first_seat,
        "result": current.board.result,
        "clocks": [{"name": c.name, "ms": c.ms, "running": c.running} for c in current.clocks],
        "can_confirm": current.can_confirm,
    }


def _history(game: MyGame) -> dict[str, Any]:
    return {
        "round": game.board.round.number,
        "board": game.board.number,
        **_met(game.company),
        "moved_first": game.moved_first,
        "result": game.board.result,
        "points": game.cell.points if game.cell else None,
        "accuracy": asdict(game.accuracy) if game.accuracy else None,
    }


def _event(item: MyEvent) -> dict[str, Any]:
    festival = item.event.festival
    return {
        "slug": item.event.slug,
        "name": item.event.name,
        "festival": festival.name if festival else None,
        "entry_id": item.entry.pk,
        "status": item.entry.status,
        "requested_byes": item.entry.requested_byes,
        "this_round": _this_round(item.current),
        "history": [_history(game) for game in item.history],
    }


@extend_schema(
    responses=MyGamesSerializer,
    summary="My games",
    description="The signed-in player's events (festival events first): this round's board "
    "(opponent, seat, clocks while recorded) and the history of each.",
    tags=["me"],
    auth=LOGIN_REQUIRED,
)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def my_games(request: Request) -> Response:
    player = player_of(request.user)
    body = {
        "player": {"id": player.pk, "name": player.name} if player else None,
        "events": [_event(item) for item in my_events(player)] if player else [],
    }
    response = Response(MyGamesSerializer(body).data)
    response["Cache-Control"] = "private, no-cache"
    return response
