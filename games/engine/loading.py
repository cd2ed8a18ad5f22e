"""Loading and replaying records: either form in, a ``Game`` or a verdict out.

``load_record`` tells the JSON form from the text form; ``replay`` applies every action with
every rule checked; ``check_record`` and ``check_text`` give the command line's verdict.
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction, RecordError
from .game import Game
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


def replay(record: Record) -> Game:
    """Replay every action; raises ``IllegalAction`` at the first illegal one."""
    game = record.new_game()
    apply = game.apply
    for action in record.actions:
        apply(action)
    return game


def check_record(record: Record) -> dict[str, Any]:
    """The command line's verdict on a record (without ``"file"``)."""
    try:
        game = replay(record)
    except IllegalAction as e:
        return {"valid": False, "error": e.as_dict()}
    return game.result()


def check_text(text: str | bytes) -> dict[str, Any]:
    """Read and check a record in either form; an unreadable one gets index null, BAD_RECORD."""
    try:
        record = load_record(text)
    except RecordError as e:
        return {"valid": False, "error": e.as_dict()}
    return check_record(record)
