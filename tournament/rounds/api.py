"""The rounds' API: an event's rounds, the next one paired by a worker, its draft changed by the
directors and published. Drafts (and rounds being paired) are the directors' own. Thin: the
serializers parse, the services decide and write, the selectors read."""

from django.db.models import QuerySet
from django.utils.cache import patch_cache_control
from django.utils.http import parse_etags
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse

from tournament.api.base import EventScoped
from tournament.api.errors import ERRORS
from tournament.models.events import Round
from tournament.permissions import is_director
from tournament.reading import whole_number
from tournament.rounds import services as round_services
from tournament.rounds.selectors import rounds_visible_to, with_boards
from tournament.rounds.serializers import (
    PairingChangeSerializer,
    PairingRequestedSerializer,
    PublishSerializer,
    RoundSerializer,
    SwapBoardsSerializer,
    SwapPlayersSerializer,
)
from tournament.rounds.services import (
    delete_draft,
    publish_round,
    request_pairing,
    swap_entries,
)
from tournament.web.drafts import draft_version


def round_url(request: Request, round_: Round) -> str:
    return reverse("api-round-detail", args=[round_.event.slug, round_.number], request=request)


@extend_schema(tags=["rounds"])
class RoundViewSet(EventScoped, viewsets.GenericViewSet[Round]):
    """An event's rounds. Drafts (and rounds being paired) are visible to its directors only."""

    serializer_class = RoundSerializer
    lookup_field = "number"

    def get_queryset(self) -> QuerySet[Round]:
        rounds = rounds_visible_to(self.request.user, self.get_event()).select_related("event")
        return with_boards(rounds)

    def list(self, request: Request, slug: str) -> Response:
        return Response(self.get_serializer(self.get_queryset(), many=True).data)

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "If-None-Match",
                str,
                OpenApiParameter.HEADER,
                description="The ETag of the round as last read while it was being paired",
            )
        ],
        responses={200: RoundSerializer, 304: None, **ERRORS},
        description="A round. While it is being paired, its directors' answer carries an ETag: "
        "sent back as If-None-Match, the answer is 304 Not Modified (read from the cache "
        "alone) until the pairing reports progress, fails or makes the draft.",
    )
    def retrieve(self, request: Request, slug: str, number: int | str) -> Response:
        event = self.get_event()
        # Read before the round. Drafts and rounds being paired are the directors' own.
        version = None
        asked = whole_number(str(number))
        if asked is not None and is_director(request.user, event):
            version = draft_version(event.pk, asked)
            if f'"{version}"' in parse_etags(request.headers.get("If-None-Match", "")):
                return self._private(Response(status=status.HTTP_304_NOT_MODIFIED), version)
        round_ = self.get_object()
        response = Response(self.get_serializer(round_).data)
        if version is not None and round_.status == Round.Status.PAIRING:
            return self._private(response, version)
        return response

    @staticmethod
    def _private(response: Response, version: str) -> Response:
        """The round's validator; the answer is for this director alone, asked about anew."""
        response["ETag"] = f'"{version}"'
        patch_cache_control(response, private=True, no_cache=True)
        return response

    @extend_schema(
        request=None,
        responses={202: PairingRequestedSerializer, **ERRORS},
        description="Pair the next round: a worker computes the draft. Poll the round's url "
        "until its status is draft, or it reports pairing_error. Refused while the last round "
        "has boards without a result (the refusal lists them in boards).",
    )
    def create(self, request: Request, slug: str) -> Response:
        round_ = request_pairing(event=self.get_event(), user=request.user)
        url = round_url(request, round_)
        body = {"number": round_.number, "status": round_.status, "url": url}
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": url})

    @extend_schema(responses={204: None, **ERRORS})
    def destroy(self, request: Request, slug: str, number: int) -> Response:
        """Delete a draft or a failed pairing, to pair the round again."""
        delete_draft(round_=self.get_object(), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        request=SwapPlayersSerializer,
        responses={200: PairingChangeSerializer, **ERRORS},
        description="Exchange two players' seats in the draft (on one board: who moves first). "
        "The change and its warnings (rematch, first-move imbalance, second bye) are logged "
        "with the reason.",
    )
    @action(detail=True, methods=["post"])
    def swap(self, request: Request, slug: str, number: int) -> Response:
        round_ = self.get_object()
        data = SwapPlayersSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        change = swap_entries(
            round_=round_,
            user=request.user,
            first_id=data.validated_data["first"],
            second_id=data.validated_data["second"],
            reason=data.validated_data["reason"],
        )
        return Response(PairingChangeSerializer(change).data)

    @extend_schema(
        request=SwapBoardsSerializer,
        responses={200: PairingChangeSerializer, **ERRORS},
        description="Exchange two boards' numbers in the draft (byes stay after the games).",
    )
    @action(detail=True, methods=["post"], url_path="swap-boards")
    def swap_boards(self, request: Request, slug: str, number: int) -> Response:
        round_ = self.get_object()
        data = SwapBoardsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        change = round_services.swap_boards(round_=round_, user=request.user, **data.validated_data)
        return Response(PairingChangeSerializer(change).data)

    @extend_schema(request=PublishSerializer, responses={200: RoundSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def publish(self, request: Request, slug: str, number: int) -> Response:
        """Publish the draft: the pairings become public and the games are set up (a hybrid
        event's round: online or at the venue as ``played`` says)."""
        data = PublishSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        played = data.validated_data.get("played")
        round_ = publish_round(round_=self.get_object(), user=request.user, played=played)
        return Response(self.get_serializer(round_).data)
