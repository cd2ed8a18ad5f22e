"""The date and time inputs of every form. A browser reads an ``<input type="date">`` only in
ISO format (2026-11-28) and shows, then submits, an empty field for anything else; Django's
default is the request's locale format (28/11/2026, 28.11.2026), so an edit form saved
unchanged cleared the dates. These widgets render ISO whatever the language."""

from typing import Any

from django import forms

DATE_FORMAT = "%Y-%m-%d"
DATETIME_LOCAL_FORMAT = "%Y-%m-%dT%H:%M"


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format=DATE_FORMAT)


class DateTimeLocalInput(forms.DateTimeInput):
    """A local date and time (the view sets the zone it is in)."""

    input_type = "datetime-local"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format=DATETIME_LOCAL_FORMAT)
