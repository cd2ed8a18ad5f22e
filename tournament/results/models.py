"""The append-only logs of an event: result corrections, pairing changes, the event log, and
the pairs kept apart."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.events import Board
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
