"""The rating list API (read-only, public)."""

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scoring.ratings.selectors import rating_list
from tournament.fields import WholeNumberField


class RatingSerializer(serializers.Serializer[Any]):
    rank = WholeNumberField()
    player_id = WholeNumberField()
    name = serializers.CharField()
    club = serializers.CharField(allow_blank=True)
    country = serializers.CharField(allow_blank=True)
    rating = WholeNumberField(
        help_text="The site rating, as every page shows it: 1500 + 40 × (mu − 3 × sigma), "
        "rounded to a whole number (a new player starts at 1500). Not the registry rating."
    )
    ordinal = serializers.FloatField(
        help_text="mu − 3 × sigma, unrounded: the cautious estimate the list is ordered by"
    )
    mu = serializers.FloatField(help_text="openskill Plackett-Luce mean (starts at 25)")
    sigma = serializers.FloatField(help_text="openskill Plackett-Luce uncertainty (starts at 25/3)")
    games = WholeNumberField(help_text="Rated games")
    registry_rating = WholeNumberField(
        allow_null=True,
        help_text="The registry rating (a number from outside, such as a national list), "
        "not computed here; null when the registry has none",
    )


@extend_schema(
    responses=RatingSerializer(many=True),
    summary="The rating list",
    description="Every rated player, best first, with the site rating (docs/ratings.md). Rated: "
    "games with a played result that counts in a published round: games of two, tables of 3 "
    "and 4 (by placing), partnership games (a team is one side of two players) and the "
    "Ingenious Challenges' tables (by placing). Not rated: forfeits, byes, absences, duplicate "
    "solitaire, results held by a failed replay check or waiting for it, results not entered "
    "yet (waiting for the players' confirmation, or disputed).",
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
            "rating": r.site_rating,
            "ordinal": r.ordinal,
            "mu": r.mu,
            "sigma": r.sigma,
            "games": r.games,
            "registry_rating": r.player.rating,
        }
        for rank, r in enumerate(rating_list(), start=1)
    ]
    return Response(RatingSerializer(rows, many=True).data)
