"""The entries' API: an event's entries, added one by one (also late) or from a CSV file,
ranked, withdrawn and reinstated, with their requested byes. Thin: the serializers parse, the
services decide and write, the selectors read."""

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournament.api.base import EventScoped
from tournament.api.errors import ERRORS, error_response
from tournament.api.schema import LOGIN_REQUIRED
from tournament.entries.models import EntryRequest
from tournament.entries.online import (
    approve_entry_request,
    enter_online,
    refuse_entry_request,
)
from tournament.entries.selectors import entries_of, entry_requests_of
from tournament.entries.serializers import (
    CsvImportSerializer,
    EntryCreateSerializer,
    EntryRequestSerializer,
    EntrySerializer,
    EntryUpdateSerializer,
    OnlineEntrySerializer,
    RefuseSerializer,
)
from tournament.entries.services import (
    add_player_entry,
    import_players_csv,
    rank_by_rating,
    update_entry,
)
from tournament.models.decisions import Decision
from tournament.models.events import Entry, Event
from tournament.permissions import (
    is_director,
    player_of,
    require_director,
    require_director_or_own_entry,
)
from tournament.registry.services import CSV_COLUMNS


@extend_schema(tags=["entries"])
class EntryViewSet(EventScoped, viewsets.GenericViewSet[Entry]):
    """An event's entries: add players (also late), withdraw, reinstate, requested byes."""

    serializer_class = EntrySerializer

    def get_queryset(self) -> QuerySet[Entry]:
        return entries_of(self.get_event())

    def list(self, request: Request, slug: str) -> Response:
        return Response(EntrySerializer(self.get_queryset(), many=True).data)

    def retrieve(self, request: Request, slug: str, pk: int) -> Response:
        return Response(EntrySerializer(self.get_object()).data)

    @extend_schema(request=EntryCreateSerializer, responses={201: EntrySerializer, **ERRORS})
    def create(self, request: Request, slug: str) -> Response:
        """Enter a registry player (``player``) or a new one (``name``, ``club``...); in a
        partnership event with a ``partner`` (or ``partner_name``, ``partner_club``). After
        round 1 this is a late entry: it joins the next round; ``missed_rounds`` says whether
        the rounds missed score zero or half-point byes."""
        event = self.get_event()
        require_director(request.user, event)
        data = EntryCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        entry = add_player_entry(
            event=event,
            user=request.user,
            player=fields.get("player"),
            player_fields={name: fields.get(name) for name in CSV_COLUMNS},
            missed_rounds=fields["missed_rounds"],
            requested_byes=fields["requested_byes"],
            partner=fields.get("partner"),  # a partnership event's team
            partner_fields=data.partner_fields(),
        )
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=EntryUpdateSerializer, responses={200: EntrySerializer, **ERRORS})
    def partial_update(self, request: Request, slug: str, pk: int) -> Response:
        """``status``: "withdrawn" (never paired again; results stand) or "active"
        (reinstated); ``requested_byes``: the round numbers of requested half-point byes.
        The entry's own player may withdraw and set requested byes too (not reinstate)."""
        # Not get_object(): its object permission is the directors' only.
        entry = get_object_or_404(self.get_queryset(), pk=pk)
        require_director_or_own_entry(request.user, entry)
        data = EntryUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = update_entry(entry=entry, user=request.user, **data.validated_data)
        return Response(EntrySerializer(entry).data)

    @extend_schema(
        request={
            "multipart/form-data": CsvImportSerializer,
            "application/json": CsvImportSerializer,
        },
        responses={201: EntrySerializer(many=True), **ERRORS},
    )
    @action(detail=False, methods=["post"], url_path="import", url_name="import")
    def import_csv(self, request: Request, slug: str) -> Response:
        """Enter every player of a CSV file or none: a bad line is reported with its number
        (``errors``) and nothing is imported. Columns: name, and optionally club, country,
        rating, contact, family; a partnership event's file holds a team a line: it adds
        partner (the partner's name) and optionally partner_club, partner_country,
        partner_rating, partner_contact, partner_family."""
        event = self.get_event()
        require_director(request.user, event)
        data = CsvImportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entries = import_players_csv(
            event=event,
            user=request.user,
            text=data.validated_data["text"],
            missed_rounds=data.validated_data["missed_rounds"],
        )
        return Response(EntrySerializer(entries, many=True).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={200: EntrySerializer(many=True), **ERRORS})
    @action(detail=False, methods=["post"])
    def rank(self, request: Request, slug: str) -> Response:
        """Starting ranks by registry rating (highest first, unrated last), then name; before
        round 1. The registry rating, not the site rating list (docs/ratings.md)."""
        rank_by_rating(event=self.get_event(), user=request.user)
        return Response(EntrySerializer(self.get_queryset(), many=True).data)


ONLINE_ENTRY_ERRORS = {
    400: error_response(400, "Refused (event not open, already entered, withdrawn, finished)"),
    403: error_response(403, "Not logged in, no claimed player, or not a director"),
    409: error_response(409, "Already waiting, already decided, or a round is open"),
}


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

    @extend_schema(request=None, responses={201: OnlineEntrySerializer, **ONLINE_ENTRY_ERRORS})
    def enter(self, request: Request, slug: str) -> Response:
        """Enter the event as your claimed player: at once (status "entered"; after round 1 a
        late entry), or, when its directors approve online entries, a request ("waiting")."""
        made = enter_online(event=self.get_event(), user=request.user)
        return Response(_made(made), status=status.HTTP_201_CREATED)

    @extend_schema(
        parameters=[OpenApiParameter("status", str, description="pending, approved, refused")],
        responses={200: EntryRequestSerializer(many=True), 403: ONLINE_ENTRY_ERRORS[403]},
    )
    def list(self, request: Request, slug: str) -> Response:
        requests = self.get_queryset()
        wanted = request.query_params.get("status", "").strip()
        if wanted in Decision.values:
            requests = requests.filter(status=wanted)
        return Response(self.get_serializer(requests, many=True).data)

    @extend_schema(request=None, responses={201: OnlineEntrySerializer, **ONLINE_ENTRY_ERRORS})
    def create(self, request: Request, slug: str) -> Response:
        """The same as ``enter/``."""
        return self.enter(request, slug)

    def _request(self, pk: int) -> EntryRequest:
        event = self.get_event()
        return get_object_or_404(EntryRequest.objects.select_related("event"), pk=pk, event=event)

    @extend_schema(request=None, responses={200: EntrySerializer, **ONLINE_ENTRY_ERRORS})
    @action(detail=True, methods=["post"])
    def approve(self, request: Request, slug: str, pk: int) -> Response:
        """A director enters the requesting player (a late entry after round 1)."""
        entry = approve_entry_request(entry_request=self._request(pk), user=request.user)
        return Response(EntrySerializer(entry).data)

    @extend_schema(
        request=RefuseSerializer, responses={200: EntryRequestSerializer, **ONLINE_ENTRY_ERRORS}
    )
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
