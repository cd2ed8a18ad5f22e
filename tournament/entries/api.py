"""The entries' API: an event's entries, added one by one (also late) or from a CSV file,
ranked, withdrawn and reinstated, with their requested byes. Thin: the serializers parse, the
services decide and write, the selectors read."""

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from tournament.api.base import EventScoped
from tournament.api.errors import ERRORS
from tournament.entries.selectors import entries_of
from tournament.entries.serializers import (
    CsvImportSerializer,
    EntryCreateSerializer,
    EntrySerializer,
    EntryUpdateSerializer,
)
from tournament.entries.services import (
    add_player_entry,
    import_players_csv,
    rank_by_rating,
    update_entry,
)
from tournament.models.events import Entry
from tournament.permissions import require_director, require_director_or_own_entry
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
        rating, contact; a partnership event's file adds partner (the partner's name) and
        optionally partner_club, partner_country, partner_rating."""
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
