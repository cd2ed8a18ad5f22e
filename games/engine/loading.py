"""Loading records: either form in, a ``Record`` or a verdict out.

``load_record`` tells the JSON form from the text form; ``check_text`` gives the command line's
verdict on a record's text (replay and the verdict on a ``Record``: ``replaying``).
"""

from __future__ import annotations

from typing import Any

from . import replaying
from .errors import RecordError
from .gamerecord import Record


def looks_like_json(text: str) -> bool:
    return text.lstrip("\ufeff \t\r\n").startswith("{")


def load_record(text: str | bytes) -> Record:
    """Read a record in either form (JSON if it starts with ``{``, else the text form)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise RecordError(f"not UTF-8 text: {e.reason}", 1, 1) from None
    if looks_like_json(text):
        return Record.from_json(text)
    return Record.from_text(text)


def check_text(text: str | bytes) -> dict[str, Any]:
    """Read and check a record in either form; an unreadable one gets index null, BAD_RECORD."""
    return replaying.check_text(load_record, text)
