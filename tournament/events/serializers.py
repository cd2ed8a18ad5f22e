"""What the events' API reads and writes: an event's settings and its directors and arbiters.
Writes are parsed here and done by the services."""

from decimal import Decimal
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.reverse import reverse

from tournament.api.base import DisplayNameField
from tournament.events.services import EVENT_FIELDS
from tournament.fields import ModelSerializer, PointsField, WholeNumberField
from tournament.models.events import Event, EventRole
from tournament.text import NoControlCharacters
from tournament.web.parsers import LimitedJSONField


class EventSerializer(ModelSerializer[Event]):
    tiebreak_chain = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="Tie-break keys in order (scoring.CATALOGUE); default the MSO Ingenious preset",
    )
    bye_value = PointsField(max_digits=3, decimal_places=1, required=False, help_text="0, 0.5 or 1")
    # Unbounded here: the service refuses a size the ruleset does not allow, naming the field.
    table_size = WholeNumberField(
        required=False,
        help_text="Players per table: 2 for MSO; 2, 3 or 4 for the standard game",
    )
    keep_apart = serializers.ListField(
        child=serializers.ChoiceField(choices=["club", "family", "country"]),
        required=False,
        help_text="Players sharing any of these are not paired while another pairing exists",
    )
    requested_bye_points = serializers.ListField(
        child=serializers.ChoiceField(choices=["0", "0.5", "1"]),
        required=False,
        help_text="The values a requested bye may have; empty: ½ only",
    )
    # Read as the body is (at most 32 levels), also when a form or multipart body sends text.
    ruleset_options = LimitedJSONField(
        required=False, help_text='Engine overrides, e.g. {"placement_rule": "first-round"}'
    )
    url = serializers.HyperlinkedIdentityField(view_name="api-event-detail", lookup_field="slug")
    entries_url = serializers.HyperlinkedIdentityField(
        view_name="api-event-entries", lookup_field="slug"
    )
    rounds_url = serializers.HyperlinkedIdentityField(
        view_name="api-event-rounds", lookup_field="slug"
    )
    page = serializers.SerializerMethodField()
    # Plain strings, not enums: "status" names several choice sets across the API.
    status = serializers.CharField(read_only=True, help_text="registration, running, finished")

    class Meta:
        model = Event
        fields = [
            "slug",
            *EVENT_FIELDS,
            "status",
            "url",
            "entries_url",
            "rounds_url",
            "page",
        ]
        read_only_fields = ["slug", "status"]

    @extend_schema_field(serializers.URLField())
    def get_page(self, event: Event) -> str:
        return reverse("event-detail", args=[event.slug], request=self.context.get("request"))

    def service_data(self) -> dict[str, Any]:
        data = dict(self.validated_data)
        if "bye_value" in data:
            data["bye_value"] = Decimal(data["bye_value"])
        return data


class RoleSerializer(ModelSerializer[EventRole]):
    # The user name (an e-mail address) names the person to give the role to; the list shows
    # the display name, so co-directors do not see each other's addresses.
    username = serializers.CharField(source="user.username", write_only=True)
    name = DisplayNameField(source="user")
    reason = serializers.CharField(
        write_only=True,
        required=False,
        allow_blank=True,
        max_length=300,
        validators=[NoControlCharacters("reason")],
        help_text="Optional: why the role is given (it goes into the event's log)",
    )

    class Meta:
        model = EventRole
        fields = ["id", "username", "name", "role", "reason"]
