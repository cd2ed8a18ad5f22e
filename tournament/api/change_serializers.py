"""What the tournament API reads and writes about a round's pairing changes, result
corrections and an event's roles."""

from typing import Any

from rest_framework import serializers

from tournament.api.serializers import MAX_BOARD_NUMBER, MAX_ID, DisplayNameField
from tournament.fields import ModelSerializer, WholeNumberField
from tournament.models.events import EventRole
from tournament.models.logs import PairingChange, ResultCorrection
from tournament.text import NoControlCharacters


class SwapPlayersSerializer(serializers.Serializer[Any]):
    first = WholeNumberField(min_value=1, max_value=MAX_ID, help_text="Entry id")
    second = WholeNumberField(min_value=1, max_value=MAX_ID, help_text="Entry id")
    reason = serializers.CharField(max_length=300, validators=[NoControlCharacters("reason")])


class SwapBoardsSerializer(serializers.Serializer[Any]):
    board_a = WholeNumberField(min_value=1, max_value=MAX_BOARD_NUMBER, help_text="Board number")
    board_b = WholeNumberField(min_value=1, max_value=MAX_BOARD_NUMBER, help_text="Board number")
    reason = serializers.CharField(max_length=300, validators=[NoControlCharacters("reason")])


class PairingChangeSerializer(ModelSerializer[PairingChange]):
    round = WholeNumberField(source="round.number", read_only=True)
    user = DisplayNameField()

    class Meta:
        model = PairingChange
        fields = ["id", "round", "description", "warnings", "user", "at", "reason"]
        read_only_fields = fields


class CorrectionSerializer(ModelSerializer[ResultCorrection]):
    round = WholeNumberField(source="board.round.number", read_only=True)
    board = WholeNumberField(source="board.number", read_only=True)
    board_id = WholeNumberField(read_only=True)
    user = DisplayNameField()

    class Meta:
        model = ResultCorrection
        fields = ["id", "round", "board", "board_id", "kind", "old_result", "new_result", "user"]
        fields += ["at", "reason"]
        read_only_fields = fields


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


class PairingRequestedSerializer(serializers.Serializer[Any]):
    number = WholeNumberField()
    status = serializers.CharField()
    url = serializers.URLField(help_text="Poll this until status is draft (or pairing_error)")
