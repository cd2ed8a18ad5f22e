"""The game record, as one import path: ``Record`` (``gamerecord``), the header checks
(``header``), the JSON form (``jsonform``), loading (``loading``) and replay (``replaying``).
The text form is in ``notation``."""

from .gamerecord import KNOWN_KEYS, Record
from .header import EXTRA_KEY_RE, FORMAT, RESERVED_TAGS, line_col, validate_header
from .jsonform import locate
from .loading import check_text, load_record, looks_like_json
from .replaying import check_record, replay

__all__ = [
    "EXTRA_KEY_RE",
    "FORMAT",
    "KNOWN_KEYS",
    "RESERVED_TAGS",
    "Record",
    "check_record",
    "check_text",
    "line_col",
    "load_record",
    "locate",
    "looks_like_json",
    "replay",
    "validate_header",
]
