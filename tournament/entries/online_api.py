"""Players' own endpoints on the tournament floor: enter an event online, and the online entry
requests that its directors approve or refuse. Thin: the services decide and write.

(A player's withdrawal and requested byes go through the entry's own endpoint,
``PATCH events/{slug}/entries/{id}/``, which the entry's player may use as its directors do.)
"""

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournament.api.base import DisplayNameField
from tournament.api.errors import error_response
from tournament.api.schema import LOGIN_REQUIRED
from tournament.entries.models import EntryRequest
from tournament.entries.online import (
    approve_entry_request,
    enter_online,
    refuse_entry_request,
)
from tournament.entries.selectors import entry_requests_of
from tournament.entries.serializers import EntrySerializer
from tournament.fields import ModelSerializer
from tournament.models.decisions import Decision
from tournament.models.events import Entry, Event
from tournament.permissions import is_director, player_of
from tournament.registry.serializers import PlayerBriefSerializer

ERRORS = {
    400: error_response(400, "Refused (event not open, already entered, withdrawn, finished)"),
    403: error_response(403, "Not logged in, no claimed player, or not a director"),
    409: error_response(409, "Already waiting, already decided, or a round is open"),
}


class EntryRequestSerializer(ModelSerializer[EntryRequest]):
    player = PlayerBriefSerializer(read_only=True)
    event = serializers.SlugRelatedField[Event](slug_field="slug", read_only=True)
    status = serializers.CharField(read_only=True, help_text="pending, approved, refused")
    decided_by = DisplayNameField()

    class Meta:
        model = EntryRequest
        fields = ["id", "event", "player", "status", "created_at", "decided_by", "decided_at"]
        fields += ["reason"]
        read_only_fields = fields


class OnlineEntrySerializer(serializers.Serializer[Any]):
    """What entering made: an ``entry`` (status "entered") or a ``request`` ("waiting")."""

    status = serializers.ChoiceField(choices=["entered", "waiting"])
    entry = EntrySerializer(allow_null=True)
    request = EntryRequestSerializer(allow_null=True)


class RefuseSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=300, allow_blank=True, default="")


def _made(made: Entry | EntryRequest) -> dict[str, Any]:
    if isinstance(made, EntryRequest):
        return {"status": "waiting", "entry": None, "request": EntryRequestSerializer(made).data}
    return {"status": "entered", "entry": EntrySerializer(made).data, "request": None}


@extend_schema(tags=["entries"], auth=LOGIN_REQUIRED)
class OnlineEntryViewSet(viewsets.GenericViewSet[EntryRequest]):
    """A signed-in player's online entry to an event, and the event's online entry requests."""

    serializer_class = EntryRequestSerializer
    permission_classes = [IsAuthenticated]

    def get_event(self) -> Event:
        if not hasattr(self, "_event"):
            self._event = get_object_or_404(Event, slug=self.kwargs["slug"])
        return self._event

    def get_queryset(self) -> QuerySet[EntryRequest]:
        """Directors see every request of the event; anyone else their own only."""
        event = self.get_event()
        requests = entry_requests_of(event)
        if is_director(self.request.user, event):
            return requests
        player = player_of(self.request.user)
        return requests.filter(player=player) if player else requests.none()

    @extend_schema(request=None, responses={201: OnlineEntrySerializer, **ERRORS})
    def enter(self, request: Request, slug: str) -> Response:
        """Enter the event as your claimed player: at once (status "entered"; after round 1 a
        late entry), or, when its directors approve online entries, a request ("waiting")."""
        made = enter_online(event=self.get_event(), user=request.user)
        return Response(_made(made), status=status.HTTP_201_CREATED)

    @extend_schema(
        parameters=[OpenApiParameter("status", str, description="pending, approved, refused")],
        responses={200: EntryRequestSerializer(many=True), 403: ERRORS[403]},
    )
    def list(self, request: Request, slug: str) -> Response:
        requests = self.get_queryset()
        wanted = request.query_params.get("status", "").strip()
        if wanted in Decision.values:
            requests = requests.filter(status=wanted)
        return Response(self.get_serializer(requests, many=True).data)

    @extend_schema(request=None, responses={201: OnlineEntrySerializer, **ERRORS})
    def create(self, request: Request, slug: str) -> Response:
        """The same as ``enter/``."""
        return self.enter(request, slug)

    def _request(self, pk: int) -> EntryRequest:
        event = self.get_event()
        return get_object_or_404(EntryRequest.objects.select_related("event"), pk=pk, event=event)

    @extend_schema(request=None, responses={200: EntrySerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def approve(self, request: Request, slug: str, pk: int) -> Response:
        """A director enters the requesting player (a late entry after round 1)."""
        entry = approve_entry_request(entry_request=self._request(pk), user=request.user)
        return Response(EntrySerializer(entry).data)

    @extend_schema(request=RefuseSerializer, responses={200: EntryRequestSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def refuse(self, request: Request, slug: str, pk: int) -> Response:
        """A director refuses the request; the ``reason`` is required and the player sees it."""
        data = RefuseSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        refused = refuse_entry_request(
            entry_request=self._request(pk),
            user=request.user,
            reason=data.validated_data["reason"],
        )
        return Response(self.get_serializer(refused).data)
