"""What every admin page of the project shares: numbers read one way, and read-only pages for
what changes only through the services (results, entries, logs)."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from tournament.fields import ReadsNumbersOneWay


class ReadOnly:
    """For a ModelAdmin or an inline: shown, never added, changed or deleted here."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyAdmin(ReadOnly, ReadsNumbersOneWay, admin.ModelAdmin[Any]):
    """Shown, never edited here: changes go through the directors' pages and the services.
    Any model: the page only lists and shows its rows."""
