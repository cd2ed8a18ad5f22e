"""The events' API: events, their directors and arbiters, and the logs of their results and
pairings (for its directors and arbiters). Thin: the serializers parse, the services decide and
write, the selectors read. Only an event's directors change it."""

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from tournament.api.base import EventScoped
from tournament.api.errors import ERRORS
from tournament.api.schema import LOGIN_REQUIRED
from tournament.errors import NotAllowed
from tournament.events.selectors import can_see_logs, event_list, roles_of_event
from tournament.events.serializers import EventSerializer, RoleSerializer
from tournament.events.services import add_role, create_event, remove_role, update_event
from tournament.models.events import Event, EventRole
from tournament.permissions import IsEventDirectorOrReadOnly, is_director
from tournament.results.selectors import corrections_of
from tournament.results.serializers import CorrectionSerializer
from tournament.rounds.selectors import pairing_changes_of
from tournament.rounds.serializers import PairingChangeSerializer


@extend_schema(tags=["events"])
class EventViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet[Event],
):
    """Events. Anyone logged in may create one and becomes its director."""

    serializer_class = EventSerializer
    lookup_field = "slug"
    permission_classes = [IsEventDirectorOrReadOnly]

    def get_queryset(self) -> QuerySet[Event]:
        return event_list()

    def get_permissions(self) -> list[Any]:
        return [IsAuthenticatedOrReadOnly(), *super().get_permissions()]

    @extend_schema(responses={201: EventSerializer, **ERRORS})
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = self.get_serializer(data=request.data)
        assert isinstance(serializer, EventSerializer)
        serializer.is_valid(raise_exception=True)
        event = create_event(user=request.user, data=serializer.service_data())
        return Response(self.get_serializer(event).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: EventSerializer, **ERRORS})
    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        event = self.get_object()
        partial = kwargs.get("partial", False)
        serializer = self.get_serializer(event, data=request.data, partial=partial)
        assert isinstance(serializer, EventSerializer)
        serializer.is_valid(raise_exception=True)
        event = update_event(event=event, user=request.user, data=serializer.service_data())
        return Response(self.get_serializer(event).data)


@extend_schema(tags=["events"])
class RoleViewSet(EventScoped, viewsets.GenericViewSet[EventRole]):
    """The event's directors and arbiters, by user name: for its directors (and staff) only,
    since user names are half of a login."""

    serializer_class = RoleSerializer

    def get_queryset(self) -> QuerySet[EventRole]:
        return roles_of_event(self.get_event())

    @extend_schema(
        responses={200: RoleSerializer(many=True), 403: ERRORS[403]}, auth=LOGIN_REQUIRED
    )
    def list(self, request: Request, slug: str) -> Response:
        event = self.get_event()
        if not (getattr(request.user, "is_staff", False) or is_director(request.user, event)):
            raise NotAllowed(
                _("The directors and arbiters of %(name)s are listed for its directors only.")
                % {"name": event.name},
                code="not_director",
            )
        return Response(self.get_serializer(self.get_queryset(), many=True).data)

    @extend_schema(responses={201: RoleSerializer, **ERRORS})
    def create(self, request: Request, slug: str) -> Response:
        data = self.get_serializer(data=request.data)
        data.is_valid(raise_exception=True)
        role = add_role(
            event=self.get_event(),
            user=request.user,
            username=data.validated_data["user"]["username"],
            role=data.validated_data["role"],
            reason=data.validated_data.get("reason", ""),
        )
        return Response(self.get_serializer(role).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        parameters=[
            OpenApiParameter("reason", str, description="Optional: why (into the event's log)")
        ],
        responses={204: None, **ERRORS},
    )
    def destroy(self, request: Request, slug: str, pk: int) -> Response:
        remove_role(
            event=self.get_event(),
            user=request.user,
            role=self.get_object(),
            reason=request.query_params.get("reason", ""),
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class _StaffLog(EventScoped):
    def check_log_access(self, request: Request) -> None:
        event = self.get_event()
        if not can_see_logs(request.user, event):
            raise NotAllowed(
                _("The logs of %(name)s are for its directors and arbiters.") % {"name": event.name}
            )


@extend_schema(tags=["logs"], auth=LOGIN_REQUIRED)
class CorrectionViewSet(_StaffLog, mixins.ListModelMixin, viewsets.GenericViewSet[Any]):
    """Every result entered or corrected: who, when, why (directors and arbiters)."""

    serializer_class = CorrectionSerializer

    def get_queryset(self) -> QuerySet[Any]:
        return corrections_of(self.get_event())

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        self.check_log_access(request)
        return super().list(request, *args, **kwargs)


@extend_schema(tags=["logs"], auth=LOGIN_REQUIRED)
class PairingChangeViewSet(_StaffLog, mixins.ListModelMixin, viewsets.GenericViewSet[Any]):
    """Every change a director made to a draft: who, when, why, and its warnings."""

    serializer_class = PairingChangeSerializer

    def get_queryset(self) -> QuerySet[Any]:
        return pairing_changes_of(self.get_event())

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        self.check_log_access(request)
        return super().list(request, *args, **kwargs)
