"""What the tournament API reads and writes. Writes are parsed here and done by the services."""

from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.reverse import reverse

from tournament.acting import oversize
from tournament.events.services import EVENT_FIELDS
from tournament.fields import ModelSerializer, PointsField, WholeNumberField, WholeNumberKeyField
from tournament.models.events import Board, Entry, Event, Player, Result, Round
from tournament.models.tables import SEATED
from tournament.names import display_name
from tournament.parsers import LimitedJSONField
from tournament.text import NoControlCharacters


class DisplayNameField(serializers.CharField):
    """A person as others see them (tournament/names.py), never their user name, which is
    their e-mail address. Read only; null for nobody."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(read_only=True, allow_null=True, default=None, **kwargs)

    def to_representation(self, value: Any) -> str | None:
        return display_name(value) or None


REGISTRY_RATING_HELP = (
    "The registry rating (a number from outside, such as a national list), not the site "
    "rating of /api/ratings/"
)


class PlayerSerializer(ModelSerializer[Player]):
    """A registry player; ``contact`` can be written but is never shown."""

    class Meta:
        model = Player
        fields = ["id", "name", "club", "country", "rating", "contact", "family"]
        extra_kwargs = {
            "rating": {"help_text": REGISTRY_RATING_HELP},
            "contact": {"write_only": True, "required": False},
            "name": {"required": True},
        }


class PlayerBriefSerializer(ModelSerializer[Player]):
    class Meta:
        model = Player
        fields = ["id", "name", "club", "country", "rating"]
        extra_kwargs = {"rating": {"help_text": REGISTRY_RATING_HELP}}


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


class EntrySerializer(ModelSerializer[Entry]):
    player = PlayerBriefSerializer(read_only=True)
    partner = PlayerBriefSerializer(
        read_only=True, allow_null=True, help_text="A partnership team's second player"
    )
    name = serializers.CharField(read_only=True, help_text='The player, or the team "A & B"')
    status = serializers.CharField(read_only=True, help_text="active, withdrawn")

    class Meta:
        model = Entry
        fields = [
            "id",
            "name",
            "player",
            "partner",
            "starting_rank",
            "status",
            "joined_round",
            "missed_rounds",
            "requested_byes",
            "requested_bye_points",
            "withdrawn_after_round",
        ]
        read_only_fields = fields


def bye_points_field() -> serializers.DictField:
    return serializers.DictField(
        child=serializers.CharField(),
        required=False,
        help_text='Round -> value of its requested bye ("0", "0.5", "1"); missing: ½',
    )


def with_bye_points(attrs: dict[str, Any]) -> dict[str, Any]:
    """``requested_byes`` with the values of ``requested_bye_points``, as the service takes
    them: (round, value) pairs for rounds with a value, round numbers for the others."""
    points = attrs.pop("requested_bye_points", None)
    if points is None or attrs.get("requested_byes") is None:
        if points is not None:
            raise serializers.ValidationError(
                {"requested_bye_points": "Give requested_byes with the values."}
            )
        return attrs
    stray = set(points) - {str(n) for n in attrs["requested_byes"]}
    if stray:
        raise serializers.ValidationError(
            {"requested_bye_points": f"Round(s) {', '.join(sorted(stray))} are not requested."}
        )
    attrs["requested_byes"] = [
        (n, points[str(n)]) if str(n) in points else n for n in attrs["requested_byes"]
    ]
    return attrs


class EntryCreateSerializer(serializers.Serializer[Any]):
    """A registry player by ``player`` id, or a new player's fields (``name`` at least)."""

    player = WholeNumberKeyField(queryset=Player.objects.all(), required=False, allow_null=True)
    name = serializers.CharField(
        max_length=120, required=False, allow_blank=True, validators=[NoControlCharacters("name")]
    )
    club = serializers.CharField(
        max_length=120, required=False, allow_blank=True, validators=[NoControlCharacters("club")]
    )
    country = serializers.CharField(
        max_length=3, required=False, allow_blank=True, validators=[NoControlCharacters("country")]
    )
    rating = WholeNumberField(
        min_value=0,
        max_value=4000,
        required=False,
        allow_null=True,
        help_text=REGISTRY_RATING_HELP,
    )
    contact = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        validators=[NoControlCharacters("contact")],
    )
    family = serializers.CharField(
        max_length=120, required=False, allow_blank=True, validators=[NoControlCharacters("family")]
    )
    # A partnership event's team: its second player, by registry id or as a new player.
    partner = WholeNumberKeyField(queryset=Player.objects.all(), required=False, allow_null=True)
    partner_name = serializers.CharField(
        max_length=120, required=False, allow_blank=True, validators=[NoControlCharacters("name")]
    )
    partner_club = serializers.CharField(
        max_length=120, required=False, allow_blank=True, validators=[NoControlCharacters("club")]
    )
    missed_rounds = serializers.ChoiceField(
        choices=Entry.MissedRounds.choices, default=Entry.MissedRounds.ZERO
    )
    requested_byes = serializers.ListField(
        child=WholeNumberField(min_value=1), required=False, default=list
    )
    requested_bye_points = bye_points_field()

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs.get("player") and not (attrs.get("name") or "").strip():
            raise serializers.ValidationError(
                {"name": "Give a registry player's id as player, or a new player's name."}
            )
        return with_bye_points(attrs)

    def partner_fields(self) -> dict[str, Any] | None:
        """A new partner's fields (``partner_name``, ``partner_club``), if given."""
        name = (self.validated_data.get("partner_name") or "").strip()
        if not name:
            return None
        return {"name": name, "club": self.validated_data.get("partner_club") or ""}


class EntryUpdateSerializer(serializers.Serializer[Any]):
    status = serializers.ChoiceField(choices=Entry.Status.choices, required=False)
    requested_byes = serializers.ListField(child=WholeNumberField(min_value=1), required=False)
    requested_bye_points = bye_points_field()

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        return with_bye_points(attrs)


class CsvImportSerializer(serializers.Serializer[Any]):
    """The CSV as an uploaded ``file`` (multipart) or as ``text``."""

    file = serializers.FileField(required=False)
    text = serializers.CharField(required=False, trim_whitespace=False)
    missed_rounds = serializers.ChoiceField(
        choices=Entry.MissedRounds.choices, default=Entry.MissedRounds.ZERO
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        upload = attrs.pop("file", None)
        if upload is not None:
            if too_large := oversize(upload.size):  # before the file is read into memory
                raise serializers.ValidationError({"file": too_large})
            try:
                attrs["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise serializers.ValidationError(
                    {"file": "The file is not UTF-8 text: save it as CSV UTF-8."}
                ) from None
        if not attrs.get("text"):
            raise serializers.ValidationError({"file": "Send the CSV as file or as text."})
        if too_large := oversize(len(attrs["text"].encode("utf-8", "surrogatepass"))):
            raise serializers.ValidationError({"text": too_large})
        return attrs


class EntryRefSerializer(ModelSerializer[Entry]):
    name = serializers.CharField(read_only=True)  # the player, or a team "A & B"

    class Meta:
        model = Entry
        fields = ["id", "name", "starting_rank"]


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

    class Meta:
        model = Board
        fields = [
            "id",
            "round",
            "number",
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
        return EntryRefSerializer(seat.entry).data if seat else None  # type: ignore[return-value]

    @extend_schema_field(EntryRefSerializer(allow_null=True))
    def get_second(self, board: Board) -> dict[str, Any] | None:
        seat = self._side(board, 1)
        return EntryRefSerializer(seat.entry).data if seat else None  # type: ignore[return-value]

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
                "entry": EntryRefSerializer(seat.entry).data,
                "player": seat.player.name,  # who sits there: a team's partner at its second
                "placing": seat.placing,
                "lowest": seat.lowest,
                "next_lowest": seat.next_lowest,
                "levels": list(seat.levels),
            }
            for seat in board.seats.all()
        ]

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

    def __init__(self, *args: Any, item: str, **kwargs: Any) -> None:
        self.item = item
        super().__init__(*args, **kwargs)

    def run_child_validation(self, data: list[Any]) -> list[Any]:
        try:
            return super().run_child_validation(data)
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

    seats = SeatSerializer(many=True, read_only=True, source="seats.all")

    class Meta(BoardSerializer.Meta):
        fields = [*BoardSerializer.Meta.fields, "seats"]
        read_only_fields = fields


class ReopenSerializer(serializers.Serializer[Any]):
    """Why a decided board is opened to recording again."""

    reason = serializers.CharField(max_length=300, validators=[NoControlCharacters("reason")])


class RoundSerializer(ModelSerializer[Round]):
    status = serializers.CharField(
        read_only=True, help_text="pairing, draft, published, playing, complete"
    )
    boards = serializers.SerializerMethodField()
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
            "published_at",
            "boards",
            "url",
            "page",
        ]
        read_only_fields = fields

    @extend_schema_field(BoardSerializer(many=True))
    def get_boards(self, round_: Round) -> list[dict[str, Any]]:
        boards = (
            round_.boards.select_related("round__event")
            .prefetch_related(*SEATED)  # the seats and sides, in one query each
            .order_by("number")
        )
        return BoardSerializer(boards, many=True, context=self.context).data  # type: ignore[return-value]

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


# The ranges of the columns (BigAutoField ids, PositiveSmallIntegerField numbers): a number
# beyond them is refused here, not by the database driver (a 500 on SQLite).
MAX_ID = 2**63 - 1
MAX_BOARD_NUMBER = 32767
