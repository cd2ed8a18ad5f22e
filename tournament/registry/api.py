"""The API of the player registry shared by every event: the list and search (paginated, public
fields only, no merged duplicates), and merging duplicates and undoing the latest merge (for
registrars). Thin: the serializers parse, the services decide and write, the
selectors read."""

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import BaseSerializer

from tournament.api.base import DisplayNameField
from tournament.api.errors import ERRORS, error_response
from tournament.errors import DomainError
from tournament.fields import ModelSerializer, Paginator, WholeNumberField
from tournament.models.events import Player
from tournament.registry import merge as merge_service
from tournament.registry.models import PlayerMerge
from tournament.registry.selectors import merge_history, player_list
from tournament.registry.serializers import PlayerBriefSerializer, PlayerSerializer
from tournament.registry.services import create_player, update_player


class RegistryPagination(PageNumberPagination):
    page_size = 50
    django_paginator_class = Paginator


@extend_schema(tags=["players"])
class PlayerViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet[Player],
):
    """The player registry shared by all events: the list is paginated (50 a page), shows
    public fields only and leaves out records merged into another. Registrars add and change
    players; directors enter new players through their event's entries."""

    serializer_class = PlayerSerializer
    pagination_class = RegistryPagination

    def get_queryset(self) -> QuerySet[Player]:
        search = self.request.query_params.get("search", "").strip()
        return player_list(search)

    def get_serializer_class(self) -> type[BaseSerializer[Any]]:
        if self.action == "list":
            return PlayerBriefSerializer
        return super().get_serializer_class()

    @extend_schema(
        parameters=[
            OpenApiParameter("search", str, description="Part of the player's name or club")
        ],
        responses={
            200: PlayerBriefSerializer(many=True),
            404: error_response(404, "No such page (page=N beyond the last, or not a number)"),
        },
    )
    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().list(request, *args, **kwargs)

    @extend_schema(responses={201: PlayerSerializer, **ERRORS})
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        player = create_player(user=request.user, **serializer.validated_data)
        return Response(self.get_serializer(player).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: PlayerSerializer, **ERRORS})
    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        player = self.get_object()
        partial = kwargs.get("partial", False)
        serializer = self.get_serializer(player, data=request.data, partial=partial)
        serializer.is_valid(raise_exception=True)
        player = update_player(player=player, user=request.user, **serializer.validated_data)
        return Response(self.get_serializer(player).data)


class IsRegistryKeeper(BasePermission):
    """Registrars (``keep_registry``, staff) and superusers: never merely a director."""

    message = gettext_lazy("Only registrars may merge registry players or undo a merge.")

    def has_permission(self, request: Request, view: Any) -> bool:
        return merge_service.is_registry_keeper(request.user)


class MergeRequestSerializer(serializers.Serializer[Any]):
    survivor = WholeNumberField(help_text="The registry player that stays")
    absorbed = WholeNumberField(help_text="The duplicate: hidden after the merge")
    reason = serializers.CharField(max_length=300, allow_blank=True, default="")
    fill_blanks = serializers.BooleanField(
        default=False, help_text="Fill the survivor's blank fields from the duplicate"
    )


class UndoRequestSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=300, allow_blank=True, default="")


class MovedSerializer(serializers.Serializer[Any]):
    """What changed hands (ids); ``filled`` names the survivor's fields that were filled."""

    entries = serializers.ListField(child=WholeNumberField())
    claims = serializers.ListField(child=WholeNumberField())
    entry_requests = serializers.ListField(child=WholeNumberField())
    notifications = serializers.ListField(child=WholeNumberField())
    events = serializers.ListField(child=WholeNumberField())
    account_moved = serializers.BooleanField()
    filled = serializers.ListField(child=serializers.CharField())


class PlayerMergeSerializer(ModelSerializer[PlayerMerge]):
    survivor = PlayerBriefSerializer(read_only=True)
    absorbed = PlayerBriefSerializer(read_only=True)
    moved = serializers.SerializerMethodField()
    user = DisplayNameField()
    undone_by = DisplayNameField()
    undo_reason = serializers.SerializerMethodField()

    class Meta:
        model = PlayerMerge
        fields = [
            "id",
            "survivor",
            "absorbed",
            "moved",
            "reason",
            "user",
            "at",
            "undone_at",
            "undone_by",
            "undo_reason",
        ]

    @extend_schema_field(MovedSerializer)
    def get_moved(self, merge: PlayerMerge) -> dict[str, Any]:
        # The filled values may include the private contact: name the fields only.
        moved = merge.moved
        keys = ("entries", "claims", "entry_requests", "notifications", "events")
        summary: dict[str, Any] = {key: moved.get(key, []) for key in keys}
        summary["account_moved"] = moved.get("user") is not None
        summary["filled"] = sorted(moved.get("filled", {}))
        return summary

    def get_undo_reason(self, merge: PlayerMerge) -> str:
        return str(merge.moved.get("undo_reason", ""))


def _registry_player(pk: int, field: str) -> Player:
    player = Player.objects.filter(pk=pk).first()
    if player is None:
        raise DomainError(
            _("There is no player number %(pk)s in the registry.") % {"pk": pk}, field=field
        )
    return player


@extend_schema(tags=["players"])
class MergeViewSet(viewsets.GenericViewSet[PlayerMerge]):
    """Merge two records of one person; undo the latest merge (until the next one)."""

    permission_classes = [IsAuthenticated, IsRegistryKeeper]
    serializer_class = PlayerMergeSerializer

    def get_queryset(self) -> QuerySet[PlayerMerge]:
        return merge_history()

    @extend_schema(request=MergeRequestSerializer, responses={201: PlayerMergeSerializer, **ERRORS})
    def create(self, request: Request) -> Response:
        data = MergeRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        merge = merge_service.merge_players(
            survivor=_registry_player(given["survivor"], "survivor"),
            absorbed=_registry_player(given["absorbed"], "absorbed"),
            user=request.user,
            reason=given["reason"],
            fill_blanks=given["fill_blanks"],
        )
        return Response(self.get_serializer(merge).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=UndoRequestSerializer,
        responses={200: PlayerMergeSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"])
    def undo(self, request: Request, pk: int) -> Response:
        data = UndoRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        merge = merge_service.undo_merge(
            merge=get_object_or_404(self.get_queryset(), pk=pk),
            user=request.user,
            reason=data.validated_data["reason"],
        )
        return Response(self.get_serializer(merge).data)
