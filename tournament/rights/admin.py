"""The admin's pages that grant or remove rights, each change logged with who, when, what and
why: users (staff, superuser, groups, permissions), groups (their permissions), an event's
directors and arbiters (into the event's log), a festival's directors; and the rights log
itself, read-only. A change of rights needs a reason, typed on the same form."""

from typing import Any
from weakref import WeakKeyDictionary

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.forms import UserChangeForm
from django.contrib.auth.models import Group
from django.contrib.auth.models import User as Account
from django.db.models import QuerySet
from django.forms import ModelForm
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from tournament.admin_base import ReadOnlyAdmin
from tournament.festivals.models import FestivalRole
from tournament.festivals.services import note_festival_role
from tournament.fields import ReadsNumbersOneWay, number_formfield
from tournament.models.events import EventRole
from tournament.rights import services as rights
from tournament.rights.models import RightsChange
from tournament.text import Said, said

User = get_user_model()
# The fields of a user's form that are rights; what each is called in the log.
USER_RIGHTS = ("is_staff", "is_superuser", "groups", "user_permissions")


def _reason_field() -> forms.CharField:
    return forms.CharField(
        label=gettext_lazy("Reason for this change of rights"),
        max_length=300,
        required=False,
        help_text=gettext_lazy("Required when rights change: it goes into the rights log"),
    )


def _need_reason(form: forms.BaseForm, rights_fields: tuple[str, ...]) -> None:
    changed = set(form.changed_data) & set(rights_fields)
    if changed and not form.cleaned_data.get("rights_reason", "").strip():
        form.add_error("rights_reason", _("Say why these rights change."))


def _permission_names(permissions: Any) -> set[str]:
    return {f"{p.content_type.app_label}.{p.codename}" for p in permissions.all()}


def user_rights(user: Any) -> dict[str, Any]:
    """What a user may do beyond their own events: flags, groups and permissions."""
    return {
        "is_staff": bool(user.is_staff),
        "is_superuser": bool(user.is_superuser),
        "groups": set(user.groups.values_list("name", flat=True)),
        "user_permissions": _permission_names(user.user_permissions),
    }


# What a new account holds.
NO_RIGHTS: dict[str, Any] = {
    "is_staff": False,
    "is_superuser": False,
    "groups": set(),
    "user_permissions": set(),
}
# The rights as they were, by admin request: the admin saves an account's flags or a group
# (save_model) before the groups and permissions (save_related), where the change is logged.
_rights_before: WeakKeyDictionary[HttpRequest, dict[str, Any]] = WeakKeyDictionary()


# The rights log's words of each change (whole phrases, so each language words them its way).
FLAG_CHANGES = {
    ("is_staff", True): gettext_noop("granted: staff status"),
    ("is_staff", False): gettext_noop("removed: staff status"),
    ("is_superuser", True): gettext_noop("granted: superuser status"),
    ("is_superuser", False): gettext_noop("removed: superuser status"),
}
NAMED_CHANGES = {
    ("groups", True): gettext_noop("granted: group %(name)s"),
    ("groups", False): gettext_noop("removed: group %(name)s"),
    ("user_permissions", True): gettext_noop("granted: permission %(name)s"),
    ("user_permissions", False): gettext_noop("removed: permission %(name)s"),
}


def rights_changes(before: dict[str, Any], after: dict[str, Any]) -> list[Said]:
    """Each grant and removal between two ``user_rights`` (or group permission) snapshots."""
    changes = []
    for flag in ("is_staff", "is_superuser"):
        if flag in before and before[flag] != after[flag]:
            changes.append(said(FLAG_CHANGES[flag, bool(after[flag])]))
    for key in ("groups", "user_permissions"):
        if key not in before:
            continue
        for name in sorted(after[key] - before[key]):
            changes.append(said(NAMED_CHANGES[key, True], name=name))
        for name in sorted(before[key] - after[key]):
            changes.append(said(NAMED_CHANGES[key, False], name=name))
    return changes


def account_named(user: Account) -> Said:
    return said(gettext_noop("user %(name)s"), name=user.get_username())


def group_named(group: Group) -> Said:
    return said(gettext_noop("group %(name)s"), name=group.name)


class RightsUserChangeForm(UserChangeForm[Account]):
    rights_reason = _reason_field()

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        _need_reason(self, USER_RIGHTS)
        return data


admin.site.unregister(User)


@admin.register(User)
class RightsUserAdmin(ReadsNumbersOneWay, UserAdmin[Account]):
    """Django's user admin, with every change of rights logged (``RightsChange``)."""

    form = RightsUserChangeForm
    fieldsets = (
        *(UserAdmin.fieldsets or ()),
        (gettext_lazy("Why"), {"fields": ("rights_reason",)}),
    )

    def save_model(
        self, request: HttpRequest, obj: Account, form: ModelForm[Account], change: bool
    ) -> None:
        before = user_rights(User.objects.get(pk=obj.pk)) if change else NO_RIGHTS
        _rights_before[request] = before
        super().save_model(request, obj, form, change)

    def save_related(
        self, request: HttpRequest, form: ModelForm[Account], formsets: Any, change: bool
    ) -> None:
        super().save_related(request, form, formsets, change)
        user = form.instance
        changes = rights_changes(_rights_before.pop(request), user_rights(user))
        reason = form.cleaned_data.get("rights_reason", "")
        rights.note_rights(request.user, account_named(user), changes, reason)

    def delete_model(self, request: HttpRequest, obj: Account) -> None:
        held = rights_changes(user_rights(obj), NO_RIGHTS)
        super().delete_model(request, obj)
        if held:
            changes = [said(gettext_noop("%(change)s (account deleted)"), change=c) for c in held]
            rights.note_rights(request.user, account_named(obj), changes, "")

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Account]) -> None:
        for user in list(queryset):
            self.delete_model(request, user)


class RightsGroupForm(forms.ModelForm[Group]):
    rights_reason = _reason_field()

    class Meta:
        formfield_callback = number_formfield
        model = Group
        fields = ["name", "permissions"]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        _need_reason(self, ("permissions",))
        return data


admin.site.unregister(Group)


@admin.register(Group)
class RightsGroupAdmin(ReadsNumbersOneWay, GroupAdmin):
    """Django's group admin: a change of a group's permissions changes every member's rights,
    so it is logged too."""

    form = RightsGroupForm

    def save_model(
        self, request: HttpRequest, obj: Group, form: ModelForm[Group], change: bool
    ) -> None:
        old = Group.objects.filter(pk=obj.pk).first() if change else None
        before = _permission_names(old.permissions) if old is not None else set()
        _rights_before[request] = {"user_permissions": before}
        super().save_model(request, obj, form, change)

    def save_related(
        self, request: HttpRequest, form: ModelForm[Group], formsets: Any, change: bool
    ) -> None:
        super().save_related(request, form, formsets, change)
        after = {"user_permissions": _permission_names(form.instance.permissions)}
        changes = rights_changes(_rights_before.pop(request), after)
        reason = form.cleaned_data.get("rights_reason", "")
        rights.note_rights(request.user, group_named(form.instance), changes, reason)

    def delete_model(self, request: HttpRequest, obj: Group) -> None:
        members = sorted(obj.user_set.values_list("username", flat=True))
        super().delete_model(request, obj)
        if members:
            text = gettext_noop("removed: group deleted (members: %(members)s)")
            change = said(text, members=", ".join(members))
        else:
            change = said(gettext_noop("removed: group deleted (no members)"))
        rights.note_rights(request.user, group_named(obj), [change], "")

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Group]) -> None:
        for group in list(queryset):
            self.delete_model(request, group)


class EventRoleForm(forms.ModelForm[EventRole]):
    rights_reason = _reason_field()

    class Meta:
        formfield_callback = number_formfield
        model = EventRole
        fields = ["event", "user", "role"]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        _need_reason(self, ("event", "user", "role"))
        return data


def _note_event_role(request: HttpRequest, role: EventRole, granted: bool, reason: str) -> None:
    rights.note_event_role(
        role.event,
        request.user,
        person=role.user,
        role=role.role,
        granted=granted,
        reason=reason or rights.CHANGED_IN_THE_ADMIN,
    )


@admin.register(EventRole)
class EventRoleAdmin(ReadsNumbersOneWay, admin.ModelAdmin[EventRole]):
    """An event's directors and arbiters; each change goes into the event's log."""

    list_display = ["event", "user", "role"]
    list_filter = ["role"]
    form = EventRoleForm

    def save_model(
        self, request: HttpRequest, obj: EventRole, form: ModelForm[EventRole], change: bool
    ) -> None:
        old = EventRole.objects.select_related("event", "user").filter(pk=obj.pk).first()
        super().save_model(request, obj, form, change)
        reason = form.cleaned_data.get("rights_reason", "")
        if old is not None:
            _note_event_role(request, old, False, reason)
        _note_event_role(request, obj, True, reason)

    def delete_model(self, request: HttpRequest, obj: EventRole) -> None:
        super().delete_model(request, obj)
        _note_event_role(request, obj, False, "")

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[EventRole]) -> None:
        for role in list(queryset.select_related("event", "user")):
            self.delete_model(request, role)


class FestivalRoleForm(forms.ModelForm[FestivalRole]):
    rights_reason = _reason_field()

    class Meta:
        formfield_callback = number_formfield
        model = FestivalRole
        fields = ["festival", "user", "role"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["role"].required = False  # left out: a director of the festival, as before

    def clean_role(self) -> str:
        return str(self.cleaned_data.get("role") or FestivalRole.Role.FESTIVAL)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        _need_reason(self, ("festival", "user", "role"))
        return data


def _note_festival_role(
    request: HttpRequest, role: FestivalRole, granted: bool, reason: str
) -> None:
    username = role.user.get_username()
    note_festival_role(request.user, role.festival, username, granted, reason, role.role)


@admin.register(FestivalRole)
class FestivalRoleAdmin(ReadsNumbersOneWay, admin.ModelAdmin[FestivalRole]):
    """A festival's people: its directors (they edit it and decide which events join) and the
    directors and arbiters of every event of it; logged."""

    list_display = ["festival", "user", "role", "created_at"]
    list_filter = ["role"]
    form = FestivalRoleForm

    def save_model(
        self, request: HttpRequest, obj: FestivalRole, form: ModelForm[FestivalRole], change: bool
    ) -> None:
        old = FestivalRole.objects.select_related("festival", "user").filter(pk=obj.pk)
        previous = old.first()
        super().save_model(request, obj, form, change)
        reason = form.cleaned_data.get("rights_reason", "")
        if previous is not None:
            _note_festival_role(request, previous, False, reason)
        _note_festival_role(request, obj, True, reason)

    def delete_model(self, request: HttpRequest, obj: FestivalRole) -> None:
        super().delete_model(request, obj)
        _note_festival_role(request, obj, False, "")

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[FestivalRole]) -> None:
        for role in list(queryset.select_related("festival", "user")):
            self.delete_model(request, role)


@admin.register(RightsChange)
class RightsChangeAdmin(ReadOnlyAdmin):
    """The rights log: read-only, for administrators."""

    list_display = ["at", "by", "subject_line", "change_line", "reason_line"]
    search_fields = ["subject", "change", "reason"]
    list_filter = ["at"]
