"""Admin: games and their logs are read-only here; every change goes through the services."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.challenge_models import ChallengeAction, ChallengeTable
from games.models import Game, GameAction, ValidationRun
from tournament.admin_base import ReadOnlyAdmin
from tournament.fields import ReadsNumbersOneWay


class GameActionInline(ReadsNumbersOneWay, admin.TabularInline):
    model = GameAction
    fields = ("index", "kind", "payload", "reason", "user", "at", "clock_ms", "taken_back_by")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ("board", "status", "log_length", "validation")
    list_filter = ("status", "validation", "board__round__event")
    inlines = [GameActionInline]


@admin.register(ValidationRun)
class ValidationRunAdmin(ReadOnlyAdmin):
    list_display = ("event", "created_at", "done", "total", "failed", "finished_at")


class ChallengeActionInline(ReadsNumbersOneWay, admin.TabularInline):
    model = ChallengeAction
    fields = ("index", "kind", "payload", "reason", "user", "at", "taken_back_by")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ChallengeTable)
class ChallengeTableAdmin(ReadOnlyAdmin):
    list_display = ("pk", "challenge", "mode", "status", "created_by", "created_at")
    list_filter = ("challenge", "mode", "status")
    inlines = [ChallengeActionInline]
