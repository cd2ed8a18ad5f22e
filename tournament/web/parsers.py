"""The API's JSON readers: DRF's parser and JSON field, with tournament.reading's limits on
nesting and NUL characters, and a body that is a JSON object.

A form-encoded or multipart body carries a JSON field as text, which the field parses itself:
``LimitedJSONField`` reads it as the parser reads a body, so deep JSON is a 400 naming the
field wherever it arrives.
"""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from tournament.reading import MAX_JSON_DEPTH, JsonRefused, check_json, read_json, too_deep

__all__ = ["MAX_JSON_DEPTH", "LimitedJSONField", "LimitedJSONParser"]


class LimitedJSONParser(JSONParser):
    """JSON nested more than ``MAX_JSON_DEPTH`` levels is a 400, never a RecursionError; so is
    a body that is not a JSON object (every operation of the API takes an object, and a view
    asking ``"field" in request.data`` of ``null`` or ``5`` would raise)."""

    max_depth = MAX_JSON_DEPTH

    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(too_deep(self.max_depth).message) from None
        try:
            check_json(data, self.max_depth)
        except JsonRefused as exc:
            raise ParseError(exc.message) from None
        if not isinstance(data, dict):
            raise ParseError(
                _("The request body must be a JSON object, not %(kind)s.")
                % {"kind": _json_kind(data)}
            )
        return data


def _json_kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("true or false")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, str):
        return _("a string")
    return _("a list")


class LimitedJSONField(serializers.JSONField):
    """DRF's JSONField with the body's limits: as text (a form or multipart field) it is read
    by ``read_json``; as parsed JSON it was read by the parser, and is checked again only for
    what the parser did not see (a value nested in a form's field list)."""

    default_error_messages = {
        "too_deep": gettext_lazy("The JSON is nested more than {limit} levels deep."),
        "nul_character": gettext_lazy("The JSON contains a NUL character (\\u0000)."),
    }

    def to_internal_value(self, data: Any) -> Any:
        try:
            if self.binary or getattr(data, "is_json_string", False):
                if isinstance(data, bytes):
                    data = data.decode()
                return read_json(data)
            check_json(data)
        except JsonRefused as exc:
            self.fail(exc.code, limit=MAX_JSON_DEPTH)
        except (TypeError, ValueError):
            self.fail("invalid")
        return super().to_internal_value(data)
