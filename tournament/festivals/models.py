"""Who holds power over what, beyond one event's roles: a festival's own directors, the events
asking to join a festival (its directors consent), and the log of every grant and removal of a
right that reaches past one event (permissions, groups, staff, superuser, festival roles)."""

from django.conf import settings
from django.db import models

from tournament.models.decisions import Decided
from tournament.models.events import Event, Festival


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
