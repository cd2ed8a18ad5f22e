"""A seat's levels as one list (lowest first, up to all six, 0-36 on the double track) in place
of the lowest and next-lowest columns capped at 18."""

from typing import Any

from django.db import migrations, models


def carry_levels(apps: Any, schema_editor: Any) -> None:
    Seat = apps.get_model("tournament", "Seat")
    changed = []
    for seat in Seat.objects.exclude(lowest=None).only("lowest", "next_lowest"):
        seat.levels = [x for x in (seat.lowest, seat.next_lowest) if x is not None]
        changed.append(seat)
    Seat.objects.bulk_update(changed, ["levels"], batch_size=500)


def carry_back(apps: Any, schema_editor: Any) -> None:
    Seat = apps.get_model("tournament", "Seat")
    changed = []
    for seat in Seat.objects.exclude(levels=[]).only("levels"):
        seat.lowest = min(seat.levels[0], 18)
        seat.next_lowest = min(seat.levels[1], 18) if len(seat.levels) > 1 else None
        changed.append(seat)
    Seat.objects.bulk_update(changed, ["lowest", "next_lowest"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("tournament", "0017_reasons_refuse_control_characters")]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="levels",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(carry_levels, carry_back),
        migrations.RemoveField(model_name="seat", name="lowest"),
        migrations.RemoveField(model_name="seat", name="next_lowest"),
    ]
