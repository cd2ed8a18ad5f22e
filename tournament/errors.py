"""Errors a user can cause. Services raise them; views show the message, the API returns it."""


class DomainError(Exception):
    """A request that cannot be carried out as asked; nothing was changed."""

    status_code = 400

    def __init__(self, message: str, *, field: str | None = None, code: str = "invalid") -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code

    def as_dict(self) -> dict[str, object]:
        body: dict[str, object] = {"detail": self.message, "code": self.code}
        if self.field:
            body["field"] = self.field
        return body


class NotAllowed(DomainError):
    status_code = 403


class Conflict(DomainError):
    """The state moved on since the request was made (a stale index, a double click)."""

    status_code = 409
