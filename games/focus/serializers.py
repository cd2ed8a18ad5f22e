"""The focus endpoint's input: one change of the page's visibility."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournament.fields import WholeNumberField


class FocusInput(serializers.Serializer[Any]):
    hidden = serializers.BooleanField(
        help_text="True: the page was hidden (document.visibilityState 'hidden'); false: shown"
    )
    client_at = serializers.DateTimeField(
        required=False,
        allow_null=True,
        help_text="When the browser saw it (ISO 8601), kept beside the server's time",
    )


class FocusOutput(serializers.Serializer[Any]):
    seat = WholeNumberField(read_only=True)
    hidden = serializers.BooleanField()
    at = serializers.DateTimeField()
