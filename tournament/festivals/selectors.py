"""Reads for festivals' membership: the events asking to join a festival, and an event's own
request. They never write."""

from django.db.models import Count, QuerySet
from django.shortcuts import get_object_or_404

from tournament.festivals.models import FestivalRequest
from tournament.models.decisions import Decision
from tournament.models.events import (
    Event,
    Festival,
)


def pending_request_of(event: Event) -> FestivalRequest | None:
    """The event's request to join a festival, while no director of it has decided."""
    found = FestivalRequest.objects.filter(event=event, status=Decision.PENDING)
    return found.select_related("festival").first()


def requests_to_decide(festival: Festival) -> QuerySet[FestivalRequest]:
    """The events asking to join ``festival``, oldest first."""
    found = FestivalRequest.objects.filter(festival=festival, status=Decision.PENDING)
    return found.select_related("event", "requested_by").order_by("created_at", "id")


def festival_list() -> QuerySet[Festival]:
    """Every festival, newest first, with its number of events (``event_count``)."""
    return Festival.objects.annotate(event_count=Count("events")).order_by("-starts", "name")


def festival_or_404(slug: str) -> Festival:
    return get_object_or_404(Festival, slug=slug)
