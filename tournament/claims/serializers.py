"""The API of players' accounts, for scripts and the phone: an API token for a user name and
password, the person's own account (``me``), and claims of registry players with their
decisions. Thin: the serializers parse, tournament/accounts/services.py decides and writes,
tournament/accounts/selectors.py reads. A person reads and changes only their own account."""

from typing import Any

from rest_framework import serializers

from tournament.api.base import DisplayNameField
from tournament.claims.models import PlayerClaim
from tournament.claims.services import MESSAGE_MAX
from tournament.fields import ModelSerializer, WholeNumberField


class ClaimSerializer(ModelSerializer[PlayerClaim]):
    player_name = serializers.CharField(source="player.name", read_only=True)
    display_name = DisplayNameField(source="user")  # the claimant, as the deciders see them

    class Meta:
        model = PlayerClaim
        fields = [
            "id",
            "player",
            "player_name",
            "display_name",
            "message",
            "status",
            "reason",
            "created_at",
            "decided_at",
        ]
        read_only_fields = fields


class ClaimCreateSerializer(serializers.Serializer[Any]):
    player = WholeNumberField(help_text="The registry player's id")
    message = serializers.CharField(
        max_length=MESSAGE_MAX, required=False, allow_blank=True, default=""
    )


class ClaimRefuseSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(
        max_length=300, required=False, allow_blank=True, default="", help_text="Required"
    )
