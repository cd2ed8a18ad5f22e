"""What the results' API reads and writes: a board and its seats, a result entered or corrected
(by its code, or by each side's levels), a board reopened, and the log of corrections. Writes
are parsed here and done by the services."""

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_stubs_ext import StrOrPromise
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.reverse import reverse

from tournament.api.base import DisplayNameField
from tournament.entries.serializers import EntryRefSerializer, entry_ref
from tournament.fields import ModelSerializer, WholeNumberField
from tournament.models.events import Board, Result
from tournament.results.models import ResultCorrection
from tournament.rounds.selectors import reason_text
from tournament.text import NoControlCharacters


class BoardSerializer(ModelSerializer[Board]):
    # first, second and their lowest levels: the board's first two sides as its seats hold them
    # (documented fields that clients read; the seats are the record)
    first = serializers.SerializerMethodField()
    second = serializers.SerializerMethodField()
    seats = serializers.SerializerMethodField(
        help_text="Every seat in order (seat 0 moves first): the entry, and once the board is "
        "decided its placing (1 best, ties share), lowest and next lowest colour levels"
    )
    round = WholeNumberField(source="round.number", read_only=True)
    url = serializers.SerializerMethodField()
    result_held = serializers.BooleanField(
        read_only=True, help_text="The game's replay check failed: not counted"
    )
    result_provisional = serializers.BooleanField(
        read_only=True, help_text="The game's result waits for its replay check: not counted yet"
    )
    closed = serializers.BooleanField(
        read_only=True, help_text="Decided: nothing is recorded there until a director reopens it"
    )
    first_lowest = serializers.SerializerMethodField(
        help_text="The first side's lowest colour level (from its seat), null when not known"
    )
    second_lowest = serializers.SerializerMethodField(
        help_text="The second side's lowest colour level (from its seat), null when not known"
    )
    result = serializers.ChoiceField(
        choices=[("", "no result"), *Result.choices], read_only=True, help_text='"": no result yet'
    )
    reason = serializers.SerializerMethodField(
        help_text="Why the pairing is so, in the request's language (English by default)"
    )

    class Meta:
        model = Board
        fields = [
            "id",
            "round",
            "number",
            "played",
            "first",
            "second",
            "result",
            "result_version",
            "first_lowest",
            "second_lowest",
            "result_check",
            "check_message",
            "result_held",
            "result_provisional",
            "recording_open",
            "closed",
            "confirmation",
            "reason",
            "url",
            "seats",
        ]
        read_only_fields = fields

    def _side(self, board: Board, side: int) -> Any:
        seats = board.side_seats()
        return seats[side] if len(seats) > side else None

    @extend_schema_field(EntryRefSerializer)
    def get_first(self, board: Board) -> dict[str, Any] | None:
        seat = self._side(board, 0)
        return entry_ref(seat.entry) if seat else None

    @extend_schema_field(EntryRefSerializer(allow_null=True))
    def get_second(self, board: Board) -> dict[str, Any] | None:
        seat = self._side(board, 1)
        return entry_ref(seat.entry) if seat else None

    @extend_schema_field(WholeNumberField(allow_null=True))
    def get_first_lowest(self, board: Board) -> int | None:
        seat = self._side(board, 0)
        return seat.lowest if seat else None

    @extend_schema_field(WholeNumberField(allow_null=True))
    def get_second_lowest(self, board: Board) -> int | None:
        seat = self._side(board, 1)
        return seat.lowest if seat else None

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_seats(self, board: Board) -> list[dict[str, Any]]:
        return [
            {
                "number": seat.number,
                "entry": entry_ref(seat.entry),
                "player": seat.player.name,  # who sits there: a team's partner at its second
                "placing": seat.placing,
                "lowest": seat.lowest,
                "next_lowest": seat.next_lowest,
                "levels": list(seat.levels),
            }
            for seat in board.seats.all()
        ]

    @extend_schema_field(serializers.CharField())
    def get_reason(self, board: Board) -> str:
        return reason_text(board)

    @extend_schema_field(serializers.URLField())
    def get_url(self, board: Board) -> str:
        return reverse(
            "api-board-detail",
            args=[board.round.event.slug, board.pk],
            request=self.context.get("request"),
        )


def replaces_field() -> serializers.IntegerField:
    """The version a result write replaces: required on every write of every kind of board."""
    needed = gettext_lazy(
        "Send the board's result_version as you last read it: the result you replace."
    )
    return WholeNumberField(
        min_value=0,
        max_value=2**31 - 1,
        error_messages={
            "required": needed,
            "null": needed,
            "invalid": gettext_lazy(
                "A result version is a whole number: send the board's result_version as you "
                "last read it."
            ),
        },
        help_text="Required: the board's `result_version` as you last read it. When the "
        "board's result has been written since (the game's final move or another director came "
        "first), nothing is saved and the answer is 409 naming the result now stored and the one "
        "you saw, with the `result_version` now stored.",
    )


class ResultSerializer(serializers.Serializer[Any]):
    """A result to enter or correct; ``reason`` is needed to change a result already in."""

    result = serializers.ChoiceField(choices=[("", "no result"), *Result.choices])
    # 36: the double track of partnership (the service refuses above the event's own track)
    first_lowest = WholeNumberField(min_value=0, max_value=36, required=False, allow_null=True)
    second_lowest = WholeNumberField(min_value=0, max_value=36, required=False, allow_null=True)
    reason = serializers.CharField(
        max_length=300,
        required=False,
        allow_blank=True,
        default="",
        validators=[NoControlCharacters("reason")],
    )
    replaces = replaces_field()


class NumberedListField(serializers.ListField):
    """A list whose items' errors come as one flat list of messages, each naming its item
    ("seat 2: level 1: ..."), as every field error of the API is a list of strings."""

    def __init__(self, *args: Any, item: StrOrPromise, **kwargs: Any) -> None:
        self.item = item
        super().__init__(*args, **kwargs)

    def run_child_validation(self, data: list[Any]) -> list[Any]:
        try:
            checked: list[Any] = super().run_child_validation(data)
            return checked
        except serializers.ValidationError as exc:
            detail = exc.detail if isinstance(exc.detail, dict) else {}
            raise serializers.ValidationError(
                [
                    _("%(item)s %(number)s: %(message)s")
                    % {"item": self.item, "number": int(index) + 1, "message": message}
                    for index, messages in detail.items()
                    for message in (messages if isinstance(messages, list) else [messages])
                ]
            ) from exc


class TableResultSerializer(serializers.Serializer[Any]):
    """A result by each side's levels: per side, in seat order (a partnership team is one
    side), its colour levels at the end, lowest first (the lowest at least, up to six; 0-18,
    or 0-36 on the double track); ``placings`` (1 best, ties share) only to decide a table's
    seats equal on the levels. A table (3 or 4 seats) needs a ``reason``; a two-sided board
    (two players or two teams) also takes its ``result`` code. A duplicate solitaire entrant's
    board: one side's levels, the lowest and the next at least (the round's entrants place
    each other)."""

    result = serializers.ChoiceField(
        choices=[("", "no result"), *Result.choices],
        required=False,
        default="",
        help_text="A two-sided board's code (1-0, 0-1, 1/2-1/2); a table's is implied",
    )

    levels = NumberedListField(
        item=gettext_lazy("seat"),
        child=NumberedListField(
            item=gettext_lazy("level"),
            # 36: the double-length track (the service refuses above the event's own track)
            child=WholeNumberField(min_value=0, max_value=36),
            min_length=1,
            max_length=6,
        ),
        min_length=1,
        max_length=4,
        help_text="Per side in seat order: [lowest, next lowest, ...]",
    )
    placings = NumberedListField(
        item=gettext_lazy("seat"),
        child=WholeNumberField(min_value=1, max_value=4),
        required=False,
        allow_null=True,
        default=None,
        help_text="Per seat in seat order; left out, they follow the levels",
    )
    reason = serializers.CharField(
        max_length=300,
        required=False,
        allow_blank=True,
        default="",
        validators=[NoControlCharacters("reason")],
    )
    replaces = replaces_field()


class SeatSerializer(serializers.Serializer[Any]):
    number = WholeNumberField(help_text="0 moves first")
    entry = EntryRefSerializer()
    player = serializers.CharField(source="player.name", help_text="Who sits there")
    placing = WholeNumberField(allow_null=True)
    lowest = WholeNumberField(allow_null=True)
    next_lowest = WholeNumberField(allow_null=True)


class BoardSeatsSerializer(BoardSerializer):
    """A board with its seats and how each finished (a table's result)."""

    # a declaration replacing the base class's field (DRF collects them); mypy reads attributes
    seats = SeatSerializer(many=True, read_only=True, source="seats.all")  # type: ignore[assignment]

    class Meta(BoardSerializer.Meta):
        fields = [*BoardSerializer.Meta.fields, "seats"]
        read_only_fields = fields


class ReopenSerializer(serializers.Serializer[Any]):
    """Why a decided board is opened to recording again."""

    reason = serializers.CharField(max_length=300, validators=[NoControlCharacters("reason")])


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
