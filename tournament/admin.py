from django.contrib import admin
from django.http import HttpRequest

from tournament import models


@admin.register(models.Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "country", "rating"]
    search_fields = ["name", "club"]


class RoleInline(admin.TabularInline):
    model = models.EventRole
    extra = 0


@admin.register(models.Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "start_date", "venue", "pairing_system", "rounds", "status"]
    search_fields = ["name", "venue"]
    inlines = [RoleInline]


@admin.register(models.EventRole)
class EventRoleAdmin(admin.ModelAdmin):
    list_display = ["event", "user", "role"]
    list_filter = ["role"]


@admin.register(models.Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["player", "event", "starting_rank", "status", "joined_round"]
    list_filter = ["status"]
    search_fields = ["player__name", "event__name"]


@admin.register(models.Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "status", "system", "published_at"]
    list_filter = ["status"]


@admin.register(models.Board)
class BoardAdmin(admin.ModelAdmin):
    list_display = ["round", "number", "first", "second", "result", "result_held"]
    list_filter = ["result_held"]


class _AppendOnlyAdmin(admin.ModelAdmin):
    """Logs are read here, never edited: corrections go through the director pages."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(models.ResultCorrection)
class ResultCorrectionAdmin(_AppendOnlyAdmin):
    list_display = ["board", "old_result", "new_result", "user", "at", "reason"]


@admin.register(models.PairingChange)
class PairingChangeAdmin(_AppendOnlyAdmin):
    list_display = ["round", "description", "user", "at", "reason"]
