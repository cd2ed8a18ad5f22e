"""The append-only logs of an event: result corrections, pairing changes, the event log, and
the pairs kept apart."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.events import Board, Entry, Event, Round
from tournament.text import NoControlCharacters


class ResultCorrection(models.Model):
    """Append-only: every result entered or changed, and every reopening of a decided board,
    with who, when and why."""

    class Kind(models.TextChoices):
        RESULT = "result", _("Result")
        REOPEN = "reopen", _("Reopened for recording")

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="corrections")
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.RESULT)
    old_result = models.CharField(max_length=10, blank=True)
    new_result = models.CharField(max_length=10, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(auto_now_add=True)
    reason = models.CharField(
        max_length=300, blank=True, validators=[NoControlCharacters("reason")]
    )

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.board}: {self.old_result or '-'} -> {self.new_result or '-'}"


class PairingChange(models.Model):
    """Append-only: a director's edit of a draft round, with who, when and why."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairing_changes")
    description = models.CharField(max_length=300)
    warnings = models.JSONField(default=list, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(auto_now_add=True)
    reason = models.CharField(max_length=300, validators=[NoControlCharacters("reason")])

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.round}: {self.description}"


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

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="log_entries")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    description = models.TextField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]
        verbose_name_plural = "event log entries"

    def __str__(self) -> str:
        return f"{self.event}: {self.description}"


class ForbiddenPair(models.Model):
    """Two entries the pairing keeps apart (a director's restriction); it gives way only when
    no pairing exists otherwise, and the draft then says so."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="forbidden_pairs")
    first = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=200, validators=[NoControlCharacters("reason")])
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "first", "second"], name="unique_forbidden_pair"
            )
        ]

    def __str__(self) -> str:
        return f"{self.first} and {self.second} kept apart"
