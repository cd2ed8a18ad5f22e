"""The append-only logs of an event: result corrections, pairing changes, the event log, and
the pairs kept apart."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.events import Event
from tournament.text import say


class EventLogEntry(models.Model):
    """Append-only: a director's act on the event as a whole (a round published, a withdrawal,
    a reinstatement, a late entry), with who and when, for the event's log."""

    class Kind(models.TextChoices):
        PUBLISH = "publish", _("Round published")
        WITHDRAW = "withdraw", _("Withdrawal")
        REINSTATE = "reinstate", _("Reinstatement")
        LATE_ENTRY = "late-entry", _("Late entry")
        RESTRICTION = "restriction", _("Pairing restriction")
        IMPORT = "import", _("Imported")
        BYE_REQUEST = "bye-request", _("Requested byes")
        ONLINE_ENTRY = "online-entry", _("Online entry")
        CHECK_IN = "check-in", _("Check-in")
        CONFIRMATION = "confirmation", _("Result confirmation")
        MERGE = "merge", _("Registry merge")
        ROLE = "role", _("Role granted or removed")
        CORRECTION = "correction", _("Entry corrected")
        WHERE = "where", _("Where boards are played")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="log_entries")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    #: The line in English, as written (what the admin searches and rows from before hold).
    description = models.TextField()
    #: The line as its words (tournament.text.said), said in the reader's language; None: a
    #: line from before words were kept, read as ``description``.
    words = models.JSONField(null=True, blank=True, editable=False)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]
        verbose_name_plural = "event log entries"

    def __str__(self) -> str:
        return f"{self.event}: {self.description}"

    @property
    def line(self) -> str:
        """The line in the reader's language."""
        return say(self.words, self.description)
