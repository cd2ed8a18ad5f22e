"""What the subjects' APIs share: the base of the views under an event's address, the field that
shows a person, and the ranges of the ids and board numbers a request may name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.shortcuts import get_object_or_404
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticatedOrReadOnly

from tournament.models.events import Event
from tournament.names import display_name
from tournament.permissions import IsEventDirectorOrReadOnly

if TYPE_CHECKING:  # the stubs' name for a permission class; DRF itself has none
    from rest_framework.permissions import _PermissionClass

# The ranges of the columns (BigAutoField ids, PositiveSmallIntegerField numbers): a number
# beyond them is refused here, not by the database driver (a 500 on SQLite).
MAX_ID = 2**63 - 1
MAX_BOARD_NUMBER = 32767


class EventScoped:
    """Views under /events/{slug}/: the event comes from the URL."""

    kwargs: dict[str, Any]
    # Not logged in is a 403 before any lookup: a stranger learns nothing of what exists.
    permission_classes: Sequence[_PermissionClass] = [
        IsAuthenticatedOrReadOnly,
        IsEventDirectorOrReadOnly,
    ]

    def get_event(self) -> Event:
        if not hasattr(self, "_event"):
            self._event = get_object_or_404(Event, slug=self.kwargs["slug"])
        return self._event


class DisplayNameField(serializers.CharField):
    """A person as others see them (tournament/names.py), never their user name, which is
    their e-mail address. Read only; null for nobody."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(read_only=True, allow_null=True, default=None, **kwargs)

    # Nobody renders as null: DRF's stub says a field renders str only.
    def to_representation(self, value: Any) -> str | None:  # type: ignore[override]
        return display_name(value) or None
