"""The game record, as one import path: ``Record`` (``gamerecord``), the header checks
(``header``) and loading and replay (``loading``). The text form is in ``notation``."""

from .gamerecord import KNOWN_KEYS, Record, locate
from .header import EXTRA_KEY_RE, FORMAT, RESERVED_TAGS, line_col, validate_header
from .loading import check_record, check_text, load_record, looks_like_json, replay

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
