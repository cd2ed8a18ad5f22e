"""Admin: games and their logs are read-only here; every change goes through the services."""

from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.http import HttpRequest

from games.challenge_tables.models import ChallengeAction
from games.models import Game, GameAction, ValidationRun
from games.presence.models import ConnectionEvent
from tournament.admin_base import ReadOnlyAdmin
from tournament.fields import ReadsNumbersOneWay

if TYPE_CHECKING:  # the admin's classes are generic in the stubs only, not at run time
    GameActionTabular = admin.TabularInline[GameAction, Game]
    ChallengeActionTabular = admin.TabularInline[ChallengeAction, Game]
    ConnectionTabular = admin.TabularInline[ConnectionEvent, Game]
else:
    GameActionTabular = ChallengeActionTabular = ConnectionTabular = admin.TabularInline


class GameActionInline(ReadsNumbersOneWay, GameActionTabular):
    model = GameAction
    fields = ("index", "kind", "payload", "reason", "user", "at", "clock_ms", "taken_back_by")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ChallengeActionInline(ReadsNumbersOneWay, ChallengeActionTabular):
    model = ChallengeAction
    fields = ("index", "kind", "payload", "reason", "user", "at", "taken_back_by")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ConnectionEventInline(ReadsNumbersOneWay, ConnectionTabular):
    """An online game's connection log (games/presence), shown with its action log."""

    model = ConnectionEvent
    fields = ("at", "seat", "kind", "user", "channel", "replaced", "code")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    """Every game at a table: a board game with its moves and clock events, or a Challenge
    with its actions (each kind shows its own log)."""

    list_display = ("pk", "kind", "challenge", "board", "status", "log_length", "validation")
    list_filter = ("kind", "challenge", "status", "validation", "board__round__event")

    def get_inlines(self, request: HttpRequest, obj: Any = None) -> list[Any]:
        if obj is not None and obj.kind == Game.Kind.CHALLENGE:
            return [ChallengeActionInline]
        return [GameActionInline, ConnectionEventInline]


@admin.register(ValidationRun)
class ValidationRunAdmin(ReadOnlyAdmin):
    list_display = ("event", "created_at", "done", "total", "failed", "finished_at")
