"""Who holds power over what, beyond one event's roles: a festival's own directors, the events
asking to join a festival (its directors consent), and the log of every grant and removal of a
right that reaches past one event (permissions, groups, staff, superuser, festival roles)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.events import Event, Festival
from tournament.models.people import Decided
from tournament.text import NoControlCharacters


class FestivalRole(models.Model):
    """A director of a festival: edits it (name, dates, time zone) and decides which events
    join it. Its creator is the first; an administrator names others in the admin."""

    festival = models.ForeignKey(Festival, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="festival_roles"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["festival", "user"], name="unique_festival_role")
        ]

    def __str__(self) -> str:
        return f"{self.user} director of {self.festival}"


class FestivalRequest(Decided):
    """An event's director asks that the event join a festival; a director of the festival
    approves (the event is then a member: ``Event.festival``) or declines. Until approved the
    event counts nowhere in the festival. Rows are kept as the history."""

    festival = models.ForeignKey(Festival, on_delete=models.CASCADE, related_name="requests")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="festival_requests")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event"],
                condition=models.Q(status="pending"),
                name="one_pending_festival_request",
            )
        ]

    def __str__(self) -> str:
        return f"{self.event} asks to join {self.festival} ({self.status})"


class RightsChange(models.Model):
    """Append-only: one grant or removal of a right beyond one event's roles (a permission, a
    group, staff or superuser status; a festival's directors), with who, when and why. An
    event's roles are logged in the event's own log (``EventLogEntry``)."""

    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: whose rights changed: "user ann", "group Registrars", "festival MSO 2026"
    subject = models.CharField(max_length=300)
    change = models.TextField(help_text=_("What was granted or removed"))
    reason = models.CharField(
        max_length=300, blank=True, validators=[NoControlCharacters("reason")]
    )

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.subject}: {self.change}"
