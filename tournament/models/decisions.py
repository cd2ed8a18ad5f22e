"""What players do for themselves: claims of registry players, online entries, check-in,
result confirmations and the notifications sent to them; the e-mail addresses they proved
theirs; and the registry's merges."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.text import NoControlCharacters


class Decision(models.TextChoices):
    PENDING = "pending", _("Waiting for a decision")
    APPROVED = "approved", _("Approved")
    REFUSED = "refused", _("Refused")


class Decided(models.Model):
    """A request someone else decides: pending until approved or refused, by whom, when, why."""

    status = models.CharField(max_length=10, choices=Decision.choices, default=Decision.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(
        max_length=300, blank=True, validators=[NoControlCharacters("reason")]
    )

    class Meta:
        abstract = True
