"""The API of pairing restrictions (pairs kept apart) and of a whole event imported from a TRF
file. Thin: the serializers parse, the services decide and write, the selectors read."""

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournament.acting import oversize
from tournament.api.base import EventScoped
from tournament.api.errors import ERRORS
from tournament.api.schema import LOGIN_REQUIRED
from tournament.events.serializers import EventSerializer
from tournament.fields import ModelSerializer, WholeNumberField
from tournament.permissions import require_director, require_event_creator
from tournament.restrictions.models import ForbiddenPair
from tournament.restrictions.selectors import forbidden_pairs_of
from tournament.restrictions.services import add_forbidden_pair, remove_forbidden_pair
from tournament.restrictions.trf_import import import_trf
from tournament.text import NoControlCharacters


class ForbiddenPairSerializer(ModelSerializer[ForbiddenPair]):
    first_name = serializers.CharField(source="first.player.name", read_only=True)
    second_name = serializers.CharField(source="second.player.name", read_only=True)

    class Meta:
        model = ForbiddenPair
        fields = ["id", "first", "first_name", "second", "second_name", "reason", "created_at"]
        read_only_fields = ["id", "created_at"]
        extra_kwargs = {
            "first": {"help_text": "An entry's id"},
            "second": {"help_text": "Another entry's id"},
        }


class ForbiddenPairCreateSerializer(serializers.Serializer[Any]):
    first = WholeNumberField(help_text="An entry's id")
    second = WholeNumberField(help_text="Another entry's id")
    reason = serializers.CharField(max_length=200, validators=[NoControlCharacters("reason")])


class TrfImportSerializer(serializers.Serializer[Any]):
    """The TRF file as an uploaded ``file`` (multipart) or as ``text``; ``name`` overrides the
    file's tournament name."""

    file = serializers.FileField(required=False)
    text = serializers.CharField(required=False, trim_whitespace=False)
    name = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        upload = attrs.pop("file", None)
        if upload is not None:
            if too_large := oversize(upload.size):
                raise serializers.ValidationError({"file": too_large})
            raw = upload.read()
            try:
                attrs["text"] = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                attrs["text"] = raw.decode("latin-1")  # older programs write Latin-1
        if not attrs.get("text"):
            raise serializers.ValidationError({"file": "Send the TRF as file or as text."})
        return attrs


@extend_schema(tags=["restrictions"])
class ForbiddenPairViewSet(EventScoped, viewsets.GenericViewSet[ForbiddenPair]):
    """Pairs of entries the pairing keeps apart (the event's directors only)."""

    serializer_class = ForbiddenPairSerializer

    def get_queryset(self) -> Any:
        event = self.get_event()
        require_director(self.request.user, event)
        return forbidden_pairs_of(event)

    @extend_schema(
        responses={200: ForbiddenPairSerializer(many=True), 403: ERRORS[403]}, auth=LOGIN_REQUIRED
    )
    def list(self, request: Request, slug: str) -> Response:
        return Response(ForbiddenPairSerializer(self.get_queryset(), many=True).data)

    @extend_schema(
        request=ForbiddenPairCreateSerializer, responses={201: ForbiddenPairSerializer, **ERRORS}
    )
    def create(self, request: Request, slug: str) -> Response:
        """Keep two entries apart, saying why; logged in the event's log."""
        require_director(request.user, self.get_event())  # before the body is read
        data = ForbiddenPairCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        pair = add_forbidden_pair(event=self.get_event(), user=request.user, **data.validated_data)
        return Response(ForbiddenPairSerializer(pair).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={204: None, **ERRORS})
    def destroy(self, request: Request, slug: str, pk: int) -> Response:
        pair = get_object_or_404(self.get_queryset(), pk=pk)
        remove_forbidden_pair(pair=pair, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(tags=["events"])
class TrfImportViewSet(viewsets.ViewSet):
    """A new event from a TRF-16 or TRF-2026 file (players, rounds, results); the caller
    becomes its director. A bad file is refused whole, its line and column named."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request={
            "multipart/form-data": TrfImportSerializer,
            "application/json": TrfImportSerializer,
        },
        responses={201: EventSerializer, **ERRORS},
    )
    def create(self, request: Request) -> Response:
        require_event_creator(request.user)  # before the file is read
        data = TrfImportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        event = import_trf(
            user=request.user, text=data.validated_data["text"], name=data.validated_data["name"]
        )
        body = EventSerializer(event, context={"request": request}).data
        return Response(body, status=status.HTTP_201_CREATED)
