"""An event's lag allowance for fair clocks (docs/clocks.md, games/clocks/lag.py): how much of
the time a clock operation takes to reach the server is credited back to the player. The fields
are the event's (``Event`` has them); their defaults and limits are read from here."""

from django.core.validators import MaxValueValidator
from django.db import models

LAG_CAP_MS, LAG_CAP_MAX_MS = 2_000, 10_000
LAG_BANK_MS, LAG_BANK_MAX_MS = 6_000, 60_000


class LagAllowance(models.Model):
    """The most one clock operation is credited, and each player's bank of credit: full at the
    start of a game, spending what it credits and gaining half the cap back per operation."""

    clock_lag_cap_ms = models.PositiveIntegerField(
        default=LAG_CAP_MS,
        validators=[MaxValueValidator(LAG_CAP_MAX_MS)],
        help_text="Lag credited to a clock operation, at most (ms); 0: none",
    )
    clock_lag_bank_ms = models.PositiveIntegerField(
        default=LAG_BANK_MS,
        validators=[MaxValueValidator(LAG_BANK_MAX_MS)],
        help_text="Lag credited to a player over a game, beyond what each operation gains (ms)",
    )

    class Meta:
        abstract = True
