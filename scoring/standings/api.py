"""The standings API: standings, crosstable and final placings of an event (read-only, public).

The bodies are those of the JSON exports (scoring.exports), passed through the serializers
below so that the OpenAPI schema describes exactly what is sent.
"""

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scoring.exports.sheets import crosstable_json, placings_json, standings_json
from scoring.standings import build as standings
from scoring.standings.sheet import Standings
from scoring.standings.views import event_or_404
from tournament.fields import WholeNumberField
from tournament.models.events import Event


class StandingsEventSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    slug = serializers.SlugField()
    venue = serializers.CharField(allow_blank=True)
    start_date = serializers.DateField(allow_null=True)
    end_date = serializers.DateField(allow_null=True)
    status = serializers.CharField()
    rounds_planned = WholeNumberField()
    rounds_public = serializers.ListField(
        child=WholeNumberField(), help_text="Numbers of the published rounds"
    )
    bye_value = serializers.FloatField(help_text="Victory points of a pairing-allocated bye")


class StandingsTieBreakSerializer(serializers.Serializer[Any]):
    key = serializers.CharField()
    # The metaclass takes declared fields off the class; the stub reads this as Field.label.
    label = serializers.CharField()  # type: ignore[assignment]
    description = serializers.CharField()


class StandingsPlayerSerializer(serializers.Serializer[Any]):
    entry = WholeNumberField(help_text="The player's entry in the event")
    player_id = WholeNumberField()
    name = serializers.CharField()
    club = serializers.CharField(allow_blank=True)
    country = serializers.CharField(allow_blank=True)
    rating = WholeNumberField(
        allow_null=True,
        help_text="The registry rating (a number from outside, such as a national list), not "
        "the site rating of /api/ratings/",
    )
    starting_rank = WholeNumberField()
    withdrawn = serializers.BooleanField()


class StandingsRowSerializer(StandingsPlayerSerializer):
    rank = WholeNumberField(help_text="Shared by players tied on VP and every tie-break")
    tied = serializers.BooleanField()
    vp = serializers.FloatField(help_text="Victory points")
    tiebreaks = serializers.DictField(
        child=serializers.FloatField(), help_text="Each tie-break of the chain, by key"
    )
    games_played = WholeNumberField()


class StandingsSerializer(serializers.Serializer[Any]):
    event = StandingsEventSerializer()
    tiebreaks = StandingsTieBreakSerializer(many=True, help_text="The event's chain, in order")
    field_size = WholeNumberField()
    computed_at = serializers.DateTimeField()
    standings = StandingsRowSerializer(many=True)


class CrosstableCellSerializer(serializers.Serializer[Any]):
    round = WholeNumberField()
    kind = serializers.ChoiceField(
        choices=[
            "played",
            "forfeit",
            "bye",
            "half_bye",
            "full_bye",
            "absent",
            "table",
            "pending",
            "provisional",
            "held",
            "none",
        ],
        help_text="none: no board that round; pending: no result yet; held: result held back; "
        "table: a game at a table of 3 or 4 (placing and table_size say how it went)",
    )
    board = WholeNumberField(allow_null=True, required=False)
    opponent = WholeNumberField(allow_null=True, required=False, help_text="The opponent's entry")
    opponent_rank = WholeNumberField(allow_null=True, required=False)
    opponent_name = serializers.CharField(allow_blank=True, required=False)
    moved_first = serializers.BooleanField(allow_null=True, required=False)
    points = serializers.FloatField(allow_null=True, required=False)
    score = serializers.CharField(allow_blank=True, required=False)
    own_lowest = WholeNumberField(allow_null=True, required=False)
    opp_lowest = WholeNumberField(allow_null=True, required=False)
    placing = WholeNumberField(
        allow_null=True, required=False, help_text="At a table of 3 or 4: 1 best, ties share"
    )
    table_size = WholeNumberField(
        allow_null=True, required=False, help_text="Players at the table; null for two"
    )


class CrosstableRowSerializer(StandingsPlayerSerializer):
    rank = WholeNumberField()
    tied = serializers.BooleanField()
    vp = serializers.FloatField()
    rounds = CrosstableCellSerializer(many=True)


class CrosstableSerializer(serializers.Serializer[Any]):
    event = StandingsEventSerializer()
    rounds = serializers.ListField(child=WholeNumberField())
    computed_at = serializers.DateTimeField()
    crosstable = CrosstableRowSerializer(many=True)


class FinalPlacingSerializer(StandingsPlayerSerializer):
    place = serializers.CharField(help_text='"1", or a shared span such as "2-3"')
    place_from = WholeNumberField()
    place_to = WholeNumberField()
    shared = serializers.BooleanField()
    field_size = WholeNumberField()
    vp = serializers.FloatField()


class PlacingsSerializer(serializers.Serializer[Any]):
    event = StandingsEventSerializer()
    field_size = WholeNumberField()
    computed_at = serializers.DateTimeField()
    placings = FinalPlacingSerializer(many=True)


def _table(slug: str) -> tuple[Event, Standings]:
    event = event_or_404(slug)
    return event, standings.standings_for(event)


class StandingsViewSet(viewsets.ViewSet):
    """An event's tables (read-only, public), by the event's slug."""

    permission_classes = [AllowAny]
    # Not HEAD: refused (405) since these routes were function views; the answers stay the same.
    http_method_names = ["get", "options"]
    lookup_field = "slug"
    lookup_value_converter = "slug"

    @extend_schema(
        responses=StandingsSerializer,
        summary="Standings of an event",
        description="Rank, victory points, each tie-break of the event's chain and games played; "
        "published rounds only.",
        tags=["standings"],
    )
    @action(detail=True)
    def standings(self, request: Request, slug: str) -> Response:
        event, table = _table(slug)
        return Response(StandingsSerializer(standings_json(event, table)).data)

    @extend_schema(
        responses=CrosstableSerializer,
        summary="Crosstable of an event",
        description="Per player and round: opponent, who moved first, result and both lowest "
        "colour levels.",
        tags=["standings"],
    )
    @action(detail=True)
    def crosstable(self, request: Request, slug: str) -> Response:
        event, table = _table(slug)
        return Response(CrosstableSerializer(crosstable_json(event, table)).data)

    @extend_schema(
        responses=PlacingsSerializer,
        summary="Final placings of an event",
        description="Places with ties as spans (2-3) and the field size, as MSO Pentamind "
        "scoring needs them.",
        tags=["standings"],
    )
    @action(detail=True)
    def placings(self, request: Request, slug: str) -> Response:
        event, table = _table(slug)
        return Response(PlacingsSerializer(placings_json(event, table)).data)
