"""The festivals API (read-only, public): the list, a festival with its events and schedule, its
Pentamind placings (a row per player per event, as the CSV export) and its overall table (each
player's best five events' Pentamind points)."""

from typing import Any

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse

from scoring.exports.pentamind import festival_summary, overall_json, pentamind_json
from scoring.festivals import selectors as festivals
from tournament.festivals import selectors as festival_selectors
from tournament.festivals.selectors import festival_or_404
from tournament.fields import WholeNumberField
from tournament.models.events import Event, Festival


class FestivalSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    slug = serializers.SlugField()
    venue = serializers.CharField(allow_blank=True)
    starts = serializers.DateField()
    ends = serializers.DateField()
    time_zone = serializers.CharField(help_text="IANA zone of the venue; schedules are in it")


class FestivalListItemSerializer(FestivalSerializer):
    events = WholeNumberField(help_text="Number of events")
    url = serializers.URLField()
    page = serializers.URLField()


class FestivalEventSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    slug = serializers.SlugField()
    start_date = serializers.DateField(allow_null=True)
    end_date = serializers.DateField(allow_null=True)
    status = serializers.CharField(help_text="registration, running, finished")
    entries = WholeNumberField()
    page = serializers.URLField()


class RoundTimeSerializer(serializers.Serializer[Any]):
    event = serializers.SlugField()
    round = WholeNumberField()
    check_in_opens = serializers.DateTimeField(help_text="In the festival's time zone")
    check_in_closes = serializers.DateTimeField()


class ScheduleDaySerializer(serializers.Serializer[Any]):
    day = serializers.DateField()
    events = serializers.ListField(child=serializers.SlugField(), help_text="Event slugs")
    rounds = RoundTimeSerializer(many=True)


class FestivalDetailSerializer(FestivalSerializer):
    events = FestivalEventSerializer(many=True)
    schedule = ScheduleDaySerializer(many=True)
    unscheduled = serializers.ListField(
        child=serializers.SlugField(), help_text="Events without dates or check-in windows"
    )


class PentamindRowSerializer(serializers.Serializer[Any]):
    player_id = WholeNumberField(help_text="The registry player (shared by events)")
    player = serializers.CharField()
    event = serializers.CharField()
    event_slug = serializers.SlugField()
    event_status = serializers.CharField()
    final = serializers.BooleanField(help_text="The event is finished")
    place = serializers.CharField(help_text='"1", or a shared span such as "3-5"')
    place_from = WholeNumberField()
    place_to = WholeNumberField()
    shared = serializers.BooleanField()
    field_size = WholeNumberField(help_text="Entries that played at least one game")
    score = serializers.FloatField(
        help_text="Victory points (an event of the Challenges: its tally's victory points)"
    )
    pentamind_points = serializers.FloatField(help_text="MSO's formula, two decimals")
    partner_id = WholeNumberField(
        allow_null=True, help_text="A partnership team's other player; null otherwise"
    )
    partner = serializers.CharField(allow_blank=True)


class PentamindSerializer(serializers.Serializer[Any]):
    festival = FestivalSerializer()
    rule = serializers.CharField(help_text="How places and field sizes are counted")
    points_rule = serializers.CharField(help_text="How Pentamind points are counted")
    placings = PentamindRowSerializer(many=True)


class OverallEventSerializer(serializers.Serializer[Any]):
    event = serializers.CharField()
    event_slug = serializers.SlugField()
    final = serializers.BooleanField(help_text="The event is finished")
    place = serializers.CharField()
    field_size = WholeNumberField()
    pentamind_points = serializers.FloatField()


class OverallLineSerializer(serializers.Serializer[Any]):
    rank = WholeNumberField()
    tied = serializers.BooleanField()
    player_id = WholeNumberField()
    player = serializers.CharField()
    total = serializers.FloatField(help_text="The sum of the counted events' Pentamind points")
    events_played = WholeNumberField()
    counted = OverallEventSerializer(many=True, help_text="The best events, best first")
    not_counted = OverallEventSerializer(many=True)


class OverallSerializer(serializers.Serializer[Any]):
    festival = FestivalSerializer()
    best_events = WholeNumberField(help_text="How many of a player's events count")
    rule = serializers.CharField()
    points_rule = serializers.CharField()
    table = OverallLineSerializer(many=True)


def _event(request: Request, event: Event) -> dict[str, Any]:
    return {
        "name": event.name,
        "slug": event.slug,
        "start_date": event.start_date,
        "end_date": event.end_date,
        "status": event.status,
        "entries": event.entry_count,  # type: ignore[attr-defined]  # festival_events annotates
        "page": reverse("event-detail", args=[event.slug], request=request),
    }


def _schedule(schedule: festivals.Schedule) -> list[dict[str, Any]]:
    return [
        {
            "day": day.day,
            "events": [item.event.slug for item in day.items],
            "rounds": [
                {
                    "event": item.event.slug,
                    "round": r.round_number,
                    "check_in_opens": r.opens,
                    "check_in_closes": r.closes,
                }
                for item in day.items
                for r in item.rounds
            ],
        }
        for day in schedule.days
    ]


class FestivalViewSet(viewsets.ViewSet):
    """The festivals (read-only, public), by slug."""

    permission_classes = [AllowAny]
    # Not HEAD: refused (405) since these routes were function views; the answers stay the same.
    http_method_names = ["get", "options"]
    lookup_field = "slug"
    lookup_value_converter = "slug"

    @extend_schema(
        responses=FestivalListItemSerializer(many=True),
        summary="Festivals",
        description="Every festival, newest first.",
        tags=["festivals"],
    )
    def list(self, request: Request) -> Response:
        rows = [
            {
                **festival_summary(festival),
                "events": festival.event_count,  # type: ignore[attr-defined]  # festival_list annotates
                "url": reverse("api-festival-detail", args=[festival.slug], request=request),
                "page": reverse("festival-detail", args=[festival.slug], request=request),
            }
            for festival in festival_selectors.festival_list()
        ]
        return Response(FestivalListItemSerializer(rows, many=True).data)

    @extend_schema(
        responses=FestivalDetailSerializer,
        summary="A festival",
        description="Its events (dates, status, entries) and its schedule: events by day in the "
        "festival's time zone, with each round's check-in window where the event has one.",
        tags=["festivals"],
    )
    def retrieve(self, request: Request, slug: str) -> Response:
        festival: Festival = festival_or_404(slug)
        events = festivals.festival_events(festival)
        schedule = festivals.festival_schedule(festival, events)
        body = {
            **festival_summary(festival),
            "events": [_event(request, event) for event in events],
            "schedule": _schedule(schedule),
            "unscheduled": [event.slug for event in schedule.unscheduled],
        }
        with timezone.override(festival.time_zone):  # the check-in times in the venue's zone
            return Response(FestivalDetailSerializer(body).data)

    @extend_schema(
        responses=PentamindSerializer,
        summary="Pentamind placings of a festival",
        description="A row per player per event: place with ties as spans (3-5), field size "
        "(entries that played at least one game) and score, as pentamind.csv.",
        tags=["festivals"],
    )
    @action(detail=True)
    def pentamind(self, request: Request, slug: str) -> Response:
        festival = festival_or_404(slug)
        placings = festivals.festival_placings(festivals.festival_events(festival))
        return Response(PentamindSerializer(pentamind_json(festival, placings)).data)

    @extend_schema(
        responses=OverallSerializer,
        summary="Overall table of a festival",
        description="Players ranked by the sum of their best five events' Pentamind points "
        "(MSO's formula; docs/festival.md), as the festival's overall table page.",
        tags=["festivals"],
    )
    @action(detail=True)
    def overall(self, request: Request, slug: str) -> Response:
        festival = festival_or_404(slug)
        events = festivals.festival_events(festival)
        lines = festivals.overall_table(events, festivals.festival_placings(events))
        return Response(OverallSerializer(overall_json(festival, lines)).data)
