"""The engine's refusal as a user error: the API answers 400 with the engine's code and index."""

from tournament.errors import DomainError


class IllegalMove(DomainError):
    """The engine refused an action; `index` is the log index it would have taken."""

    def __init__(
        self, message: str, *, code: str, index: int | None, record_index: int | None
    ) -> None:
        super().__init__(message, code=code)
        self.index = index
        self.record_index = record_index

    def as_dict(self) -> dict[str, object]:
        body = super().as_dict()
        body["index"] = self.index
        body["record_index"] = self.record_index
        return body
