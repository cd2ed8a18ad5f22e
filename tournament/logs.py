"""Logging an operator can follow: a request id on every line of a request, and one key=value
line for each write the services make (``log_write``)."""

import json
import logging
import re
import uuid
from contextvars import ContextVar
from typing import Any

# The id of the request being served, for every log record made while it is.
request_id: ContextVar[str] = ContextVar("request_id", default="-")

# A client's X-Request-ID is kept when it is short and plain (it goes into log lines as it is).
_GOOD_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")

writes = logging.getLogger("tournament.writes")


def new_request_id(given: str | None = None) -> str:
    if given and _GOOD_REQUEST_ID.fullmatch(given):
        return given
    return uuid.uuid4().hex


class RequestIdFilter(logging.Filter):
    """Puts ``request_id`` on every record (``-`` outside a request: workers, commands)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        return True


def _value(value: object) -> str:
    text = getattr(value, "pk", value)
    text = "-" if text is None else str(text)
    if text and not re.search(r'[\s="\\]', text):
        return text
    return json.dumps(text, ensure_ascii=False)  # quoted, so one field stays one field


def fields_text(fields: dict[str, Any]) -> str:
    return " ".join(f"{key}={_value(value)}" for key, value in fields.items())


def log_write(what: str, *, user: object = None, **fields: Any) -> None:
    """One line for a write: ``what=result.set event=3 round=2 board=14 user=ann ...``.

    Model instances are logged by primary key, the user by user name."""
    name = getattr(user, "get_username", None)
    who = name() if callable(name) and getattr(user, "is_authenticated", False) else None
    line = {"what": what, **fields, "user": who}
    writes.info(fields_text(line), extra={"fields": line})
