"""What the entries' API reads and writes: an event's entries, a player entered by registry id
or by name, a CSV of players, withdrawals and requested byes. Writes are parsed here and done by
the services."""

from typing import Any

from rest_framework import serializers

from tournament.acting import oversize
from tournament.api.base import DisplayNameField
from tournament.entries.models import EntryRequest
from tournament.fields import ModelSerializer, WholeNumberField, WholeNumberKeyField
from tournament.models.events import Entry, Event, Player
from tournament.registry.serializers import REGISTRY_RATING_HELP, PlayerBriefSerializer
from tournament.text import NoControlCharacters


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
            "plays_online",
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


# One for every entry named in an answer: a serializer made per entry (its fields built anew
# each time) was the dearest part of a round's boards.
_ENTRY_REF = EntryRefSerializer()


def entry_ref(entry: Entry) -> dict[str, Any]:
    """An entry as :class:`EntryRefSerializer` shows it."""
    return dict(_ENTRY_REF.to_representation(entry))


class EntryRequestSerializer(ModelSerializer[EntryRequest]):
    player = PlayerBriefSerializer(read_only=True)
    event = serializers.SlugRelatedField[Event](slug_field="slug", read_only=True)
    status = serializers.CharField(read_only=True, help_text="pending, approved, refused")
    decided_by = DisplayNameField()

    class Meta:
        model = EntryRequest
        fields = ["id", "event", "player", "status", "created_at", "decided_by", "decided_at"]
        fields += ["reason"]
        read_only_fields = fields


class OnlineEntrySerializer(serializers.Serializer[Any]):
    """What entering made: an ``entry`` (status "entered") or a ``request`` ("waiting")."""

    status = serializers.ChoiceField(choices=["entered", "waiting"])
    entry = EntrySerializer(allow_null=True)
    request = EntryRequestSerializer(allow_null=True)


class RefuseSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=300, allow_blank=True, default="")
