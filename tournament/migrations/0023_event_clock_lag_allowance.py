# Fair clocks (issue 29): each event's lag allowance, the defaults for every event there is.

import django.core.validators
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0022_merge_festival_roles_and_director_forms"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="clock_lag_cap_ms",
            field=models.PositiveIntegerField(
                default=2000,
                help_text="Lag credited to a clock operation, at most (ms); 0: none",
                validators=[django.core.validators.MaxValueValidator(10000)],
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="clock_lag_bank_ms",
            field=models.PositiveIntegerField(
                default=6000,
                help_text="Lag credited to a player over a game, beyond what each operation "
                "gains (ms)",
                validators=[django.core.validators.MaxValueValidator(60000)],
            ),
        ),
    ]
