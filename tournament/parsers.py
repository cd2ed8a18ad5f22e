"""The API's JSON parser: DRF's, with a limit on nesting and no NUL characters in strings."""

from collections.abc import Mapping
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

# A game record, the deepest thing the API takes, nests about five levels.
MAX_JSON_DEPTH = 32


def _refuse_deep_or_nul(data: object, limit: int) -> None:
    """Walk the parsed JSON without recursion (the point is not to overflow the stack)."""
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if "\x00" in value:
                raise ParseError("The JSON contains a NUL character (\\u0000).")
            continue
        if not isinstance(value, Mapping | list):
            continue
        if depth > limit:
            raise ParseError(f"The JSON is nested more than {limit} levels deep.")
        items = [*value.keys(), *value.values()] if isinstance(value, Mapping) else value
        stack.extend((item, depth + 1) for item in items)


class LimitedJSONParser(JSONParser):
    """JSON nested more than ``MAX_JSON_DEPTH`` levels is a 400, never a RecursionError."""

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
            raise ParseError(
                f"The JSON is nested more than {self.max_depth} levels deep."
            ) from None
        _refuse_deep_or_nul(data, self.max_depth)
        return data
