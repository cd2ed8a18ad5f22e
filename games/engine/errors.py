"""The engine's two error types.

``IllegalAction`` is raised when an action breaks a rule (or is not a well-formed action at all);
``RecordError`` when a record cannot be read. Both carry a message an arbiter can understand.
"""

from __future__ import annotations

#: Every code an ``IllegalAction`` may carry (RECORD-FORMAT.md).
CODES: tuple[str, ...] = (
    "BAD_RECORD",
    "UNKNOWN_CELL",
    "OFF_BOARD",
    "CELL_OCCUPIED",
    "NOT_ADJACENT",
    "PLACEMENT_RULE",
    "TILE_NOT_IN_RACK",
    "TILE_EXHAUSTED",
    "NOT_YOUR_TURN",
    "SWAP_NOT_ALLOWED",
    "DRAW_MISMATCH",
    "GAME_OVER",
)


class IllegalAction(Exception):
    """An action that the rules do not allow.

    ``index`` is the 0-based index of the action in the record (the number of actions applied
    before it); ``code`` one of ``CODES``.
    """

    def __init__(self, code: str, index: int | None, message: str) -> None:
        super().__init__(f"action {index}: {code}: {message}")
        self.code = code
        self.index = index
        self.message = message

    def as_dict(self) -> dict[str, object]:
        return {"index": self.index, "code": self.code, "message": self.message}


class RecordError(Exception):
    """A record that cannot be read (bad JSON, bad text form, missing fields...).

    ``line`` and ``column`` are 1-based positions in the input text (0 when unknown).
    """

    code = "BAD_RECORD"

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        where = f"line {line}, column {column}: " if line else ""
        super().__init__(f"{where}{message}")
        self.message = message
        self.line = line
        self.column = column

    def as_dict(self) -> dict[str, object]:
        where = f"line {self.line}, column {self.column}: " if self.line else ""
        return {"index": None, "code": self.code, "message": where + self.message}
