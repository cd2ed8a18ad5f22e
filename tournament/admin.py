"""Admin: a window on the data that never goes around the services.

Results, entries and rounds are read-only here (the director's pages change them, logged, and
the standings follow); an event's name, venue and dates and a player's fields are saved through
the same services as on the site.
"""

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.forms import ModelForm
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.admin_base import ReadOnly, ReadOnlyAdmin
from tournament.checkin.models import CheckIn
from tournament.claims.models import PlayerClaim
from tournament.confirmations.models import ResultConfirmation
from tournament.entries.models import EntryRequest
from tournament.errors import DomainError
from tournament.events.models import EventLogEntry
from tournament.events.services import update_event
from tournament.fields import ReadsNumbersOneWay, number_formfield
from tournament.models.events import Board, Entry, Event, EventRole, Festival, Player, Round
from tournament.models.tables import SEATED, Seat
from tournament.notifications.models import Notification
from tournament.registry.models import PlayerMerge
from tournament.registry.services import clean_player_fields, create_player, update_player
from tournament.results.models import ResultCorrection
from tournament.rights import admin as rights_admin
from tournament.rounds.models import PairingChange

PLAYER_FIELDS = ("name", "club", "country", "rating", "contact", "family")
EVENT_EDITABLE = ("name", "venue", "start_date", "end_date")
# Users, groups and roles: their own module, where every change of rights is logged.
__all__ = ["rights_admin"]


def _refuse(request: HttpRequest, exc: DomainError) -> None:
    messages.error(request, _("Nothing was saved: %(message)s") % {"message": exc.message})


class PlayerForm(forms.ModelForm[Player]):
    """The registry's rules (services.clean_player_fields), with their messages, on the form."""

    class Meta:
        model = Player
        fields = PLAYER_FIELDS
        formfield_callback = number_formfield

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        given: dict[str, Any] = {f: data.get(f) for f in PLAYER_FIELDS}
        try:
            clean_player_fields(**given)
        except DomainError as exc:
            raise forms.ValidationError({exc.field or "name": exc.message}) from None
        return data


@admin.register(Player)
class PlayerAdmin(ReadsNumbersOneWay, admin.ModelAdmin[Player]):
    list_display = ["name", "club", "country", "rating"]
    search_fields = ["name", "club"]
    form = PlayerForm

    def save_model(
        self, request: HttpRequest, obj: Player, form: ModelForm[Player], change: bool
    ) -> None:
        data = {f: form.cleaned_data.get(f) for f in PLAYER_FIELDS}
        try:
            if change:
                original = Player.objects.get(pk=obj.pk)
                update_player(player=original, user=request.user, **data)
            else:
                obj.pk = create_player(user=request.user, **data).pk
        except DomainError as exc:
            _refuse(request, exc)


class RoleInline(ReadOnly, ReadsNumbersOneWay, admin.TabularInline[EventRole, Event]):
    """Shown only: a role is given or removed on the event role page, with a reason, logged."""

    model = EventRole
    extra = 0


@admin.register(Event)
class EventAdmin(ReadsNumbersOneWay, admin.ModelAdmin[Event]):
    list_display = [
        "name",
        "start_date",
        "venue",
        "ruleset",
        "table_size",
        "pairing_system",
        "rounds",
        "status",
    ]
    search_fields = ["name", "venue"]
    inlines = [RoleInline]
    readonly_fields = [
        "slug",
        "ruleset",
        "table_size",
        "ruleset_options",
        "rounds",
        "pairing_system",
        "clock_minutes",
        "tiebreak_chain",
        "bye_value",
        "status",
        "created_by",
    ]
    fields = [*EVENT_EDITABLE, *readonly_fields]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # an event is created on the site, which makes its creator a director

    def save_model(
        self, request: HttpRequest, obj: Event, form: ModelForm[Event], change: bool
    ) -> None:
        data = {f: form.cleaned_data[f] for f in EVENT_EDITABLE if f in form.changed_data}
        if not data:
            return
        try:
            original = Event.objects.get(pk=obj.pk)
            update_event(event=original, user=request.user, data=data)
        except DomainError as exc:
            _refuse(request, exc)


@admin.register(Festival)
class FestivalAdmin(ReadsNumbersOneWay, admin.ModelAdmin[Festival]):
    list_display = ["name", "starts", "ends", "venue", "time_zone"]
    search_fields = ["name", "venue"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdmin):
    list_display = ["player", "event", "starting_rank", "status", "joined_round"]
    list_filter = ["status"]
    search_fields = ["player__name", "event__name"]


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["event", "number", "status", "system", "published_at"]
    list_filter = ["status"]


class SeatInline(ReadOnly, ReadsNumbersOneWay, admin.TabularInline[Seat, Board]):
    model = Seat
    fields = ["number", "entry", "placing", "levels"]
    extra = 0


@admin.register(Board)
class BoardAdmin(ReadOnlyAdmin):
    list_display = ["round", "number", "seated", "result", "result_check"]
    list_filter = ["result_check"]
    inlines = [SeatInline]

    def get_queryset(self, request: Any) -> Any:
        return super().get_queryset(request).prefetch_related(*SEATED)

    @admin.display(description=gettext_lazy("Players"))
    def seated(self, board: Board) -> str:
        """Who sits at the board, read from its seats (a team once)."""
        return " v ".join(entry.name for entry in board.sides)


@admin.register(ResultCorrection)
class ResultCorrectionAdmin(ReadOnlyAdmin):
    list_display = ["board", "kind", "old_result", "new_result", "user", "at", "reason"]


@admin.register(PairingChange)
class PairingChangeAdmin(ReadOnlyAdmin):
    list_display = ["round", "description", "user", "at", "reason"]


@admin.register(EventLogEntry)
class EventLogEntryAdmin(ReadOnlyAdmin):
    list_display = ["event", "kind", "line", "user", "at"]
    list_filter = ["kind"]


# What players do for themselves, and the registry's merges: decided on the site's pages (where
# each decision is checked and logged), shown here.
@admin.register(PlayerClaim)
class PlayerClaimAdmin(ReadOnlyAdmin):
    list_display = ("player", "user", "status", "created_at", "decided_by", "decided_at")
    list_filter = ("status",)


@admin.register(PlayerMerge)
class PlayerMergeAdmin(ReadOnlyAdmin):
    list_display = ("absorbed", "survivor", "user", "at", "undone_at", "reason")


@admin.register(EntryRequest)
class EntryRequestAdmin(ReadOnlyAdmin):
    list_display = ("player", "event", "status", "created_at", "decided_by")
    list_filter = ("status",)


@admin.register(CheckIn)
class CheckInAdmin(ReadOnlyAdmin):
    list_display = ("entry", "round_number", "user", "at", "by_director")


@admin.register(ResultConfirmation)
class ResultConfirmationAdmin(ReadOnlyAdmin):
    list_display = ("board", "entry", "result", "user", "at")


@admin.register(Notification)
class NotificationAdmin(ReadOnlyAdmin):
    list_display = ("player", "subject", "to", "sent_at", "skipped", "created_at")
