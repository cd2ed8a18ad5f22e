"""Who holds power over what, beyond one event's roles: a festival's own directors, the events
asking to join a festival (its directors consent), and the log of every grant and removal of a
right that reaches past one event (permissions, groups, staff, superuser, festival roles)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.decisions import Decided
from tournament.models.events import Event, Festival


class FestivalRole(models.Model):
    """Someone's role across a whole festival. A director of the festival edits it (name,
    dates, time zone), decides which events join it and names its people: its creator is the
    first. A director or an arbiter of every event holds that role in each event of the
    festival, those that join later included, as if named in each (``permissions.roles_of``),
    and in no other festival's events."""

    class Role(models.TextChoices):
        FESTIVAL = "festival", _("Director of the festival")
        # The same words as an event's own roles (EventRole.Role): permissions reads both.
        DIRECTOR = "director", _("Director of every event")
        ARBITER = "arbiter", _("Arbiter of every event")

    festival = models.ForeignKey(Festival, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="festival_roles"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.FESTIVAL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["festival", "user", "role"], name="unique_festival_role"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.role} of {self.festival}"


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
