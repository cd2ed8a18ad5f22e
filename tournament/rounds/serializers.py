"""What the rounds' API reads and writes: a round with its boards, the pairing of the next
round asked for, and a director's changes to a draft (and their log). Writes are parsed here and
done by the services."""

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.reverse import reverse

from tournament.api.base import MAX_BOARD_NUMBER, MAX_ID, DisplayNameField
from tournament.fields import ModelSerializer, WholeNumberField
from tournament.models.events import Round
from tournament.models.where import RoundPlayed
from tournament.results.serializers import BoardSerializer
from tournament.rounds.models import PairingChange
from tournament.rounds.selectors import boards_in, note_texts
from tournament.text import NoControlCharacters


class RoundSerializer(ModelSerializer[Round]):
    status = serializers.CharField(
        read_only=True, help_text="pairing, draft, published, playing, complete"
    )
    boards = serializers.SerializerMethodField()
    notes = serializers.SerializerMethodField(
        help_text="The pairing's notes, in the request's language (English by default)"
    )
    url = serializers.SerializerMethodField()
    page = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = [
            "number",
            "status",
            "pairing_progress",
            "pairing_error",
            "system",
            "notes",
            "challenge",
            "boards_played",
            "published_at",
            "boards",
            "url",
            "page",
        ]
        read_only_fields = fields

    @extend_schema_field(BoardSerializer(many=True))
    def get_boards(self, round_: Round) -> list[dict[str, Any]]:
        boards = boards_in(round_)  # with the seats and who sits there
        return BoardSerializer(boards, many=True, context=self.context).data  # type: ignore[return-value]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_notes(self, round_: Round) -> list[str]:
        return note_texts(round_)

    @extend_schema_field(serializers.URLField())
    def get_url(self, round_: Round) -> str:
        return reverse(
            "api-round-detail",
            args=[round_.event.slug, round_.number],
            request=self.context.get("request"),
        )

    @extend_schema_field(serializers.URLField())
    def get_page(self, round_: Round) -> str:
        return reverse(
            "event-round",
            args=[round_.event.slug, round_.number],
            request=self.context.get("request"),
        )


class SwapPlayersSerializer(serializers.Serializer[Any]):
    first = WholeNumberField(min_value=1, max_value=MAX_ID, help_text="Entry id")
    second = WholeNumberField(min_value=1, max_value=MAX_ID, help_text="Entry id")
    reason = serializers.CharField(max_length=300, validators=[NoControlCharacters("reason")])


class PublishSerializer(serializers.Serializer[Any]):
    played = serializers.ChoiceField(
        choices=RoundPlayed.choices,
        required=False,
        help_text='A hybrid event\'s round: where its boards are played ("": as the entries say)',
    )


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


class PairingRequestedSerializer(serializers.Serializer[Any]):
    number = WholeNumberField()
    status = serializers.CharField()
    url = serializers.URLField(help_text="Poll this until status is draft (or pairing_error)")
