"""The API of check-in before each round: a player checks their own entry in or out; the
event's directors read every entry's state and set when check-in opens and closes. Thin: the
serializers parse, tournament/checkin/services.py decides and writes (the rules are told
there), tournament/checkin/selectors.py reads."""

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.base import DisplayNameField
from tournament.api.errors import ERRORS
from tournament.api.schema import LOGIN_REQUIRED
from tournament.checkin import selectors as checkin_selectors
from tournament.checkin import services as checkin_service
from tournament.checkin.models import CheckIn, CheckInWindow
from tournament.errors import DomainError, NotAllowed
from tournament.fields import ModelSerializer, WholeNumberField
from tournament.models.events import Entry, Event
from tournament.permissions import require_director
from tournament.reading import whole_number


class CheckInRequestSerializer(serializers.Serializer[Any]):
    round = WholeNumberField(
        required=False, min_value=1, help_text="The round; default: the next to be paired"
    )


class CheckInSerializer(ModelSerializer[CheckIn]):
    round = WholeNumberField(source="round_number", read_only=True)
    by = DisplayNameField(source="user")

    class Meta:
        model = CheckIn
        fields = ["entry", "round", "at", "by", "by_director"]
        read_only_fields = fields


class EntryCheckInSerializer(serializers.Serializer[Any]):
    """One entry of the director's list: checked in for the round or not."""

    entry = WholeNumberField(source="entry.pk")
    name = serializers.CharField(source="entry.player.name")
    starting_rank = WholeNumberField(source="entry.starting_rank")
    requested_bye = serializers.BooleanField(source="bye", help_text="No check-in needed")
    checked_in = serializers.SerializerMethodField()
    at = serializers.DateTimeField(source="check_in.at", default=None, allow_null=True)
    by = DisplayNameField(source="check_in.user")
    by_director = serializers.BooleanField(
        source="check_in.by_director", default=None, allow_null=True
    )

    def get_checked_in(self, row: checkin_selectors.Row) -> bool:
        return row.check_in is not None


class CheckInListSerializer(serializers.Serializer[Any]):
    round = WholeNumberField()
    checked_in = WholeNumberField()
    expected = WholeNumberField(help_text="Entries that take part, less requested byes")
    entries = EntryCheckInSerializer(many=True)


class CheckInWindowSerializer(ModelSerializer[CheckInWindow]):
    """Times with an offset, or local times of the event's zone (its festival's, else the
    site's)."""

    round = WholeNumberField(source="round_number", read_only=True)

    class Meta:
        model = CheckInWindow
        fields = ["round", "opens_at", "closes_at"]


def _event(slug: str) -> Event:
    return get_object_or_404(Event, slug=slug)


def _own_entry(request: Request, event: Event) -> Entry:
    entry = checkin_selectors.entry_of(request.user, event)
    if entry is None:
        raise NotAllowed(
            _("You have no entry in %(name)s (claim your player first).") % {"name": event.name},
            code="no_entry",
        )
    return entry


def _round(request: Request) -> int | None:
    """The round of a check-in or check-out: the body's ``round`` or the query's."""
    data = CheckInRequestSerializer(data=request.data or request.query_params)
    data.is_valid(raise_exception=True)
    number: int | None = data.validated_data.get("round")
    return number


@extend_schema(tags=["check-in"], auth=LOGIN_REQUIRED)
class CheckInView(APIView):
    """Check your own entry in for a round, or out (events that require check-in)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=CheckInRequestSerializer,
        responses={201: CheckInSerializer, 200: CheckInSerializer, **ERRORS},
        description="Check in (201; 200 when already checked in). Refused outside the round's "
        "window and once the round is paired.",
    )
    def post(self, request: Request, slug: str) -> Response:
        event = _event(slug)
        entry = _own_entry(request, event)
        row, created = checkin_service.check_in(
            entry=entry, user=request.user, round_number=_round(request)
        )
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(CheckInSerializer(row).data, status=code)

    @extend_schema(
        request=CheckInRequestSerializer,
        parameters=[OpenApiParameter("round", int, required=False)],
        responses={204: None, **ERRORS},
        description="Check out: you will not be paired in the round unless you check in again.",
    )
    def delete(self, request: Request, slug: str) -> Response:
        event = _event(slug)
        entry = _own_entry(request, event)
        checkin_service.check_out(entry=entry, user=request.user, round_number=_round(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(tags=["check-in"], auth=LOGIN_REQUIRED)
class CheckInListView(APIView):
    """Every entry taking part in a round and whether it is checked in (directors only)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[
            OpenApiParameter("round", int, required=False, description="Default: the next")
        ],
        responses={200: CheckInListSerializer, 400: ERRORS[400], 403: ERRORS[403]},
    )
    def get(self, request: Request, slug: str) -> Response:
        event = _event(slug)
        require_director(request.user, event)
        number = _list_round(request, event)
        progress = checkin_selectors.progress(event, number)
        body = {
            "round": number,
            "checked_in": progress.checked_in,
            "expected": progress.expected,
            "entries": checkin_selectors.rows_of(event, number),
        }
        return Response(CheckInListSerializer(body).data)


def _list_round(request: Request, event: Event) -> int:
    asked = request.query_params.get("round", "")
    if not asked:
        number = checkin_selectors.check_in_round(event)
        if number is None:
            raise DomainError(_("All rounds are paired: give the round (?round=N)."), field="round")
        return number
    number = whole_number(asked)
    if number is None or not 1 <= number <= event.rounds:
        raise DomainError(
            _("There is no round %(value)s: %(name)s has %(rounds)s rounds.")
            % {"value": repr(asked[:20]), "name": event.name, "rounds": event.rounds},
            field="round",
        )
    return number


@extend_schema(tags=["check-in"], auth=LOGIN_REQUIRED)
class CheckInWindowView(APIView):
    """When check-in for a round opens and closes (directors only); without one, the default
    applies: round 1 from the start, a later round from the publication of the one before,
    until the round is paired."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=CheckInWindowSerializer, responses={200: CheckInWindowSerializer, **ERRORS}
    )
    def put(self, request: Request, slug: str, number: int) -> Response:
        event = _event(slug)
        require_director(request.user, event)
        with timezone.override(checkin_selectors.event_zone(event)):
            data = CheckInWindowSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            window = checkin_service.set_window(
                event=event, user=request.user, round_number=number, **data.validated_data
            )
            return Response(CheckInWindowSerializer(window).data)  # in the event's zone

    @extend_schema(responses={204: None, **ERRORS})
    def delete(self, request: Request, slug: str, number: int) -> Response:
        """Remove the round's window: the default applies again."""
        event = _event(slug)
        checkin_service.clear_window(event=event, user=request.user, round_number=number)
        return Response(status=status.HTTP_204_NO_CONTENT)
