"""The rating list API (read-only, public)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scoring.ratings_selectors import rating_list
from tournament.fields import WholeNumberField


class RatingSerializer(serializers.Serializer):
    rank = WholeNumberField()
    player_id = WholeNumberField()
    name = serializers.CharField()
    club = serializers.CharField(allow_blank=True)
    country = serializers.CharField(allow_blank=True)
    rating = serializers.FloatField(help_text="The list's rating: mu − 3 × sigma")
    mu = serializers.FloatField(help_text="openskill Plackett-Luce mean")
    sigma = serializers.FloatField(help_text="openskill Plackett-Luce uncertainty")
    games = WholeNumberField(help_text="Rated games")


@extend_schema(
    responses=RatingSerializer(many=True),
    summary="The rating list",
    description="Every rated player, best first: two-player games with a played result that "
    "counts; forfeits, byes and held or provisional results are not rated.",
    tags=["ratings"],
)
@api_view(["GET"])
@permission_classes([AllowAny])
def ratings(request: Request) -> Response:
    rows = [
        {
            "rank": rank,
            "player_id": r.player_id,
            "name": r.player.name,
            "club": r.player.club,
            "country": r.player.country,
            "rating": r.ordinal,
            "mu": r.mu,
            "sigma": r.sigma,
            "games": r.games,
        }
        for rank, r in enumerate(rating_list(), start=1)
    ]
    return Response(RatingSerializer(rows, many=True).data)
