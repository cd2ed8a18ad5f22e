"""Input shapes of the games API, and the outputs whose shape the schema spells out (the rest
are the selectors' plain dicts)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.clocks.lag import read_client_at
from games.clocks.services import CLOCK_OPERATIONS
from tournament.errors import DomainError
from tournament.fields import WholeNumberField
from tournament.models.tables import MAX_SEATS
from tournament.web.parsers import LimitedJSONField


class ActionsInput(serializers.Serializer[Any]):
    expected_index = WholeNumberField(
        min_value=0, help_text="The log index this entry will take (409 when stale)"
    )
    action = LimitedJSONField(
        required=False,
        help_text='One action, e.g. {"type": "place", "player": 0, "tile": "RO", '
        '"cells": ["C9", "D9"]}',
    )
    actions = serializers.ListField(
        child=LimitedJSONField(), required=False, help_text="Several actions (one turn)"
    )
    text = serializers.CharField(
        required=False, help_text="One turn in the text form, e.g. 'RO C9 D9 +GG H12 G12'"
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        given = [k for k in ("action", "actions", "text") if k in attrs]
        if len(given) != 1:
            raise serializers.ValidationError("Give exactly one of action, actions or text.")
        return attrs


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "minimum": 0, "example": 1787220000250},
            {"type": "string", "format": "date-time", "example": "2026-08-20T10:00:00.250Z"},
        ]
    }
)
class ClientMomentField(serializers.Field[datetime, Any, str, Any]):
    """The moment an operation was made on the device, in the server's time: milliseconds
    since 1970, or an ISO 8601 time with its offset (games.clocks.lag.read_client_at)."""

    def to_internal_value(self, data: Any) -> datetime:
        try:
            return read_client_at(data)
        except DomainError as exc:
            raise serializers.ValidationError(exc.message, code="invalid") from exc

    def to_representation(self, value: datetime) -> str:
        return value.isoformat()


class ClockInput(serializers.Serializer[Any]):
    expected_index = WholeNumberField(min_value=0)
    operation = serializers.ChoiceField(choices=CLOCK_OPERATIONS)
    seat = WholeNumberField(
        required=False,
        min_value=0,
        max_value=MAX_SEATS - 1,
        help_text="adjust: the seat, 0 to the board's last (a seat the board does not have is "
        "refused)",
    )
    remaining_ms = WholeNumberField(
        required=False, min_value=0, help_text="adjust: the seat's time left, in milliseconds"
    )
    reason = serializers.CharField(required=False, allow_blank=True, max_length=300, default="")
    confirm_long = serializers.BooleanField(
        required=False, default=False, help_text="adjust: allow more than the starting time"
    )
    client_at = ClientMomentField(
        required=False,
        help_text="When the operation was made on the device, in the server's time (its offset "
        "estimated from clock.server_ms in the answers: server_ms - (sent + received) / 2, the "
        "sample of the shortest round trip). The seat on the clock is charged then, as far as "
        "the event's lag allowance reaches (docs/clocks.md); left out: charged on arrival.",
    )


class TakeBackInput(serializers.Serializer[Any]):
    expected_index = WholeNumberField(min_value=0)
    count = WholeNumberField(min_value=1, default=1)
    reason = serializers.CharField(max_length=300)


class ImportInput(serializers.Serializer[Any]):
    record = LimitedJSONField(
        help_text="The record: a JSON object, or a string in JSON or in the text form"
    )
    expected_index = WholeNumberField(min_value=0, required=False)

    def validate_record(self, value: Any) -> Any:
        if not isinstance(value, dict | str):
            raise serializers.ValidationError("A record is a JSON object or a string.")
        return value


class PreviewInput(serializers.Serializer[Any]):
    tile = serializers.CharField(max_length=2, min_length=2)
    cells = serializers.CharField(help_text="Two cell names separated by a comma, e.g. C9,D9")

    def validate_cells(self, value: str) -> list[str]:
        cells = [c.strip().upper() for c in value.replace(" ", ",").split(",") if c.strip()]
        if len(cells) != 2:
            raise serializers.ValidationError("Give two cells, e.g. C9,D9.")
        return cells


class FrameSerializer(serializers.Serializer[Any]):
    """One step of the replay (selectors.replay_frames)."""

    step = WholeNumberField()
    index = WholeNumberField(allow_null=True, help_text="Log index; null for the start")
    action = LimitedJSONField(allow_null=True, help_text="The record action; null at start")
    text = serializers.CharField()
    scores = serializers.ListField(
        child=serializers.ListField(child=WholeNumberField()),
        help_text="Per player, the six colour scores",
    )
    plies = WholeNumberField()
    clock_ms = serializers.ListField(child=WholeNumberField(), help_text="Per seat")
    to_move = WholeNumberField()
    bonus_owed = WholeNumberField()


class RecheckRunSerializer(serializers.Serializer[Any]):
    """The latest replay re-check of an event; only ``run`` (null) when there was none."""

    run = WholeNumberField(allow_null=True)
    total = WholeNumberField(required=False)
    done = WholeNumberField(required=False)
    failed = WholeNumberField(required=False)
    percent = WholeNumberField(required=False)
    finished = serializers.BooleanField(required=False)
