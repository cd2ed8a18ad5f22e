"""The API of players' accounts, for scripts and the phone: an API token for a user name and
password, the person's own account (``me``), and claims of registry players with their
decisions. Thin: the serializers parse, tournament/accounts/services.py decides and writes,
tournament/accounts/selectors.py reads. A person reads and changes only their own account."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournament.api.errors import ERRORS
from tournament.claims.models import PlayerClaim
from tournament.claims.selectors import claims_to_decide, decides_any_claims
from tournament.claims.serializers import (
    ClaimCreateSerializer,
    ClaimRefuseSerializer,
    ClaimSerializer,
)
from tournament.claims.services import approve_claim, claim_player, refuse_claim
from tournament.errors import DomainError, NotAllowed
from tournament.models.events import Player


@extend_schema(tags=["accounts"])
class ClaimViewSet(viewsets.ViewSet):
    """Claims of registry players: a person claims their player; registrars, and a director
    of every event the player has entered, list the pending claims and decide them (nobody
    decides their own)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: ClaimSerializer(many=True), 403: ERRORS[403]})
    def list(self, request: Request) -> Response:
        """The pending claims the caller may decide, oldest first."""
        if not decides_any_claims(request.user):
            raise NotAllowed(
                _("Only registrars and the directors of events decide claims of players."),
                code="not_claim_approver",
            )
        claims = claims_to_decide(request.user)
        return Response(ClaimSerializer(claims, many=True).data)

    @extend_schema(
        request=ClaimCreateSerializer,
        responses={201: ClaimSerializer, **ERRORS},
    )
    def create(self, request: Request) -> Response:
        """Claim a registry player as oneself (one pending claim at a time)."""
        body = ClaimCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        player = Player.objects.filter(
            pk=body.validated_data["player"], merged_into__isnull=True
        ).first()
        if player is None:
            raise DomainError(
                _("There is no player %(id)s in the registry.")
                % {"id": body.validated_data["player"]},
                field="player",
            )
        claim = claim_player(
            user=request.user, player=player, message=body.validated_data["message"]
        )
        return Response(ClaimSerializer(claim).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={200: ClaimSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def approve(self, request: Request, pk: int) -> Response:
        """Link the claimed player to the person (409 if either is linked meanwhile)."""
        claim = get_object_or_404(PlayerClaim.objects.select_related("player"), pk=pk)
        claim = approve_claim(claim=claim, user=request.user)
        return Response(ClaimSerializer(claim).data)

    @extend_schema(request=ClaimRefuseSerializer, responses={200: ClaimSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def refuse(self, request: Request, pk: int) -> Response:
        """Turn the claim down, saying why (the person sees the reason)."""
        claim = get_object_or_404(PlayerClaim.objects.select_related("player"), pk=pk)
        body = ClaimRefuseSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        claim = refuse_claim(claim=claim, user=request.user, reason=body.validated_data["reason"])
        return Response(ClaimSerializer(claim).data)
